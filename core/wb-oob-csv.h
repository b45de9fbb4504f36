/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/*
 * An order of battle as a spreadsheet (CSV, RFC 4180, UTF-8): one row per
 * formation and one per unit, so a designer can type a brigade of regiments
 * in LibreOffice and read it back. The columns and rules are in
 * docs/file-format.md, "Order of battle as CSV". The CSV is an interchange
 * format: the game file is unchanged.
 *
 * Export writes the game's formations (in file order) then its units (in
 * file order). Import reads a whole CSV as the game's new OOB: rows whose id
 * the game has update that formation or unit, new ids add one, ids the CSV
 * leaves out are removed. Parsing checks every row against the game and
 * collects every problem with its line and column; nothing can be applied
 * while there is one. Export then import changes nothing.
 */

#define WB_OOB_CSV_ERROR (wb_oob_csv_error_quark ())

/**
 * WbOobCsvError:
 * @WB_OOB_CSV_ERROR_TOO_LARGE: the text, a cell, the columns or the rows exceed the limits
 * @WB_OOB_CSV_ERROR_ENCODING: the text is not UTF-8
 * @WB_OOB_CSV_ERROR_SYNTAX: not CSV: an unterminated quote, a quote inside an unquoted
 *   cell, text after a closing quote, a row with the wrong number of cells
 * @WB_OOB_CSV_ERROR_HEADER: the first row lacks a required column, repeats one or names
 *   one that is neither a known column nor an attribute of the game's unit classes
 * @WB_OOB_CSV_ERROR_MISSING: a required cell is empty
 * @WB_OOB_CSV_ERROR_VALUE: a cell is malformed or out of range, or filled where that
 *   kind of row takes nothing
 * @WB_OOB_CSV_ERROR_DUPLICATE: an id is used by two rows of the same kind
 * @WB_OOB_CSV_ERROR_REFERENCE: a side, class, formation or attribute that does not exist
 *   (or a formation of another side)
 * @WB_OOB_CSV_ERROR_IN_USE: a unit the CSV leaves out is used by a scenario
 *
 * What is wrong with an OOB CSV.
 */
typedef enum {
  WB_OOB_CSV_ERROR_TOO_LARGE,
  WB_OOB_CSV_ERROR_ENCODING,
  WB_OOB_CSV_ERROR_SYNTAX,
  WB_OOB_CSV_ERROR_HEADER,
  WB_OOB_CSV_ERROR_MISSING,
  WB_OOB_CSV_ERROR_VALUE,
  WB_OOB_CSV_ERROR_DUPLICATE,
  WB_OOB_CSV_ERROR_REFERENCE,
  WB_OOB_CSV_ERROR_IN_USE,
} WbOobCsvError;

GQuark wb_oob_csv_error_quark (void);

#define WB_OOB_CSV_MAX_SIZE      (64 * 1024 * 1024)   /* bytes of text */
#define WB_OOB_CSV_MAX_CELL      (64 * 1024)          /* bytes in one cell */
#define WB_OOB_CSV_MAX_COLUMNS   1024
#define WB_OOB_CSV_MAX_ROWS      (2 * WB_GAME_MAX_UNITS)
#define WB_OOB_CSV_MAX_ISSUES    1000                 /* listed; more are counted */

/**
 * WbOobCsvIssue:
 * @line: the 1-based line the offending cell starts on (0: the file as a
 *   whole, e.g. a unit the CSV leaves out)
 * @column: the column's header name, or %NULL for the whole row
 * @code: a #WbOobCsvError
 * @message: what was expected, translated, without the line and column
 *
 * One problem found by wb_oob_csv_parse().
 */
typedef struct {
  guint       line;
  const char *column;   /* owned by the import */
  int         code;
  char       *message;
} WbOobCsvIssue;

/* "line 14, column strength: expected …" (transfer full). */
char *wb_oob_csv_issue_to_string (const WbOobCsvIssue *issue);

typedef enum {
  WB_OOB_CSV_FORMATION,
  WB_OOB_CSV_UNIT,
} WbOobCsvKind;

typedef enum {
  WB_OOB_CSV_UNCHANGED,
  WB_OOB_CSV_ADDED,
  WB_OOB_CSV_CHANGED,
} WbOobCsvChange;

