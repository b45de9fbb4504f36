/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-hex-numbering"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "wb-hex-numbering.h"

/* How designers number the hexes of printed maps: column and row digits
 * ("0704"), column letters ("C07"), unpadded columns ("707"), and the
 * oblique numbering where one number counts along a diagonal. The map
 * model, the file, the renderer and every typed hex number go through
 * these three functions, so a label always parses back to its hex. */

G_DEFINE_QUARK (wb-hex-number-error-quark, wb_hex_number_error)

#define MAX_FIRST 9999
/* More digits than any number of a checked numbering: parsing stops there
 * rather than overflow. */
#define MAX_PART_DIGITS 6

static const char * const scheme_names[] = { "digits", "letters", "mixed" };

const char *
wb_hex_numbering_scheme_to_string (WbHexNumberingScheme scheme)
{
  g_return_val_if_fail (scheme <= WB_HEX_NUMBERING_MIXED, NULL);
  return scheme_names[scheme];
}

gboolean
wb_hex_numbering_scheme_from_string (const char           *text,
                                     WbHexNumberingScheme *scheme)
{
  for (guint i = 0; i < G_N_ELEMENTS (scheme_names); i++)
    if (g_strcmp0 (text, scheme_names[i]) == 0)
      {
        *scheme = (WbHexNumberingScheme) i;
        return TRUE;
      }
  return FALSE;
}

/* How far the oblique number of line @k (a column on a flat-topped map, a
 * row on a pointy one) is ahead of the straight one: the hexes with one
 * oblique number are neighbours along the south-west–north-east diagonal,
 * so it is minus the cube coordinate s, counted from hex (0, 0). Half of
 * @k rounded up when the odd lines are shifted, down when the even are
 * (the numerators are even, so '/' is exact for negative @k too). */
static int
oblique_shift (WbHexLayout layout,
               int         k)
{
  return layout.parity == WB_HEX_ODD ? (k + (k & 1)) / 2 : (k - (k & 1)) / 2;
}

/* The two printed numbers of @hex, before they are written. */
static void
printed_numbers (const WbHexNumbering *n,
                 WbHexLayout           layout,
                 WbOffset              hex,
                 int                  *a,
                 int                  *b)
{
  *a = hex.col + n->first_col;
  *b = hex.row + n->first_row;
  if (!n->oblique)
    return;
  if (layout.orientation == WB_HEX_FLAT)
    *b += oblique_shift (layout, hex.col);
  else
    *a += oblique_shift (layout, hex.row);
}

/* Writes @value (>= 0) with at least @width digits at @out, which has room
 * for @room bytes; the bytes written, or 0 when it does not fit. A hex
 * number is written at every log line and every label drawn: this keeps
 * printf off that path. */
static gsize
put_number (char *out, gsize room, int value, int width)
{
  char tmp[16];
  gsize n = 0;

  if (value < 0)
    return 0;
  do
    {
      tmp[n++] = (char) ('0' + value % 10);
      value /= 10;
    }
  while (value > 0 && n < sizeof tmp);
  while ((int) n < width && n < sizeof tmp)
    tmp[n++] = '0';
  if (n >= room)
    return 0;
  for (gsize i = 0; i < n; i++)
    out[i] = tmp[n - 1 - i];
  return n;
}

void
wb_hex_numbering_format (const WbHexNumbering *numbering,
                         WbHexLayout           layout,
                         WbOffset              hex,
                         char                 *buf,
                         gsize                 len)
{
  const WbHexNumbering *n = numbering;
  int a, b;

  g_return_if_fail (numbering != NULL);
  g_return_if_fail (buf != NULL && len > 0);

  printed_numbers (n, layout, hex, &a, &b);
  switch (n->scheme)
    {
    case WB_HEX_NUMBERING_LETTERS:
      {
        char letters[WB_HEX_NUMBERING_MAX_LETTERS + 1] = "?";
        int count = a >= 1 ? (a - 1) / 26 + 1 : 0;

        if (count >= 1 && count <= WB_HEX_NUMBERING_MAX_LETTERS)
          {
            memset (letters, 'A' + (a - 1) % 26, (gsize) count);
            letters[count] = '\0';
          }
        g_snprintf (buf, len, "%s%0*d", letters, n->digits, b);
      }
      break;
    case WB_HEX_NUMBERING_MIXED:
      g_snprintf (buf, len, "%d%0*d", a, n->digits, b);
      break;
    case WB_HEX_NUMBERING_DIGITS:
    default:
      {
        gsize k = put_number (buf, len, a, n->digits), m = 0;

        if (k > 0 && (m = put_number (buf + k, len - k, b, n->digits)) > 0)
          buf[k + m] = '\0';
        else
          g_snprintf (buf, len, "%0*d%0*d", n->digits, a, n->digits, b);
      }
      break;
    }
}

/* A run of @len digits at @s as a number; FALSE if there are more digits
 * than a checked numbering prints. */
static gboolean
digits_value (const char *s,
              gsize       len,
              int        *value)
{
  if (len == 0 || len > MAX_PART_DIGITS)
    return FALSE;
  *value = 0;
  for (gsize i = 0; i < len; i++)
    *value = *value * 10 + (s[i] - '0');
  return TRUE;
}

