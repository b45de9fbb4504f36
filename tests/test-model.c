/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(int *) data)++;
}

/* Connected swapped: the counter comes first. */
static void
count_signal (int *counter)
{
  (*counter)++;
}

START_TEST (test_game_collections)
{
  g_autoptr(WbGame) game = wb_game_new ();
  WbSide *blue = wb_side_new ("blue"), *again = wb_side_new ("blue");
  g_autoptr(WbUnit) unit = wb_unit_new ("u1");
  g_autoptr(GPtrArray) of_blue = NULL;

  ck_assert (wb_game_add_side (game, blue));
  /* A duplicate id is refused and ownership stays with the caller. */
  ck_assert (!wb_game_add_side (game, again));
  wb_side_free (again);
  ck_assert_ptr_eq (wb_game_find_side (game, "blue"), blue);
  ck_assert_ptr_null (wb_game_find_side (game, "red"));
  /* Lookups work with non-interned strings too. */
  {
    char key[] = "blue";
    ck_assert_ptr_eq (wb_game_find_side (game, key), blue);
  }
  wb_unit_set_side (unit, "blue");
  ck_assert (wb_game_add_unit (game, g_object_ref (unit)));
  ck_assert (!wb_game_add_unit (game, unit));
  of_blue = wb_game_list_units_of_side (game, "blue");
  ck_assert_uint_eq (of_blue->len, 1);
}
END_TEST

START_TEST (test_game_notify_and_changed)
{
  g_autoptr(WbGame) game = wb_game_new ();
  int notified = 0, changed = 0;

  g_signal_connect (game, "notify::title", G_CALLBACK (count_notify), &notified);
  g_signal_connect_swapped (game, "changed::terrain", G_CALLBACK (count_signal), &changed);
  wb_game_set_title (game, "A");
  wb_game_set_title (game, "A");   /* unchanged: no notify */
  wb_game_set_title (game, "B");
  ck_assert_int_eq (notified, 2);
  ck_assert_str_eq (wb_game_get_title (game), "B");
  wb_game_changed (game, "units");
  wb_game_changed (game, "terrain");
  ck_assert_int_eq (changed, 1);
}
END_TEST

/* Save As offers a new game under its title, not "untitled" (issue 20). */
START_TEST (test_suggested_file_name)
{
  g_autoptr(WbGame) game = wb_game_new ();
  g_autofree char *none = NULL, *by_id = NULL, *by_title = NULL, *accents = NULL;

  none = wb_game_suggest_file_name (game);
  ck_assert_str_eq (none, "game.warbench");
  wb_game_set_id (game, "gettysburg");
  by_id = wb_game_suggest_file_name (game);
  ck_assert_str_eq (by_id, "gettysburg.warbench");
  wb_game_set_title (game, "Battle of Gettysburg: July 1863!");
  by_title = wb_game_suggest_file_name (game);
  ck_assert_str_eq (by_title, "battle-of-gettysburg-july-1863.warbench");
  wb_game_set_title (game, "Bataille d’Austerlitz — Pratzen");
  accents = wb_game_suggest_file_name (game);
  ck_assert_str_eq (accents, "bataille-d-austerlitz-pratzen.warbench");
}
END_TEST

START_TEST (test_unit_properties)
{
  g_autoptr(WbUnit) unit = wb_unit_new ("stafford");
  WbStrength s = { WB_STRENGTH_STEPS, 3, 0, { 24, 16, 8 } };
  WbAttrValue mv = { .type = WB_ATTR_INT, .i = 6 };
  WbAttrValue fp = { .type = WB_ATTR_FIREPOWER, .s = (char *) "A2" };
  int notified = 0;
  g_autofree char *text = NULL;

  g_signal_connect (unit, "notify", G_CALLBACK (count_notify), &notified);
  ck_assert_str_eq (wb_unit_get_name (unit), "stafford");          /* defaults to the id */
  wb_unit_set_name (unit, "Stafford's Brigade");
  ck_assert_str_eq (wb_unit_get_designation (unit), "Stafford's Brigade");
  wb_unit_set_designation (unit, "Stafrd");
  ck_assert_str_eq (wb_unit_get_designation (unit), "Stafrd");
  wb_unit_set_side (unit, "confederate");
  wb_unit_set_side (unit, "confederate");
  wb_unit_set_strength (unit, &s);
  wb_unit_set_strength (unit, &s);
  ck_assert_int_eq (notified, 4);
  text = wb_strength_to_string (wb_unit_get_strength (unit));
  ck_assert_str_eq (text, "12/8/4");
  wb_unit_set_attr (unit, "movement", &mv);
  wb_unit_set_attr (unit, "firepower", &fp);
  ck_assert_int_eq (wb_unit_get_attr (unit, "movement")->i, 6);
  ck_assert_str_eq (wb_unit_get_attr (unit, "firepower")->s, "A2");
  ck_assert_uint_eq (wb_unit_get_attr_ids (unit)->len, 2);
  wb_unit_set_attr (unit, "movement", NULL);
  ck_assert_ptr_null (wb_unit_get_attr (unit, "movement"));
  ck_assert_uint_eq (wb_unit_get_attr_ids (unit)->len, 1);
}
END_TEST

