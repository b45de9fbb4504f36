/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-hex.h"

G_BEGIN_DECLS

/**
 * WbHexNumberingScheme:
 * @WB_HEX_NUMBERING_DIGITS: the column's number then the row's, each
 *   zero-padded to the digits ("0704": column 7, row 4; SPI maps)
 * @WB_HEX_NUMBERING_LETTERS: the column as letters, A … Z then AA, BB … ZZ
 *   then AAA … (one letter repeated, as Squad Leader's boards and Third
 *   Reich print them), then the row's number zero-padded to at least the
 *   digits ("C07"); first_col 1 is column A
 * @WB_HEX_NUMBERING_MIXED: the column's number without padding then the
 *   row's, zero-padded to exactly the digits ("707", "1207")
 *
 * How a hex's two numbers are written. Which two numbers they are — the
 * column and the row, or one of them along a diagonal — is the numbering's
 * oblique flag; see docs/file-format.md.
 */
typedef enum {
  WB_HEX_NUMBERING_DIGITS,
  WB_HEX_NUMBERING_LETTERS,
  WB_HEX_NUMBERING_MIXED,
} WbHexNumberingScheme;

/* Letter columns run from A to ZZZZ: 104 columns. */
#define WB_HEX_NUMBERING_MAX_LETTERS 4
/* A buffer this long holds any hex number of a numbering that passes
 * wb_hex_numbering_check (). */
#define WB_HEX_NUMBER_MAX_LEN 16

/**
 * WbHexNumbering:
 * @scheme: how the numbers are written
 * @oblique: FALSE: the numbers are the column's and the row's. TRUE: the
 *   number that runs across the stagger (the row on a flat-topped map, the
 *   column on a pointy-topped one) counts along the diagonals that rise to
 *   the right (south-west to north-east) instead, one more every two hexes
 *   along the top edge (flat) or the left edge (pointy); hex (0, 0) is
 *   still first_col, first_row.
 * @first_col: the printed number of column 0 (for letters, 1 is A)
 * @first_row: the printed number of row 0
 * @digits: 1–4; the width of each part (digits), of the row (mixed, and
 *   the least width for letters)
 */
typedef struct {
  WbHexNumberingScheme scheme;
  gboolean             oblique;
  int                  first_col;
  int                  first_row;
  int                  digits;
} WbHexNumbering;

#define WB_HEX_NUMBER_ERROR (wb_hex_number_error_quark ())

/**
 * WbHexNumberError:
 * @WB_HEX_NUMBER_ERROR_MALFORMED: the text is not a hex number of the
 *   numbering (the message says what was expected, with an example)
 * @WB_HEX_NUMBER_ERROR_NUMBERING: the numbering cannot number every hex of
 *   the map, or would number two hexes alike
 */
typedef enum {
  WB_HEX_NUMBER_ERROR_MALFORMED,
  WB_HEX_NUMBER_ERROR_NUMBERING,
} WbHexNumberError;

GQuark       wb_hex_number_error_quark         (void);

/* "digits", "letters", "mixed" (the file format's names). */
const char  *wb_hex_numbering_scheme_to_string   (WbHexNumberingScheme  scheme);
gboolean     wb_hex_numbering_scheme_from_string (const char           *text,
                                                  WbHexNumberingScheme *scheme);

/* The printed number of @hex; off-map hexes print too, though a number
 * before the first ("?07" for letters) does not parse back. */
void         wb_hex_numbering_format  (const WbHexNumbering *numbering,
                                       WbHexLayout           layout,
                                       WbOffset              hex,
                                       char                 *buf,
                                       gsize                 len);
/* The hex a printed number names, which may lie off the map. Only the
 * form wb_hex_numbering_format () writes is accepted. */
gboolean     wb_hex_numbering_parse   (const WbHexNumbering *numbering,
                                       WbHexLayout           layout,
                                       const char           *text,
                                       WbOffset             *hex,
                                       GError              **error);
/* A hex number as a person types it: spaces around it, lower-case column
 * letters and dropped leading zeros ("414" for "0414", "c7" for "C07")
 * are accepted; the error names the text as typed. */
gboolean     wb_hex_numbering_parse_typed (const WbHexNumbering *numbering,
                                           WbHexLayout           layout,
                                           const char           *text,
                                           WbOffset             *hex,
                                           GError              **error);
/* Whether @numbering gives every hex of a @cols × @rows map its own
 * number that parses back to it; the error says what does not fit. */
gboolean     wb_hex_numbering_check   (const WbHexNumbering *numbering,
                                       WbHexLayout           layout,
                                       int                   cols,
                                       int                   rows,
                                       GError              **error);
/* Raises @numbering's digits (to 4 at most) until it numbers a @cols ×
 * @rows map; FALSE if no number of digits does. */
gboolean     wb_hex_numbering_fit     (WbHexNumbering       *numbering,
                                       WbHexLayout           layout,
                                       int                   cols,
                                       int                   rows);

G_END_DECLS