static gboolean
malformed (GError     **error,
           const char  *text,
           const char  *why)
{
  g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_MALFORMED,
               /* Translators: "“AB07” is not a hex number: a column's letters
                * are one letter repeated …" */
               _("“%s” is not a hex number: %s"), text, why);
  return FALSE;
}

gboolean
wb_hex_numbering_parse (const WbHexNumbering *numbering,
                        WbHexLayout           layout,
                        const char           *text,
                        WbOffset             *hex,
                        GError              **error)
{
  const WbHexNumbering *n = numbering;
  char example[WB_HEX_NUMBER_MAX_LEN];
  gsize len, letters = 0, ndigits;
  int a = 0, b = 0;

  g_return_val_if_fail (numbering != NULL, FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (text == NULL)
    text = "";
  len = strlen (text);
  wb_hex_numbering_format (n, layout, (WbOffset) { 0, 0 }, example, sizeof example);
  if (n->scheme == WB_HEX_NUMBERING_LETTERS)
    while (letters < len && g_ascii_isalpha (text[letters]))
      letters++;
  for (gsize i = letters; i < len; i++)
    if (!g_ascii_isdigit (text[i]))
      {
        g_autofree char *why = NULL;

        if (n->scheme == WB_HEX_NUMBERING_LETTERS)
          why = g_strdup_printf (_("expected the column’s letters then the row’s number, such as “%s”"),
                                 example);
        else
          why = g_strdup_printf (_("expected digits only, such as “%s”"), example);
        return malformed (error, text, why);
      }
  ndigits = len - letters;

  switch (n->scheme)
    {
    case WB_HEX_NUMBERING_LETTERS:
      {
        g_autofree char *why = NULL;

        if (letters == 0 || ndigits == 0)
          why = g_strdup_printf (_("expected the column’s letters then the row’s number, such as “%s”"),
                                 example);
        else if (!g_ascii_isupper (text[0]))
          why = g_strdup_printf (_("column letters are capitals, such as “%s”"), example);
        else if (letters > WB_HEX_NUMBERING_MAX_LETTERS || strspn (text, (char[]) { text[0], '\0' }) != letters)
          why = g_strdup_printf (_("a column is one letter, written once or more: A to Z, then AA, BB to ZZ, "
                                   "AAA … (at most %d letters), such as “%s”"),
                                 WB_HEX_NUMBERING_MAX_LETTERS, example);
        else if (ndigits < (gsize) n->digits ||
                 (ndigits > (gsize) n->digits && text[letters] == '0') ||
                 !digits_value (text + letters, ndigits, &b))
          why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "the row’s number has %d digit at least, with no "
                                              "more leading zeros, such as “%s”",
                                              "the row’s number has %d digits at least, with no "
                                              "more leading zeros, such as “%s”",
                                              n->digits),
                                 n->digits, example);
        if (why != NULL)
          return malformed (error, text, why);
        a = (int) (letters - 1) * 26 + (text[0] - 'A') + 1;
      }
      break;
    case WB_HEX_NUMBERING_MIXED:
      {
        gsize col_len = len > (gsize) n->digits ? len - (gsize) n->digits : 0;

        if (col_len == 0 || (col_len > 1 && text[0] == '0') ||
            !digits_value (text, col_len, &a) ||
            !digits_value (text + col_len, (gsize) n->digits, &b))
          {
            g_autofree char *why =
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "expected the column’s number with no leading zero, "
                                            "then the row’s %d digit, such as “%s”",
                                            "expected the column’s number with no leading zero, "
                                            "then the row’s %d digits, such as “%s”",
                                            n->digits),
                               n->digits, example);
            return malformed (error, text, why);
          }
      }
      break;
    case WB_HEX_NUMBERING_DIGITS:
    default:
      if (len != (gsize) n->digits * 2 ||
          !digits_value (text, (gsize) n->digits, &a) ||
          !digits_value (text + n->digits, (gsize) n->digits, &b))
        {
          g_autofree char *why =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "expected %d digit, the column’s then the row’s, such as “%s”",
                                          "expected %d digits, the column’s then the row’s, such as “%s”",
                                          n->digits * 2),
                             n->digits * 2, example);
          return malformed (error, text, why);
        }
      break;
    }

  hex->col = a - n->first_col;
  hex->row = b - n->first_row;
  if (n->oblique)
    {
      if (layout.orientation == WB_HEX_FLAT)
        hex->row -= oblique_shift (layout, hex->col);
      else
        hex->col -= oblique_shift (layout, hex->row);
    }
  return TRUE;
}