START_TEST (test_strength_strings)
{
  WbStrength single = { WB_STRENGTH_SINGLE, 1, 0, { 14 } };
  WbStrength cadre = { WB_STRENGTH_SINGLE, 1, 0, { 1 } };
  WbStrength sides = { WB_STRENGTH_SIDES, 2, 1, { 6, 3 } };
  g_autofree char *a = wb_strength_to_string (&single);
  g_autofree char *b = wb_strength_to_string (&cadre);
  g_autofree char *c = wb_strength_to_string (&sides);

  ck_assert_str_eq (a, "7");
  ck_assert_str_eq (b, "C");
  ck_assert_str_eq (c, "3|1½");
  ck_assert_int_eq (wb_strength_current_halves (&sides), 3);
}
END_TEST

START_TEST (test_hex_map_numbering)
{
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 23, 28, "clear");
  g_autoptr(WbHexMap) big = wb_hex_map_new ("b", layout, 150, 20, "clear");
  WbOffset hex;
  char buf[16];

  wb_hex_map_format_hex (map, (WbOffset) { 7, 9 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "0810");
  ck_assert (wb_hex_map_parse_hex (map, "2326", &hex));
  ck_assert_int_eq (hex.col, 22);
  ck_assert_int_eq (hex.row, 25);
  ck_assert (!wb_hex_map_parse_hex (map, "232", &hex));
  ck_assert (!wb_hex_map_parse_hex (map, "23a6", &hex));
  /* Parsing succeeds off the map; containment is a separate question. */
  ck_assert (wb_hex_map_parse_hex (map, "9999", &hex));
  ck_assert (!wb_hex_map_contains (map, hex));
  wb_hex_map_set_numbering (map, 0, 0, 2);
  wb_hex_map_format_hex (map, (WbOffset) { 0, 1 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "0001");
  /* Big maps get enough digits. */
  wb_hex_map_format_hex (big, (WbOffset) { 149, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "150001");
}
END_TEST

/* Every layout the map model has: flat and pointy, odd and even offsets. */
static const WbHexLayout all_layouts[] = {
  { WB_HEX_FLAT, WB_HEX_ODD }, { WB_HEX_FLAT, WB_HEX_EVEN },
  { WB_HEX_POINTY, WB_HEX_ODD }, { WB_HEX_POINTY, WB_HEX_EVEN },
};

/* Each scheme, straight and oblique, from 1 and from 0 (A for letters):
 * on a 30 × 30 map of each layout, every hex's printed number parses back
 * to that hex, so no two hexes read alike; the map's own format and parse
 * agree with the numbering's. */
START_TEST (test_hex_numbering_round_trip)
{
  const WbHexLayout layout = all_layouts[_i];

  for (int scheme = WB_HEX_NUMBERING_DIGITS; scheme <= WB_HEX_NUMBERING_MIXED; scheme++)
    for (int oblique = 0; oblique < 2; oblique++)
      for (int first = 0; first < 2; first++)
        {
          g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 30, 30, "clear");
          WbHexNumbering num = { scheme, oblique, first == 0 || scheme == WB_HEX_NUMBERING_LETTERS ? 1 : 0,
                                 first == 0 ? 1 : 0, 1 };
          g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

          ck_assert (wb_hex_numbering_fit (&num, layout, 30, 30));
          ck_assert (wb_hex_numbering_check (&num, layout, 30, 30, NULL));
          wb_hex_map_set_hex_numbering (map, &num);
          for (int row = 0; row < 30; row++)
            for (int col = 0; col < 30; col++)
              {
                char buf[WB_HEX_NUMBER_MAX_LEN];
                g_autoptr(GError) error = NULL;
                WbOffset hex = { -1, -1 };

                wb_hex_map_format_hex (map, (WbOffset) { col, row }, buf, sizeof buf);
                ck_assert_msg (wb_hex_map_parse_hex_number (map, buf, &hex, &error),
                               "scheme %d oblique %d layout %d: %s", scheme, oblique, _i,
                               error ? error->message : "");
                ck_assert_msg (hex.col == col && hex.row == row,
                               "scheme %d oblique %d layout %d: %s is (%d, %d), not (%d, %d)",
                               scheme, oblique, _i, buf, hex.col, hex.row, col, row);
                ck_assert_msg (g_hash_table_add (seen, g_strdup (buf)), "%s twice", buf);
              }
        }
}
END_TEST

/* What the schemes print, as designers see them in print: "0307", "C07"
 * (A … Z then AA, BB: one letter repeated), "107" and "1207"; a row of
 * letters takes as many digits as it needs beyond the least. */
START_TEST (test_hex_numbering_examples)
{
  WbHexLayout flat = { WB_HEX_FLAT, WB_HEX_ODD };
  static const WbHexNumbering digits = { WB_HEX_NUMBERING_DIGITS, FALSE, 1, 1, 2 };
  static const WbHexNumbering letters = { WB_HEX_NUMBERING_LETTERS, FALSE, 1, 1, 2 };
  static const WbHexNumbering letters1 = { WB_HEX_NUMBERING_LETTERS, FALSE, 1, 1, 1 };
  static const WbHexNumbering mixed = { WB_HEX_NUMBERING_MIXED, FALSE, 1, 1, 2 };
  static const struct { const WbHexNumbering *n; WbOffset hex; const char *text; } cases[] = {
    { &digits, { 2, 6 }, "0307" },
    { &letters, { 2, 6 }, "C07" },
    { &letters, { 25, 0 }, "Z01" },
    { &letters, { 26, 0 }, "AA01" },
    { &letters, { 27, 0 }, "BB01" },
    { &letters, { 51, 0 }, "ZZ01" },
    { &letters, { 52, 0 }, "AAA01" },
    { &letters, { 103, 99 }, "ZZZZ100" },
    { &letters1, { 2, 6 }, "C7" },
    { &letters1, { 2, 9 }, "C10" },
    { &mixed, { 0, 6 }, "107" },
    { &mixed, { 11, 6 }, "1207" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char buf[WB_HEX_NUMBER_MAX_LEN];
      WbOffset hex;

      wb_hex_numbering_format (cases[i].n, flat, cases[i].hex, buf, sizeof buf);
      ck_assert_str_eq (buf, cases[i].text);
      ck_assert (wb_hex_numbering_parse (cases[i].n, flat, cases[i].text, &hex, NULL));
      ck_assert_int_eq (hex.col, cases[i].hex.col);
      ck_assert_int_eq (hex.row, cases[i].hex.row);
    }
}
END_TEST

/* Oblique numbering, as docs/file-format.md defines it: the number across
 * the stagger is the same for a hex and its north-east neighbour (the
 * diagonal rising to the right), one more for the neighbour below (flat)
 * or to the right (pointy); the other number is the straight column
 * (flat) or row (pointy). Along the top (flat) or left (pointy) edge it
 * grows by one every two hexes, and hex (0, 0) is still the first. */
START_TEST (test_hex_numbering_oblique)
{
  const WbHexLayout layout = all_layouts[_i];
  gboolean flat = layout.orientation == WB_HEX_FLAT;
  WbHexNumbering num = { WB_HEX_NUMBERING_MIXED, TRUE, 1, 1, 3 };
  /* NE is direction 1 on a flat-topped map, 0 on a pointy one; the next
   * hex across the stagger is S (3) or E (1). */
  int ne = flat ? 1 : 0, next = flat ? 3 : 1;
  char buf[WB_HEX_NUMBER_MAX_LEN];

  for (int row = 0; row < 12; row++)
    for (int col = 0; col < 12; col++)
      {
        WbOffset hex = { col, row };
        WbOffset up = wb_hex_neighbour (layout, hex, ne), on = wb_hex_neighbour (layout, hex, next);
        int a, b, a_up, b_up, a_on, b_on;

        wb_hex_numbering_format (&num, layout, hex, buf, sizeof buf);
        a = atoi (buf) / 1000;
        b = atoi (buf + strlen (buf) - 3);
        wb_hex_numbering_format (&num, layout, up, buf, sizeof buf);
        a_up = atoi (buf) / 1000;
        b_up = atoi (buf + strlen (buf) - 3);
        wb_hex_numbering_format (&num, layout, on, buf, sizeof buf);
        a_on = atoi (buf) / 1000;
        b_on = atoi (buf + strlen (buf) - 3);
        if (flat)
          {
            ck_assert_int_eq (a, col + 1);
            ck_assert_int_eq (b_up, b);
            ck_assert_int_eq (a_up, a + 1);
            ck_assert_int_eq (b_on, b + 1);
            ck_assert_int_eq (a_on, a);
          }
        else
          {
            ck_assert_int_eq (b, row + 1);
            ck_assert_int_eq (a_up, a);
            ck_assert_int_eq (b_up, b - 1);
            ck_assert_int_eq (a_on, a + 1);
            ck_assert_int_eq (b_on, b);
          }
      }
  /* Along the top or left edge: 1, then one more every two hexes. */
  for (int k = 0; k < 6; k++)
    {
      int odd = layout.parity == WB_HEX_ODD;
      WbOffset hex = flat ? (WbOffset) { k, 0 } : (WbOffset) { 0, k };
      int expect = 1 + (odd ? (k + 1) / 2 : k / 2);

      wb_hex_numbering_format (&num, layout, hex, buf, sizeof buf);
      ck_assert_int_eq (flat ? atoi (buf + strlen (buf) - 3) : atoi (buf) / 1000, expect);
    }
}
END_TEST

typedef struct {
  WbHexNumberingScheme scheme;
  int                  digits;
  const char          *text;
  const char          *expect;   /* in the message */
} BadNumber;

/* Text that is not a hex number of the scheme is refused, saying what
 * was expected with the map's first hex as the example. */
static const BadNumber bad_numbers[] = {
  { WB_HEX_NUMBERING_DIGITS, 2, "", "expected 4 digits, the column’s then the row’s, such as “0101”" },
  { WB_HEX_NUMBERING_DIGITS, 2, "232", "expected 4 digits" },
  { WB_HEX_NUMBERING_DIGITS, 2, "23a6", "expected digits only, such as “0101”" },
  { WB_HEX_NUMBERING_DIGITS, 2, "+123", "expected digits only" },
  { WB_HEX_NUMBERING_DIGITS, 2, "C07", "expected digits only" },
  { WB_HEX_NUMBERING_LETTERS, 2, "AB07", "a column is one letter, written once or more: A to Z, then AA, BB" },
  { WB_HEX_NUMBERING_LETTERS, 2, "AAAAA01", "at most 4 letters" },
  { WB_HEX_NUMBERING_LETTERS, 2, "c07", "column letters are capitals, such as “A01”" },
  { WB_HEX_NUMBERING_LETTERS, 2, "C7", "the row’s number has 2 digits at least" },
  { WB_HEX_NUMBERING_LETTERS, 2, "C007", "no more leading zeros" },
  { WB_HEX_NUMBERING_LETTERS, 2, "0307", "expected the column’s letters then the row’s number, such as “A01”" },
  { WB_HEX_NUMBERING_LETTERS, 2, "C", "expected the column’s letters then the row’s number" },
  { WB_HEX_NUMBERING_LETTERS, 2, "C0A7", "expected the column’s letters then the row’s number" },
  { WB_HEX_NUMBERING_LETTERS, 2, "C07 ", "expected the column’s letters then the row’s number" },
  { WB_HEX_NUMBERING_MIXED, 2, "07", "expected the column’s number with no leading zero, then the row’s 2 digits, such as “101”" },
  { WB_HEX_NUMBERING_MIXED, 2, "0107", "no leading zero" },
  { WB_HEX_NUMBERING_MIXED, 2, "1x07", "expected digits only, such as “101”" },
  { WB_HEX_NUMBERING_MIXED, 2, "12345678907", "no leading zero" },
};

START_TEST (test_hex_numbering_malformed)
{
  const BadNumber *c = &bad_numbers[_i];
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  WbHexNumbering num = { c->scheme, FALSE, 1, 1, c->digits };
  g_autoptr(GError) error = NULL;
  WbOffset hex;

  ck_assert_msg (!wb_hex_numbering_parse (&num, layout, c->text, &hex, &error), "“%s” parsed", c->text);
  ck_assert (g_error_matches (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_MALFORMED));
  ck_assert_msg (g_str_has_prefix (error->message, "“"), "%s", error->message);
  ck_assert_msg (strstr (error->message, c->expect) != NULL, "“%s”: “%s” lacks “%s”",
                 c->text, error->message, c->expect);
}
END_TEST

/* Typed numbers may drop leading zeros and use lower case; the canonical
 * form parses strictly. */
START_TEST (test_hex_numbering_typed)
{
  WbHexLayout layout = { WB_HEX_POINTY, WB_HEX_EVEN };
  WbHexNumbering digits = { WB_HEX_NUMBERING_DIGITS, FALSE, 1, 1, 2 };
  WbHexNumbering letters = { WB_HEX_NUMBERING_LETTERS, TRUE, 1, 1, 2 };
  WbHexNumbering mixed = { WB_HEX_NUMBERING_MIXED, FALSE, 1, 1, 2 };
  g_autoptr(GError) error = NULL;
  WbOffset hex, strict;

  ck_assert (wb_hex_numbering_parse_typed (&digits, layout, " 414 ", &hex, NULL));
  ck_assert (wb_hex_numbering_parse (&digits, layout, "0414", &strict, NULL));
  ck_assert (wb_offset_equal (hex, strict));
  ck_assert (wb_hex_numbering_parse_typed (&letters, layout, "c7", &hex, NULL));
  ck_assert (wb_hex_numbering_parse (&letters, layout, "C07", &strict, NULL));
  ck_assert (wb_offset_equal (hex, strict));
  ck_assert (wb_hex_numbering_parse_typed (&letters, layout, "bb12", &hex, NULL));
  ck_assert (wb_hex_numbering_parse (&letters, layout, "BB12", &strict, NULL));
  ck_assert (wb_offset_equal (hex, strict));
  /* A mixed number has no leading zero to drop: "17" is column 1, row 7
   * only if the row has one digit. */
  ck_assert (!wb_hex_numbering_parse_typed (&mixed, layout, "17", &hex, &error));
  ck_assert (g_error_matches (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_MALFORMED));
  g_clear_error (&error);
  ck_assert (!wb_hex_numbering_parse_typed (&letters, layout, "ab7", &hex, &error));
  ck_assert_msg (strstr (error->message, "“AB7” is not a hex number: a column is one letter") != NULL,
                 "%s", error->message);
}
END_TEST

/* A numbering that cannot give every hex its own number is refused, and
 * fitting raises the digits where that helps. */
START_TEST (test_hex_numbering_check)
{
  WbHexLayout flat = { WB_HEX_FLAT, WB_HEX_ODD }, pointy = { WB_HEX_POINTY, WB_HEX_EVEN };
  WbHexNumbering letters = { WB_HEX_NUMBERING_LETTERS, FALSE, 1, 1, 2 };
  WbHexNumbering mixed = { WB_HEX_NUMBERING_MIXED, FALSE, 1, 1, 2 };
  WbHexNumbering oblique = { WB_HEX_NUMBERING_DIGITS, TRUE, 1, 1, 2 };
  g_autoptr(GError) error = NULL;

  /* A to ZZZZ: 104 columns, not 105; letters start at A. */
  ck_assert (wb_hex_numbering_check (&letters, flat, 104, 500, NULL));
  ck_assert (!wb_hex_numbering_check (&letters, flat, 105, 10, &error));
  ck_assert (g_error_matches (error, WB_HEX_NUMBER_ERROR, WB_HEX_NUMBER_ERROR_NUMBERING));
  ck_assert_msg (strstr (error->message, "letters name 104 columns at most (A to ZZZZ); this numbering needs 105"),
                 "%s", error->message);
  g_clear_error (&error);
  ck_assert (!wb_hex_numbering_fit (&letters, flat, 105, 10));
  letters.first_col = 0;
  ck_assert (!wb_hex_numbering_check (&letters, flat, 10, 10, &error));
  ck_assert_msg (strstr (error->message, "letter columns start at 1, column A"), "%s", error->message);
  g_clear_error (&error);

  /* Rows wider than the digits would make mixed numbers ambiguous. */
  ck_assert (wb_hex_numbering_check (&mixed, flat, 500, 99, NULL));
  ck_assert (!wb_hex_numbering_check (&mixed, flat, 20, 100, &error));
  ck_assert_msg (strstr (error->message, "the row numbers run to 100, more than 2 digits hold: "
                                         "a number such as “1100” could name two hexes"),
                 "%s", error->message);
  g_clear_error (&error);
  ck_assert (wb_hex_numbering_fit (&mixed, flat, 20, 100));
  ck_assert_int_eq (mixed.digits, 3);

  /* Oblique numbers reach past the rows: 28 rows and 23 columns go to
   * row number 1 + 27 + 11 = 39 on a flat map; 90 rows to 101. */
  ck_assert (wb_hex_numbering_check (&oblique, flat, 23, 28, NULL));
  ck_assert (!wb_hex_numbering_check (&oblique, flat, 23, 90, &error));
  ck_assert_msg (strstr (error->message, "2 digits cannot number 23 columns and 90 rows from 1, 1 obliquely "
                                         "(the numbers reach 23, 101)"),
                 "%s", error->message);
  g_clear_error (&error);
  /* On a pointy map the column number is the oblique one. */
  ck_assert (!wb_hex_numbering_check (&oblique, pointy, 90, 23, &error));
  ck_assert_msg (strstr (error->message, "(the numbers reach 101, 23)"), "%s", error->message);
  ck_assert (wb_hex_numbering_fit (&oblique, pointy, 90, 23));
  ck_assert_int_eq (oblique.digits, 3);
}
END_TEST

/* A map keeps its whole numbering through a snapshot and restore, and a
 * resize grows the digits the oblique numbers need. */
START_TEST (test_hex_map_numbering_kept)
{
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_EVEN };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 20, 20, "clear");
  g_autoptr(WbHexMap) snapshot = NULL;
  WbHexNumbering num = { WB_HEX_NUMBERING_LETTERS, TRUE, 3, 1, 2 }, got;
  char buf[WB_HEX_NUMBER_MAX_LEN];

  wb_hex_map_set_hex_numbering (map, &num);
  wb_hex_map_format_hex (map, (WbOffset) { 0, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "C01");
  snapshot = wb_hex_map_snapshot (map);
  wb_hex_map_set_hex_numbering (map, &(WbHexNumbering) { WB_HEX_NUMBERING_DIGITS, FALSE, 1, 1, 2 });
  wb_hex_map_restore (map, snapshot);
  wb_hex_map_get_hex_numbering (map, &got);
  ck_assert_int_eq (got.scheme, WB_HEX_NUMBERING_LETTERS);
  ck_assert (got.oblique);
  ck_assert_int_eq (got.first_col, 3);
  /* The old setter keeps the scheme. */
  wb_hex_map_set_numbering (map, 1, 0, 2);
  wb_hex_map_format_hex (map, (WbOffset) { 2, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "C01");

  num = (WbHexNumbering) { WB_HEX_NUMBERING_MIXED, TRUE, 1, 1, 2 };
  wb_hex_map_set_hex_numbering (map, &num);
  ck_assert (wb_hex_map_resize (map, 40, 90, 0, 0, "clear"));
  wb_hex_map_get_hex_numbering (map, &got);
  ck_assert_int_eq (got.digits, 3);
}
END_TEST

START_TEST (test_hex_map_content)
{
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 5, 5, "clear");
  WbOffset h = { 2, 2 };
  WbOffset north = wb_hex_neighbour (layout, h, 0);
  g_autoptr(GArray) sides = NULL;
  g_autoptr(GArray) detailed = NULL;
  int changed = 0;

  g_signal_connect_swapped (map, "changed", G_CALLBACK (count_signal), &changed);
  ck_assert_str_eq (wb_hex_map_get_terrain (map, h), "clear");
  wb_hex_map_set_terrain (map, h, "forest");
  ck_assert_ptr_eq (wb_hex_map_get_terrain (map, h), g_intern_string ("forest"));
  ck_assert_ptr_null (wb_hex_map_get_terrain (map, (WbOffset) { 5, 0 }));
  ck_assert (!wb_hex_map_has_elevation (map));
  wb_hex_map_set_elevation (map, h, 2);
  ck_assert_int_eq (wb_hex_map_get_elevation (map, h), 2);
  ck_assert_int_eq (wb_hex_map_get_elevation (map, north), 0);

  /* A hexside named from either hex is the same hexside. */
  wb_hex_map_add_side_feature (map, h, 0, "creek");
  wb_hex_map_add_side_feature (map, north, 3, "creek");
  wb_hex_map_add_side_feature (map, north, 3, "ford");
  ck_assert (wb_hex_map_has_side_feature (map, h, 0, "ford"));
  ck_assert_uint_eq (wb_hex_map_get_side_features (map, h, 0)->len, 2);
  ck_assert (!wb_hex_map_has_side_feature (map, h, 1, "creek"));
  /* Border hexsides are allowed. */
  wb_hex_map_add_side_feature (map, (WbOffset) { 0, 0 }, 0, "river");
  ck_assert (wb_hex_map_has_side_feature (map, (WbOffset) { 0, 0 }, 0, "river"));
  sides = wb_hex_map_list_sides (map);
  ck_assert_uint_eq (sides->len, 2);

  wb_hex_map_set_label (map, h, "Spottswood");
  wb_hex_map_add_hex_feature (map, (WbOffset) { 1, 0 }, "town");
  wb_hex_map_add_hex_feature (map, (WbOffset) { 1, 0 }, "town");
  ck_assert_uint_eq (wb_hex_map_get_hex_features (map, (WbOffset) { 1, 0 })->len, 1);
  detailed = wb_hex_map_list_detailed_hexes (map);
  ck_assert_uint_eq (detailed->len, 2);
  ck_assert_int_eq (g_array_index (detailed, WbOffset, 0).row, 0);   /* row-major order */
  wb_map_changed (WB_MAP (map));
  ck_assert_int_eq (changed, 1);
  ck_assert_int_eq (wb_map_get_kind (WB_MAP (map)), WB_MAP_KIND_HEX);
}
END_TEST

START_TEST (test_hex_map_extent_matches_geometry)
{
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  g_autoptr(WbHexMap) map = wb_hex_map_new ("m", layout, 10, 10, "clear");
  double w, h, x, y;

  wb_hex_map_set_hex_size (map, 20);
  wb_map_get_extent (WB_MAP (map), &w, &h);
  wb_hex_center (layout, 20, (WbOffset) { 9, 9 }, &x, &y);
  ck_assert (x < w && y < h);
  ck_assert (w > 0 && h > 0);
}
END_TEST

START_TEST (test_point_map)
{
  g_autoptr(WbPointMap) map = wb_point_map_new ("valley", 1000, 800);
  WbLocation *a = wb_location_new ("strasburg");
  WbLocation *dup = wb_location_new ("strasburg");

  a->x = 100;
  a->y = 200;
  ck_assert (wb_point_map_add_location (map, a));
  ck_assert (!wb_point_map_add_location (map, dup));
  wb_location_free (dup);
  ck_assert_ptr_eq (wb_point_map_find_location (map, "strasburg"), a);
  ck_assert_ptr_eq (wb_point_map_location_at (map, 105, 195, 10), a);
  ck_assert_ptr_null (wb_point_map_location_at (map, 150, 200, 10));
  ck_assert_int_eq (wb_map_get_kind (WB_MAP (map)), WB_MAP_KIND_POINTS);
}
END_TEST

START_TEST (test_scenario_options)
{
  g_autoptr(WbScenario) s = wb_scenario_new ("historical");
  const char *lethargic[] = { "lethargic", NULL };
  const char *pickett[] = { "pickett", NULL };
  WbSetup *plain = wb_setup_new ("a"), *unless = wb_setup_new ("b"), *only = wb_setup_new ("c");

  wb_place_array_add (plain->at, WB_PLACE_HEX, "0101");
  wb_place_array_add (unless->at, WB_PLACE_HEX, "0616");
  unless->unless = g_intern_string ("lethargic");
  wb_place_array_add (only->at, WB_PLACE_HEX, "0118");
  only->option = g_intern_string ("pickett");
  g_ptr_array_add (wb_scenario_get_setup (s), plain);
  g_ptr_array_add (wb_scenario_get_setup (s), unless);
  g_ptr_array_add (wb_scenario_get_setup (s), only);

  ck_assert_ptr_nonnull (wb_scenario_find_setup (s, "b", NULL));
  ck_assert_ptr_null (wb_scenario_find_setup (s, "b", lethargic));
  ck_assert_ptr_null (wb_scenario_find_setup (s, "c", NULL));
  ck_assert_str_eq (wb_scenario_find_setup (s, "c", pickett)->ref, "0118");
  ck_assert (wb_scenario_applies (NULL, NULL, NULL));

  wb_scenario_set_turn_count (s, 16);
  ck_assert_uint_eq (wb_scenario_get_turns (s)->len, 16);
  wb_scenario_set_turn_count (s, 100000);
  ck_assert_uint_eq (wb_scenario_get_turns (s)->len, WB_SCENARIO_MAX_TURNS);
}
END_TEST

START_TEST (test_table)
{
  g_autoptr(WbTable) t = wb_table_new ("weather", WB_TABLE_ROLL);
  GPtrArray *clear = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *rain = g_ptr_array_new_with_free_func (g_free);

  wb_table_add_column (t, "Weather", 0, 0);
  g_ptr_array_add (clear, g_strdup ("Clear"));
  g_ptr_array_add (rain, g_strdup ("Rain"));
  wb_table_add_row (t, "1-5", 1, 5, clear);
  wb_table_add_row (t, "6", 6, 6, rain);
  ck_assert_str_eq (wb_table_lookup (t, 3, 0), "Clear");
  ck_assert_str_eq (wb_table_lookup (t, 6, 0), "Rain");
  ck_assert_ptr_null (wb_table_lookup (t, 0, 0));
  ck_assert_ptr_null (wb_table_lookup (t, 3, 1));
  ck_assert_str_eq (wb_table_get_dice (t), "1d6");
  ck_assert_str_eq (wb_table_kind_to_string (WB_TABLE_DICE_POOL), "dice_pool");
}
END_TEST

START_TEST (test_records)
{
  GArray *move = g_array_new (FALSE, FALSE, sizeof (WbMoveCost));
  WbMoveCost any = { g_intern_string ("*"), 3 }, cav = { g_intern_string ("cavalry"), -1 };
  gboolean found;
  double r, g, b;

  ck_assert_double_eq (wb_move_costs_lookup (move, "infantry", &found), 0);
  ck_assert (!found);
  g_array_append_val (move, any);
  g_array_append_val (move, cav);
  ck_assert_double_eq (wb_move_costs_lookup (move, "infantry", &found), 3);
  ck_assert (found);
  ck_assert_double_lt (wb_move_costs_lookup (move, "cavalry", NULL), 0);
  g_array_unref (move);

  ck_assert (wb_color_parse ("#ff8000", &r, &g, &b));
  ck_assert_double_eq_tol (g, 128 / 255.0, 1e-9);
  ck_assert (!wb_color_parse ("ff8000", NULL, NULL, NULL));
  ck_assert (!wb_color_parse ("#ff80zz", NULL, NULL, NULL));
  ck_assert (!wb_color_parse (NULL, NULL, NULL, NULL));
}
END_TEST

START_TEST (test_map_analysis)
{
  g_autoptr(WbGame) game = wb_game_new_starter (3, 1);
  WbHexMap *map = WB_HEX_MAP (wb_game_find_map (game, "map"));
  WbHexLayout layout = wb_hex_map_get_layout (map);
  WbTerrainType *river = wb_terrain_type_new ("river");
  WbFeatureType *ferry = wb_feature_type_new ("ferry", WB_FEATURE_HEX);
  WbMoveCost closed = { g_intern_string ("*"), -1 }, one = { g_intern_string ("*"), 1 };
  int dir = wb_hex_direction_to (layout, (WbOffset) { 0, 0 }, (WbOffset) { 1, 0 });
  g_autoptr(GArray) counts = NULL;
  GArray *cut;
  guint regions;

  river->key = '~';
  g_array_append_val (river->move, closed);
  wb_game_add_terrain (game, river);
  ferry->move_mode = WB_MOVE_SET;
  g_array_append_val (ferry->move, one);
  wb_game_add_feature (game, ferry);

  wb_hex_map_set_terrain (map, (WbOffset) { 2, 0 }, "forest");
  counts = wb_hex_map_count_terrain (game, map);
  ck_assert_uint_eq (counts->len, 2);
  ck_assert_uint_eq (g_array_index (counts, WbTerrainCount, 0).count, 2);   /* clear */

  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 0);
  ck_assert_uint_eq (regions, 1);
  g_array_unref (cut);

  /* A creek between the first two hexes cuts the first one off… */
  ck_assert_int_ge (dir, 0);
  wb_hex_map_add_side_feature (map, (WbOffset) { 0, 0 }, dir, "creek");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 1);
  ck_assert_int_eq (g_array_index (cut, WbOffset, 0).col, 0);
  ck_assert_uint_eq (regions, 2);
  g_array_unref (cut);
  /* …a ford negates it. */
  wb_hex_map_add_side_feature (map, (WbOffset) { 0, 0 }, dir, "ford");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 0);
  g_array_unref (cut);

  /* A river hex in the middle splits the map; a ferry on it joins it again. */
  wb_hex_map_set_terrain (map, (WbOffset) { 1, 0 }, "river");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 1);
  ck_assert_uint_eq (regions, 2);
  g_array_unref (cut);
  wb_hex_map_add_hex_feature (map, (WbOffset) { 1, 0 }, "ferry");
  cut = wb_hex_map_find_unreachable (game, map, &regions);
  ck_assert_uint_eq (cut->len, 0);
  g_array_unref (cut);
}
END_TEST