/**
 * WbOobCsvRow:
 * @line: the line the row starts on
 * @kind: formation or unit
 * @id: its id (interned), or %NULL when the id cell is unusable
 * @change: what importing does to the game's record with that id
 *
 * One data row of a parsed CSV, for a preview.
 */
typedef struct {
  guint           line;
  WbOobCsvKind    kind;
  const char     *id;
  WbOobCsvChange  change;
} WbOobCsvRow;

/**
 * WbOobCsvSummary:
 *
 * What importing a parsed CSV would do to the game it was parsed for.
 * @reordered is set when the records stay the same but their order changes.
 */
typedef struct {
  guint    formations_added, formations_changed, formations_removed;
  guint    units_added, units_changed, units_removed;
  gboolean reordered;
} WbOobCsvSummary;

/* ---- export -------------------------------------------------------------- */

/* Appends @game's OOB as CSV to @out: a header row, then one row per
 * formation and per unit, CRLF line ends. */
void      wb_oob_csv_export        (WbGame         *game,
                                    GString        *out);
/* The same, written to @stream (which is not closed). */
gboolean  wb_oob_csv_write         (WbGame         *game,
                                    GOutputStream  *stream,
                                    GCancellable   *cancellable,
                                    GError        **error);

/* ---- import -------------------------------------------------------------- */

#define WB_TYPE_OOB_CSV_IMPORT (wb_oob_csv_import_get_type ())
G_DECLARE_FINAL_TYPE (WbOobCsvImport, wb_oob_csv_import, WB, OOB_CSV_IMPORT, GObject)

/* Reads @text (@len bytes, or -1 for NUL-terminated) as the new OOB of
 * @game. Returns NULL and sets a WB_OOB_CSV_ERROR (TOO_LARGE, ENCODING or
 * SYNTAX, with the line) only when the text cannot be split into rows at
 * all. Otherwise returns the result, which holds every row problem (see
 * wb_oob_csv_import_check()), the new set and what it changes in @game. */
WbOobCsvImport      *wb_oob_csv_parse                   (WbGame          *game,
                                                         const char      *text,
                                                         gssize           len,
                                                         GError         **error);
/* Problems, in line order (at most WB_OOB_CSV_MAX_ISSUES; more are counted
 * in one last issue). */
guint                wb_oob_csv_import_get_n_issues     (WbOobCsvImport  *self);
const WbOobCsvIssue *wb_oob_csv_import_get_issue        (WbOobCsvImport  *self,
                                                         guint            index);
/* TRUE when there is no problem. Otherwise FALSE with an error carrying the
 * first problem's code and every problem's text, one per line. */
gboolean             wb_oob_csv_import_check            (WbOobCsvImport  *self,
                                                         GError         **error);
/* The data rows, in order, with what importing does to each. */
guint                wb_oob_csv_import_get_n_rows       (WbOobCsvImport  *self);
const WbOobCsvRow   *wb_oob_csv_import_get_row          (WbOobCsvImport  *self,
                                                         guint            index);
/* Ids (interned) of the game's formations and units the CSV leaves out. */
GPtrArray           *wb_oob_csv_import_get_removed_formations (WbOobCsvImport *self);
GPtrArray           *wb_oob_csv_import_get_removed_units      (WbOobCsvImport *self);
void                 wb_oob_csv_import_get_summary      (WbOobCsvImport  *self,
                                                         WbOobCsvSummary *summary);
/* TRUE when importing changes nothing at all. */
gboolean             wb_oob_csv_import_is_noop          (WbOobCsvImport  *self);
/* The new set the CSV describes, standalone (not in any game; rows with
 * problems are left out): WbFormation* and WbUnit*, in row order. */
GPtrArray           *wb_oob_csv_import_get_formations   (WbOobCsvImport  *self);
GPtrArray           *wb_oob_csv_import_get_units        (WbOobCsvImport  *self);

/* Replaces @game's OOB with the one @import describes, as one undoable
 * step: units that stay are updated in place (so views showing them keep
 * them), new ones added, left-out ones removed, and both lists take the
 * CSV's order. Apply fails with WB_COMMAND_ERROR_INVALID if @import has
 * problems, or if @game no longer fits it (a side, class or attribute gone,
 * a left-out unit now used by a scenario). Emits changed "formations" and
 * "units". Label: "Import order of battle". */
WbCommand           *wb_command_import_oob_new          (WbGame          *game,
                                                         WbOobCsvImport  *import);

G_END_DECLS