gboolean
wb_hex_numbering_parse_typed (const WbHexNumbering *numbering,
                              WbHexLayout           layout,
                              const char           *text,
                              WbOffset             *hex,
                              GError              **error)
{
  const WbHexNumbering *n = numbering;
  g_autofree char *t = NULL;
  g_autofree char *padded = NULL;
  gsize len, letters = 0;
  gboolean numeric = TRUE;

  g_return_val_if_fail (numbering != NULL, FALSE);

  t = g_strstrip (g_strdup (text != NULL ? text : ""));
  len = strlen (t);
  if (n->scheme == WB_HEX_NUMBERING_LETTERS)
    while (letters < len && g_ascii_isalpha (t[letters]))
      {
        t[letters] = g_ascii_toupper (t[letters]);
        letters++;
      }
  for (gsize i = letters; i < len; i++)
    numeric = numeric && g_ascii_isdigit (t[i]);
  /* Only zeros in front of the whole number (digits) or of the row
   * (letters, where the column's letters end it) can be dropped without
   * two hexes reading alike; a mixed number has none to drop. */
  if (numeric && len > letters && len - letters < (gsize) n->digits * (n->scheme == WB_HEX_NUMBERING_DIGITS ? 2 : 1) &&
      len - letters <= MAX_PART_DIGITS && n->scheme != WB_HEX_NUMBERING_MIXED)
    {
      int width = n->scheme == WB_HEX_NUMBERING_DIGITS ? n->digits * 2 : n->digits;

      padded = g_strdup_printf ("%.*s%0*d", (int) letters, t, width, atoi (t + letters));
    }
  if (wb_hex_numbering_parse (n, layout, padded != NULL ? padded : t, hex, NULL))
    return TRUE;
  return wb_hex_numbering_parse (n, layout, t, hex, error);
}

static int
power_of_ten (int digits)
{
  int p = 1;

  while (digits-- > 0)
    p *= 10;
  return p;
}

gboolean
wb_hex_numbering_check (const WbHexNumbering *numbering,
                        WbHexLayout           layout,
                        int                   cols,
                        int                   rows,
                        GError              **error)
{
  const WbHexNumbering *n = numbering;
  int last_a, last_b, limit;

  g_return_val_if_fail (numbering != NULL, FALSE);
  g_return_val_if_fail (cols >= 1 && rows >= 1, FALSE);

  if (n->scheme > WB_HEX_NUMBERING_MIXED)
    {
      g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                   _("unknown numbering scheme %d"), (int) n->scheme);
      return FALSE;
    }
  if (n->digits < 1 || n->digits > 4)
    {
      g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                   _("hex numbers have 1 to 4 digits per part, not %d"), n->digits);
      return FALSE;
    }
  if (n->first_col < 0 || n->first_col > MAX_FIRST || n->first_row < 0 || n->first_row > MAX_FIRST)
    {
      g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                   _("the first column and row are numbered from 0 to %d, not %d and %d"),
                   MAX_FIRST, n->first_col, n->first_row);
      return FALSE;
    }
  /* The numbers grow to the right and down, the oblique ones too: the
   * last hex has the largest. */
  printed_numbers (n, layout, (WbOffset) { cols - 1, rows - 1 }, &last_a, &last_b);
  limit = power_of_ten (n->digits);
  switch (n->scheme)
    {
    case WB_HEX_NUMBERING_LETTERS:
      if (n->first_col < 1)
        {
          g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                       _("letter columns start at 1, column A, not %d"), n->first_col);
          return FALSE;
        }
      if (last_a > 26 * WB_HEX_NUMBERING_MAX_LETTERS)
        {
          g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                       _("letters name %d columns at most (A to ZZZZ); this numbering needs %d"),
                       26 * WB_HEX_NUMBERING_MAX_LETTERS, last_a);
          return FALSE;
        }
      break;
    case WB_HEX_NUMBERING_MIXED:
      /* The column has no fixed width, so only the row's tells where the
       * column ends: a row wider than the digits would make "1107" column
       * 1, row 107 or column 11, row 07. */
      if (last_b >= limit)
        {
          g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "the row numbers run to %d, more than %d digit holds: "
                                    "a number such as “%d%d” could name two hexes",
                                    "the row numbers run to %d, more than %d digits hold: "
                                    "a number such as “%d%d” could name two hexes",
                                    n->digits),
                       last_b, n->digits, n->first_col, last_b);
          return FALSE;
        }
      break;
    case WB_HEX_NUMBERING_DIGITS:
    default:
      if (last_a >= limit || last_b >= limit)
        {
          if (n->oblique)
            g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                         _("%d digits cannot number %d columns and %d rows from %d, %d obliquely "
                           "(the numbers reach %d, %d)"),
                         n->digits, cols, rows, n->first_col, n->first_row, last_a, last_b);
          else
            g_set_error (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING,
                         _("%d digits cannot number %d columns and %d rows from %d, %d"),
                         n->digits, cols, rows, n->first_col, n->first_row);
          return FALSE;
        }
      break;
    }
  return TRUE;
}

gboolean
wb_hex_numbering_fit (WbHexNumbering *numbering,
                      WbHexLayout     layout,
                      int             cols,
                      int             rows)
{
  WbHexNumbering n;

  g_return_val_if_fail (numbering != NULL, FALSE);

  n = *numbering;
  for (n.digits = MAX (numbering->digits, 1); n.digits <= 4; n.digits++)
    if (wb_hex_numbering_check (&n, layout, cols, rows, NULL))
      {
        numbering->digits = n.digits;
        return TRUE;
      }
  return FALSE;
}