START_TEST (test_point_map_isolated)
{
  g_autoptr(WbGame) game = wb_game_new_starter (0, 0);
  WbPointMap *map = WB_POINT_MAP (wb_game_find_map (game, "map"));
  WbLocation *lonely = wb_location_new ("lonely");
  g_autoptr(GPtrArray) isolated = NULL;
  GPtrArray *none;
  guint groups;

  none = wb_point_map_find_isolated (map, &groups);
  ck_assert_uint_eq (none->len, 0);
  ck_assert_uint_eq (groups, 1);
  g_ptr_array_unref (none);
  wb_point_map_add_location (map, lonely);
  isolated = wb_point_map_find_isolated (map, &groups);
  ck_assert_uint_eq (isolated->len, 1);
  ck_assert_ptr_eq (g_ptr_array_index (isolated, 0), lonely);
  ck_assert_uint_eq (groups, 2);
}
END_TEST

/* A starter game around a map of the caller's making keeps that map as it is. */
START_TEST (test_new_with_map)
{
  WbHexLayout layout = { WB_HEX_POINTY, WB_HEX_EVEN };
  WbHexMap *hex = wb_hex_map_new ("map", layout, 12, 7, "clear");
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbGame) points = NULL;
  WbHexMap *found;
  WbMap *point_map;
  char buf[16];
  double w, h;

  wb_hex_map_set_numbering (hex, 0, 1, 3);
  wb_hex_map_set_hex_size (hex, 30);
  game = wb_game_new_with_map (WB_MAP (hex));
  found = WB_HEX_MAP (wb_game_find_map (game, "map"));
  ck_assert_ptr_eq (found, hex);
  ck_assert_int_eq (wb_hex_map_get_cols (found), 12);
  ck_assert_int_eq (wb_hex_map_get_layout (found).orientation, WB_HEX_POINTY);
  wb_hex_map_format_hex (found, (WbOffset) { 0, 0 }, buf, sizeof buf);
  ck_assert_str_eq (buf, "000001");
  ck_assert_double_eq (wb_hex_map_get_hex_size (found), 30);
  ck_assert_ptr_nonnull (wb_game_find_terrain (game, "clear"));
  ck_assert_uint_eq (wb_game_get_sides (game)->len, 2);
  ck_assert_uint_eq (wb_game_get_scenarios (game)->len, 1);

  points = wb_game_new_with_map (WB_MAP (wb_point_map_new ("map", 640, 480)));
  point_map = wb_game_find_map (points, "map");
  ck_assert (WB_IS_POINT_MAP (point_map));
  ck_assert_uint_eq (wb_point_map_get_locations (WB_POINT_MAP (point_map))->len, 0);
  wb_map_get_extent (point_map, &w, &h);
  ck_assert_double_eq (w, 640);
  ck_assert_double_eq (h, 480);
  ck_assert_ptr_null (wb_game_find_terrain (points, "clear"));

  /* Both are valid games: they read back as written. */
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(GError) error = NULL;
      gsize len;
      g_autofree char *data = wb_game_to_data (i == 0 ? game : points, &len);
      g_autoptr(WbGame) again = wb_game_load_from_data (data, (gssize) len, "new", &error);
      g_autofree char *data2 = NULL;

      ck_assert_msg (again != NULL, "%s", error ? error->message : "");
      data2 = wb_game_to_data (again, NULL);
      ck_assert_str_eq (data, data2);
    }
}
END_TEST

/* Enum GTypes exist for bindings and GObject properties. */
START_TEST (test_enum_types)
{
  g_autoptr(GEnumClass) kinds = g_type_class_ref (WB_TYPE_MAP_KIND);
  g_autoptr(GFlagsClass) layers = g_type_class_ref (WB_TYPE_LAYERS);

  ck_assert_str_eq (g_enum_get_value (kinds, WB_MAP_KIND_POINTS)->value_nick, "points");
  ck_assert_str_eq (g_flags_get_first_value (layers, WB_LAYER_ROADS)->value_nick, "roads");
  ck_assert (G_TYPE_IS_ENUM (WB_TYPE_FORMAT_ERROR));
}
END_TEST

/* Going to a place typed by the designer: a hex by number, a hex by its
 * label, a location by id or name, whatever the case; nothing else. */
static WbGame *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

START_TEST (test_find_place)
{
  g_autoptr(WbGame) wild = load_bundled ("battle-of-the-wilderness.warbench");
  g_autoptr(WbGame) valley = load_bundled ("jackson-sheridan.warbench");
  WbHexMap *hexes = WB_HEX_MAP (g_ptr_array_index (wb_game_get_maps (wild), 0));
  WbPointMap *points = WB_POINT_MAP (g_ptr_array_index (wb_game_get_maps (valley), 0));
  WbLocation *ferry = wb_point_map_find_location (points, "harpers-ferry");
  WbOffset h, at;
  double x, y, cx, cy;

  ck_assert (wb_map_find_place (WB_MAP (hexes), " 0516 ", &x, &y));
  ck_assert (wb_hex_map_parse_hex (hexes, "0516", &h));
  wb_hex_center (wb_hex_map_get_layout (hexes), wb_hex_map_get_hex_size (hexes), h, &cx, &cy);
  ck_assert (x == cx && y == cy);
  ck_assert (wb_map_find_place (WB_MAP (hexes), "saunders FIELD", &x, &y));
  at = wb_hex_from_point (wb_hex_map_get_layout (hexes), wb_hex_map_get_hex_size (hexes), x, y);
  ck_assert_str_eq (wb_hex_map_get_label (hexes, at), "Saunders Field");
  ck_assert (!wb_map_find_place (WB_MAP (hexes), "9999", &x, &y));
  ck_assert (!wb_map_find_place (WB_MAP (hexes), "Atlantis", &x, &y));
  ck_assert (!wb_map_find_place (WB_MAP (hexes), "  ", &x, &y));

  ck_assert_ptr_nonnull (ferry);
  ck_assert (wb_map_find_place (WB_MAP (points), "harpers-ferry", &x, &y));
  ck_assert (x == ferry->x && y == ferry->y);
  ck_assert (wb_map_find_place (WB_MAP (points), "harpers ferry", &x, &y));
  ck_assert (x == ferry->x && y == ferry->y);
  ck_assert (!wb_map_find_place (WB_MAP (points), "0516", &x, &y));
}
END_TEST

static Suite *
model_suite (void)
{
  Suite *s = suite_create ("model");
  TCase *tc = tcase_create ("model");

  tcase_add_test (tc, test_game_collections);
  tcase_add_test (tc, test_game_notify_and_changed);
  tcase_add_test (tc, test_unit_properties);
  tcase_add_test (tc, test_suggested_file_name);
  tcase_add_test (tc, test_strength_strings);
  tcase_add_test (tc, test_hex_map_numbering);
  tcase_add_loop_test (tc, test_hex_numbering_round_trip, 0, G_N_ELEMENTS (all_layouts));
  tcase_add_test (tc, test_hex_numbering_examples);
  tcase_add_loop_test (tc, test_hex_numbering_oblique, 0, G_N_ELEMENTS (all_layouts));
  tcase_add_loop_test (tc, test_hex_numbering_malformed, 0, G_N_ELEMENTS (bad_numbers));
  tcase_add_test (tc, test_hex_numbering_typed);
  tcase_add_test (tc, test_hex_numbering_check);
  tcase_add_test (tc, test_hex_map_numbering_kept);
  tcase_add_test (tc, test_hex_map_content);
  tcase_add_test (tc, test_hex_map_extent_matches_geometry);
  tcase_add_test (tc, test_point_map);
  tcase_add_test (tc, test_scenario_options);
  tcase_add_test (tc, test_table);
  tcase_add_test (tc, test_records);
  tcase_add_test (tc, test_enum_types);
  tcase_add_test (tc, test_map_analysis);
  tcase_add_test (tc, test_point_map_isolated);
  tcase_add_test (tc, test_new_with_map);
  tcase_add_test (tc, test_find_place);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (model_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
