/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-oob-csv"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

/* An order of battle as CSV (core/wb-oob-csv.c): export then import
 * changes nothing, into a game without an OOB it restores the OOB byte for
 * byte, RFC 4180 quoting in both directions, every kind of bad row reported
 * with its line, column and what was expected (and nothing applied), the
 * size limits, and undo/redo of an import. */

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

/* Every strength form and attribute type, and text that needs quoting. */
static const char tricky_game[] =
  "{\"format\": \"warbench-game\", \"version\": 4,\n"
  " \"game\": {\"id\": \"tricky\", \"title\": \"Tricky\"},\n"
  " \"rules\": {\"family\": \"blind-swords\"},\n"
  " \"sides\": [{\"id\": \"union\", \"name\": \"Union\"}, {\"id\": \"csa\", \"name\": \"Confederate\"}],\n"
  " \"unit_classes\": [\n"
  "  {\"id\": \"infantry\", \"name\": \"Infantry\", \"symbol\": \"infantry\", \"attrs\": [\n"
  "    {\"id\": \"movement\", \"name\": \"Movement\", \"type\": \"int\", \"min\": 0, \"max\": 12},\n"
  "    {\"id\": \"weapon\", \"name\": \"Weapon\", \"type\": \"string\"},\n"
  "    {\"id\": \"fragile\", \"name\": \"Fragile\", \"type\": \"bool\"},\n"
  "    {\"id\": \"morale\", \"name\": \"Morale\", \"type\": \"number\", \"min\": 0, \"max\": 10}]},\n"
  "  {\"id\": \"hq\", \"name\": \"HQ\", \"symbol\": \"hq\", \"attrs\": [\n"
  "    {\"id\": \"firepower\", \"name\": \"Firepower\", \"type\": \"firepower\"},\n"
  "    {\"id\": \"note\", \"name\": \"A note attribute\", \"type\": \"string\"},\n"
  "    {\"id\": \"movement\", \"name\": \"Movement\", \"type\": \"int\", \"min\": 0, \"max\": 12}]}\n"
  " ],\n"
  " \"formations\": [\n"
  "  {\"id\": \"army\", \"name\": \"Army, of \\\"the\\\" Tennessee\", \"echelon\": \"army\", \"side\": \"union\"},\n"
  "  {\"id\": \"xv\", \"name\": \"XV Corps\", \"echelon\": \"corps\", \"side\": \"union\", \"parent\": \"army\"},\n"
  "  {\"id\": \"1-xv\", \"echelon\": \"division\", \"side\": \"union\", \"parent\": \"xv\", \"color\": \"#aa3300\"},\n"
  "  {\"id\": \"lee\", \"side\": \"csa\"}\n"
  " ],\n"
  " \"units\": [\n"
  "  {\"id\": \"u1\", \"name\": \" Leading space\", \"designation\": \"1/1\", \"side\": \"union\", \"class\": \"infantry\", \"formation\": \"1-xv\", \"size\": \"X\", \"strength\": {\"steps\": [12, 8, 4], \"current\": 1}, \"attrs\": {\"movement\": 6, \"weapon\": \"R\", \"fragile\": true, \"morale\": 3.5}, \"note\": \"Two lines,\\nwith \\\"quotes\\\"\\r\\nand a CRLF\"},\n"
  "  {\"id\": \"u2\", \"side\": \"union\", \"class\": \"infantry\", \"formation\": \"xv\", \"strength\": {\"fresh\": 3, \"worn\": 2, \"current\": \"worn\"}, \"attrs\": {\"weapon\": \"\", \"fragile\": false, \"morale\": 0.1}, \"note\": \"\"},\n"
  "  {\"id\": \"u3\", \"name\": \"Cadre\", \"side\": \"csa\", \"class\": \"infantry\", \"strength\": \"C\"},\n"
  "  {\"id\": \"u4\", \"name\": \"Half\", \"designation\": \"\", \"side\": \"csa\", \"class\": \"infantry\", \"formation\": \"lee\", \"strength\": 2.5, \"attrs\": {\"morale\": 1e-7}},\n"
  "  {\"id\": \"hq1\", \"name\": \"Sherman\", \"side\": \"union\", \"class\": \"hq\", \"formation\": \"army\", \"strength\": {\"steps\": [1]}, \"attrs\": {\"firepower\": \"A2\", \"note\": \"attr, named note\", \"movement\": 8}},\n"
  "  {\"id\": \"u5\", \"name\": \"Ünïcödé — “quoted”\", \"side\": \"csa\", \"class\": \"infantry\", \"strength\": {\"fresh\": 0.5, \"worn\": 0}}\n"
  " ]}\n";

static WbGame *
load_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load_from_data (text, -1, "test.warbench", &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static WbGame *
load_file (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s: %s", path, error ? error->message : "");
  return game;
}

static char *
export (WbGame *game)
{
  GString *out = g_string_new (NULL);

  wb_oob_csv_export (game, out);
  return g_string_free (out, FALSE);
}

static char *
to_data (WbGame *game)
{
  return wb_game_to_data (game, NULL);
}

/* Parses and asserts there is no problem. */
static WbOobCsvImport *
parse_ok (WbGame     *game,
          const char *csv)
{
  g_autoptr(GError) error = NULL;
  WbOobCsvImport *import = wb_oob_csv_parse (game, csv, -1, &error);

  ck_assert_msg (import != NULL, "%s", error ? error->message : "");
  ck_assert_msg (wb_oob_csv_import_check (import, &error), "%s", error ? error->message : "");
  return import;
}

static void
apply (WbGame         *game,
       WbOobCsvImport *import)
{
  g_autoptr(WbCommand) command = wb_command_import_oob_new (game, import);
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_command_apply (command, &error), "%s", error ? error->message : "");
}

/* Takes the whole OOB out of @game (scenarios keep naming its units: the
 * copy is only a target to import into). */
static void
empty_oob (WbGame *game)
{
  g_autoptr(GPtrArray) formations = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_formation_free);
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_object_unref);

  wb_game_swap_oob (game, &formations, &units);
  ck_assert_uint_eq (wb_game_get_units (game)->len, 0);
}

/* Export → import into the same game changes nothing; into an emptied
 * copy restores the OOB byte for byte; undo empties it again. */
static void
check_round_trip (const char *what,
                  WbGame     *game,
                  WbGame     *copy)
{
  g_autofree char *csv = export (game);
  g_autofree char *data = to_data (game);
  g_autofree char *empty_data = NULL, *restored = NULL, *undone = NULL, *redone = NULL;
  g_autofree char *again = NULL, *csv2 = NULL;
  g_autoptr(WbOobCsvImport) same = parse_ok (game, csv);
  g_autoptr(WbOobCsvImport) fresh = NULL;
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GError) error = NULL;
  WbOobCsvSummary summary;

  ck_assert_msg (wb_oob_csv_import_is_noop (same), "%s: importing its own CSV changes it", what);
  apply (game, same);
  again = to_data (game);
  ck_assert_msg (strcmp (data, again) == 0, "%s: the game file changed", what);
  csv2 = export (game);
  ck_assert_str_eq (csv, csv2);

  empty_oob (copy);
  empty_data = to_data (copy);
  fresh = parse_ok (copy, csv);
  wb_oob_csv_import_get_summary (fresh, &summary);
  ck_assert_uint_eq (summary.units_added, wb_game_get_units (game)->len);
  ck_assert_uint_eq (summary.formations_added, wb_game_get_formations (game)->len);
  ck_assert_uint_eq (summary.units_removed + summary.units_changed, 0);
  g_autoptr(WbCommand) command = wb_command_import_oob_new (copy, fresh);
  ck_assert (wb_undo_stack_push (stack, command, &error));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Import order of battle");
  restored = to_data (copy);
  ck_assert_msg (strcmp (data, restored) == 0, "%s: the OOB did not come back as it was", what);
  ck_assert (wb_undo_stack_undo (stack));
  undone = to_data (copy);
  ck_assert_str_eq (empty_data, undone);
  ck_assert (wb_undo_stack_redo (stack));
  redone = to_data (copy);
  ck_assert_str_eq (data, redone);
}

START_TEST (test_bundled_round_trip)
{
  g_autofree char *dir = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint with_units = 0;
  gboolean wilderness = FALSE;

  ck_assert (d != NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(WbGame) game = NULL, copy = NULL;

      if (!g_str_has_suffix (name, ".warbench"))
        continue;
      path = g_build_filename (dir, name, NULL);
      game = load_file (path);
      if (wb_game_get_units (game)->len == 0)
        continue;
      copy = load_file (path);
      check_round_trip (name, game, copy);
      with_units++;
      wilderness |= strcmp (name, "battle-of-the-wilderness.warbench") == 0;
    }
  ck_assert_uint_ge (with_units, 1);
  ck_assert (wilderness);
}
END_TEST

START_TEST (test_tricky_round_trip)
{
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autoptr(WbGame) copy = load_text (tricky_game);
  g_autofree char *csv = export (game);

  /* The header: fixed columns, then attributes in class order; "note" is
   * both, so the attribute's column is "attr.note". */
  ck_assert (g_str_has_prefix (csv, "kind,side,formation,path,id,name,designation,class,size,"
                                    "strength,current,echelon,color,note,movement,weapon,fragile,"
                                    "morale,firepower,attr.note\r\n"));
  /* Formations first, with the path of names above them. */
  ck_assert (strstr (csv, "\r\nformation,union,,,army,\"Army, of \"\"the\"\" Tennessee\",,,,,,army,,,,,,,,\r\n"));
  ck_assert (strstr (csv, "\r\nformation,union,xv,\"Army, of \"\"the\"\" Tennessee / XV Corps\",1-xv,,,,,,,division,#aa3300,"));
  /* Steps with the current step counted from 1, leading space quoted,
   * embedded line breaks (CRLF kept inside the cell), doubled quotes. */
  ck_assert (strstr (csv, "\r\nunit,union,1-xv,\"Army, of \"\"the\"\" Tennessee / XV Corps / 1-xv\",u1,\" Leading space\",1/1,infantry,X,12/8/4,2,,,"
                          "\"Two lines,\nwith \"\"quotes\"\"\r\nand a CRLF\",6,R,true,3.5,,\r\n"));
  /* Sides and "worn"; empty texts quoted so they stay empty texts. */
  ck_assert (strstr (csv, "\r\nunit,union,xv,\"Army, of \"\"the\"\" Tennessee / XV Corps\",u2,u2,,infantry,,3|2,worn,,,\"\",,\"\",false,0.1,,\r\n"));
  ck_assert (strstr (csv, "\r\nunit,csa,,,u3,Cadre,,infantry,,C,,,,,,,,,,\r\n"));
  ck_assert (strstr (csv, ",u4,Half,\"\",infantry,,2½,,,,,,,,1e-07,,\r\n"));
  ck_assert (strstr (csv, ",hq1,Sherman,,hq,,1,1,,,,8,,,,A2,\"attr, named note\"\r\n"));
  ck_assert (strstr (csv, ",u5,Ünïcödé — “quoted”,,infantry,,C|0,fresh,"));

  check_round_trip ("tricky", game, copy);
}
END_TEST

/* RFC 4180 as spreadsheets write it: CRLF or LF, a byte-order mark, quoted
 * commas, quotes and line breaks, blank lines, no final line end. */
START_TEST (test_quoting)
{
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autoptr(WbOobCsvImport) import = NULL;
  static const char csv[] =
    "\xef\xbb\xbf" "kind,side,id,name,class,strength,current,note,weapon,fragile\r\n"
    "unit,union,a,\"Smith, J.\",infantry,7½,,\"He said \"\"go\"\"\r\nthen,\n\"\"stopped\"\"\",\"\",TRUE\n"
    "\n"
    ",,,,,,,,,\r\n"
    "unit,csa,b,\"\",infantry,\"12/ 8 /4\",3,,R,no";
  WbUnit *a, *b;
  GPtrArray *units;

  import = parse_ok (game, csv);
  units = wb_oob_csv_import_get_units (import);
  ck_assert_uint_eq (units->len, 2);
  a = g_ptr_array_index (units, 0);
  b = g_ptr_array_index (units, 1);
  ck_assert_str_eq (wb_unit_get_name (a), "Smith, J.");
  ck_assert_str_eq (wb_unit_get_note (a), "He said \"go\"\r\nthen,\n\"stopped\"");
  ck_assert_int_eq (wb_unit_get_strength (a)->halves[0], 15);
  ck_assert_str_eq (wb_unit_get_attr (a, "weapon")->s, "");
  ck_assert (wb_unit_get_attr (a, "fragile")->b);
  ck_assert_str_eq (wb_unit_get_name (b), "");
  ck_assert_int_eq (wb_unit_get_strength (b)->kind, WB_STRENGTH_STEPS);
  ck_assert_int_eq (wb_unit_get_strength (b)->n, 3);
  ck_assert_int_eq (wb_unit_get_strength (b)->current, 2);
  ck_assert (!wb_unit_get_attr (b, "fragile")->b);
  ck_assert_uint_eq (wb_oob_csv_import_get_row (import, 1)->line, 7);
  ck_assert_uint_eq (wb_oob_csv_import_get_n_rows (import), 2);
}
END_TEST

/* A valid CSV for tricky_game, and one line replaced at a time. */
static const char base_header[] =
  "kind,side,formation,path,id,name,designation,class,size,strength,current,echelon,color,note,"
  "movement,weapon,fragile,morale,firepower,attr.note\n";
static const char * const base_rows[] = {
  /* line 2 */ "formation,union,,,army,Army,,,,,,army,,,,,,,,\n",
  /* line 3 */ "formation,union,army,ignored,xv,XV Corps,,,,,,corps,#112233,,,,,,,\n",
  /* line 4 */ "formation,csa,,,lee,Lee,,,,,,,,,,,,,,\n",
  /* line 5 */ "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,3,,\n",
  /* line 6 */ "unit,csa,lee,,u2,Two,,infantry,,3|2,fresh,,,,,,,,,\n",
  /* line 7 */ "unit,union,army,,hq1,Sherman,,hq,,1,,,,,8,,,,A2,x\n",
};

typedef struct {
  guint       row;        /* 0: change nothing; else the line (2…) to replace */
  const char *replacement;
  int         code;
  guint       line;
  const char *column;     /* NULL: the whole row */
  const char *message;    /* a part of the message */
} BadRow;

static const BadRow bad_rows[] = {
  { 5, "unit,union,xv,,u1,One,,infantry,X,x12,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "strength",
    "expected a number from 0 to 10000 such as 7 or 3½ (C for ½), steps like 12/8/4 (at most 8), "
    "or fresh|worn like 3|2; found “x12”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_MISSING, 5, "strength", "expected strength points" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,1/2/3/4/5/6/7/8/9,,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "strength", "at most 8" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,3|2|1,,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "strength", "found “3|2|1”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,10001,,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "strength", "found “10001”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,4,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "current", "expected the step in force, 1 (the strongest) to 3, found “4”" },
  { 6, "unit,csa,lee,,u2,Two,,infantry,,3|2,tired,,,,,,,,,\n",
    WB_OOB_CSV_ERROR_VALUE, 6, "current", "expected fresh or worn, found “tired”" },
  { 7, "unit,union,army,,hq1,Sherman,,hq,,1,2,,,,8,,,,A2,x\n",
    WB_OOB_CSV_ERROR_VALUE, 7, "current",
    "a single value has no other step: expected 1 (a list of one step) or nothing, found “2”" },
  { 5, "unit,usa,xv,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_REFERENCE, 5, "side", "unknown side “usa” (expected one of: union, csa)" },
  { 5, "unit,,xv,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_MISSING, 5, "side", "expected a side (one of: union, csa)" },
  { 5, "unit,union,xv,,u1,One,,infantri,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_REFERENCE, 5, "class", "unknown unit class “infantri” (expected one of: infantry, hq)" },
  { 5, "unit,union,xv,,u1,One,,,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_MISSING, 5, "class", "expected a unit class" },
  { 5, "unit,union,xvi,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_REFERENCE, 5, "formation", "no formation “xvi” in the CSV" },
  { 5, "unit,union,lee,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_REFERENCE, 5, "formation", "formation “lee” belongs to side “csa”, not “union”" },
  { 5, "unit,union,xv,,u 1,One,,infantry,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "id", "“u 1” is not an id" },
  { 5, "unit,union,xv,,,One,,infantry,X,12/8/4,1,,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_MISSING, 5, "id", "expected the unit’s id" },
  { 6, "unit,csa,lee,,u1,Two,,infantry,,3|2,fresh,,,,,,,,,\n",
    WB_OOB_CSV_ERROR_DUPLICATE, 6, "id", "unit “u1” is already on line 5" },
  { 4, "formation,csa,,,xv,Lee,,,,,,,,,,,,,,\n",
    WB_OOB_CSV_ERROR_DUPLICATE, 4, "id", "formation “xv” is already on line 3" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,13,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "movement", "13 is out of range (expected 0 to 12)" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,6.5,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "movement", "expected a whole number from 0 to 12, found “6.5”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,0x6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "movement", "expected a whole number from 0 to 12, found “0x6”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,inf,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "morale", "expected a number from 0 to 10, found “inf”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,6,R,maybe,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "fragile", "expected true or false (or yes or no), found “maybe”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,high,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "morale", "expected a number from 0 to 10, found “high”" },
  { 7, "unit,union,army,,hq1,Sherman,,hq,,1,,,,,8,,,,22,x\n",
    WB_OOB_CSV_ERROR_VALUE, 7, "firepower", "expected a firepower rating such as “A2”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,,,,6,R,true,3,A2,\n",
    WB_OOB_CSV_ERROR_REFERENCE, 5, "firepower", "unit class “infantry” has no attribute “firepower”" },
  { 5, "unit,union,xv,,u1,One,,infantry,X,12/8/4,1,division,,,6,R,true,3,,\n",
    WB_OOB_CSV_ERROR_VALUE, 5, "echelon", "a unit has no echelon" },
  { 3, "formation,union,army,,xv,XV Corps,,,,,,corps,red,,,,,,,\n",
    WB_OOB_CSV_ERROR_VALUE, 3, "color", "“red” is not a colour (expected #rrggbb)" },
  { 3, "formation,union,army,,xv,XV Corps,,,,7,,corps,,,,,,,,\n",
    WB_OOB_CSV_ERROR_VALUE, 3, "strength", "a formation has no strength" },
  { 3, "formation,union,army,,xv,XV Corps,,,,,,corps,,,6,,,,,\n",
    WB_OOB_CSV_ERROR_VALUE, 3, "movement", "a formation has no attributes" },
  { 2, "formation,union,xv,,army,Army,,,,,,army,,,,,,,,\n",
    WB_OOB_CSV_ERROR_REFERENCE, 2, "formation", "no formation “xv” on an earlier line" },
  { 4, "formation,csa,xv,,lee,Lee,,,,,,,,,,,,,,\n",
    WB_OOB_CSV_ERROR_REFERENCE, 4, "formation", "formation “xv” belongs to side “union”, not “csa”" },
  { 6, "brigade,csa,lee,,u2,Two,,infantry,,3|2,fresh,,,,,,,,,\n",
    WB_OOB_CSV_ERROR_VALUE, 6, "kind", "expected unit or formation, found “brigade”" },
  { 6, ",csa,lee,,u2,Two,,infantry,,3|2,fresh,,,,,,,,,\n",
    WB_OOB_CSV_ERROR_MISSING, 6, "kind", "expected unit or formation" },
  { 6, "unit,csa,lee,,u2,Two,,infantry,,3|2,fresh\n",
    WB_OOB_CSV_ERROR_SYNTAX, 6, NULL, "11 cells, expected 20 (one per column of the header)" },
  { 1, "kind,side,formation,id,class,strength,speed\n",
    WB_OOB_CSV_ERROR_HEADER, 1, "speed", "unknown column (expected one of: kind, side" },
  { 1, "kind,side,formation,id,class,strength,Side\n",
    WB_OOB_CSV_ERROR_HEADER, 1, "Side", "the column is already column 2" },
  { 1, "kind;side;formation;id;class;strength\n",
    WB_OOB_CSV_ERROR_HEADER, 1, NULL, "separated by semicolons or tabs" },
  { 1, "kind,side,formation,id,class,movement\n",
    WB_OOB_CSV_ERROR_HEADER, 1, NULL, "the header has no column “strength”" },
};

static char *
bad_csv (const BadRow *bad)
{
  GString *s = g_string_new (bad->row == 1 ? bad->replacement : base_header);

  for (guint i = 0; i < G_N_ELEMENTS (base_rows); i++)
    g_string_append (s, bad->row == i + 2 ? bad->replacement : base_rows[i]);
  return g_string_free (s, FALSE);
}

START_TEST (test_base_is_valid)
{
  g_autoptr(WbGame) game = load_text (tricky_game);
  BadRow none = { 0 };
  g_autofree char *csv = bad_csv (&none);
  g_autoptr(WbOobCsvImport) import = parse_ok (game, csv);
  WbOobCsvSummary s;

  wb_oob_csv_import_get_summary (import, &s);
  ck_assert_uint_eq (wb_oob_csv_import_get_units (import)->len, 3);
  ck_assert_uint_eq (wb_oob_csv_import_get_formations (import)->len, 3);
  ck_assert_uint_eq (s.formations_removed, 1);   /* 1-xv */
  ck_assert_uint_eq (s.units_removed, 3);        /* u3, u4, u5 */
}
END_TEST

START_TEST (test_bad_row)
{
  const BadRow *bad = &bad_rows[_i];
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autofree char *before = to_data (game);
  g_autofree char *after = NULL, *csv = bad_csv (bad);
  g_autoptr(WbOobCsvImport) import = NULL;
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  const WbOobCsvIssue *issue = NULL;
  g_autofree char *text = NULL;

  import = wb_oob_csv_parse (game, csv, -1, &error);
  ck_assert_msg (import != NULL, "%s", error ? error->message : "");
  ck_assert_uint_ge (wb_oob_csv_import_get_n_issues (import), 1);
  /* The expected problem is among those found (one bad cell may also make
   * a unit look removed). */
  for (guint i = 0; i < wb_oob_csv_import_get_n_issues (import) && issue == NULL; i++)
    {
      const WbOobCsvIssue *candidate = wb_oob_csv_import_get_issue (import, i);
      if (candidate->line == bad->line && g_strcmp0 (candidate->column, bad->column) == 0)
        issue = candidate;
    }
  ck_assert_msg (issue != NULL, "%u: no problem on line %u, column %s; first: %s", _i, bad->line,
                 bad->column, wb_oob_csv_import_get_issue (import, 0)->message);
  ck_assert_int_eq (issue->code, bad->code);
  ck_assert_msg (strstr (issue->message, bad->message) != NULL, "“%s” lacks “%s”",
                 issue->message, bad->message);
  text = wb_oob_csv_issue_to_string (issue);
  if (bad->column != NULL)
    {
      g_autofree char *prefix = g_strdup_printf ("line %u, column %s: ", bad->line, bad->column);
      ck_assert_msg (g_str_has_prefix (text, prefix), "%s", text);
    }

  ck_assert (!wb_oob_csv_import_check (import, &error));
  ck_assert (error != NULL && error->domain == WB_OOB_CSV_ERROR);
  ck_assert (strstr (error->message, issue->message) != NULL);
  g_clear_error (&error);

  /* Nothing is applied. */
  command = wb_command_import_oob_new (game, import);
  ck_assert (!wb_command_apply (command, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
  after = to_data (game);
  ck_assert_str_eq (before, after);
}
END_TEST

/* Text that cannot be split into rows: one error, with the line. */
typedef struct {
  const char *csv;
  int         code;
  const char *message;
} BadText;

static const BadText bad_texts[] = {
  { "kind,id\nunit,\"open\n\n", WB_OOB_CSV_ERROR_SYNTAX,
    "line 2: a quoted cell that starts here is never closed" },
  { "kind,id\nunit,a\"b\n", WB_OOB_CSV_ERROR_SYNTAX, "line 2: a quote inside an unquoted cell" },
  { "kind,id\nunit,\"a\"b\n", WB_OOB_CSV_ERROR_SYNTAX, "line 2: text after a cell’s closing quote" },
  { "kind,id\n\"x\ny\",z\rw\n", WB_OOB_CSV_ERROR_SYNTAX,
    "line 3: a carriage return that does not end a line" },
  { "kind,id\nunit,\xff\n", WB_OOB_CSV_ERROR_ENCODING, "line 2: the text is not UTF-8" },
  { "\n\r\n", WB_OOB_CSV_ERROR_SYNTAX, "The CSV is empty" },
};

START_TEST (test_bad_text)
{
  const BadText *bad = &bad_texts[_i];
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbOobCsvImport) import = wb_oob_csv_parse (game, bad->csv, -1, &error);

  ck_assert (import == NULL);
  ck_assert_error (error, WB_OOB_CSV_ERROR, bad->code);
  ck_assert_msg (g_str_has_prefix (error->message, bad->message), "%s", error->message);
}
END_TEST

START_TEST (test_size_limits)
{
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbOobCsvImport) import = NULL;
  g_autoptr(GString) s = g_string_new (NULL);
  gsize big = (gsize) WB_OOB_CSV_MAX_SIZE + 1;
  g_autofree char *huge = g_malloc (big);

  /* The whole text. */
  memset (huge, 'a', big);
  import = wb_oob_csv_parse (game, huge, (gssize) big, &error);
  ck_assert (import == NULL);
  ck_assert_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* One cell. */
  g_string_append (s, "kind,id\nunit,\"");
  for (guint i = 0; i <= WB_OOB_CSV_MAX_CELL; i++)
    g_string_append_c (s, 'x');
  g_string_append (s, "\"\n");
  import = wb_oob_csv_parse (game, s->str, (gssize) s->len, &error);
  ck_assert (import == NULL);
  ck_assert_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_TOO_LARGE);
  ck_assert_msg (g_str_has_prefix (error->message, "line 2: a cell longer than"), "%s", error->message);
  g_clear_error (&error);

  /* Columns. */
  g_string_truncate (s, 0);
  for (guint i = 0; i <= WB_OOB_CSV_MAX_COLUMNS; i++)
    g_string_append (s, "c,");
  g_string_append (s, "c\n");
  import = wb_oob_csv_parse (game, s->str, (gssize) s->len, &error);
  ck_assert (import == NULL);
  ck_assert_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* Rows. */
  g_string_assign (s, "kind,id\n");
  for (guint i = 0; i <= WB_OOB_CSV_MAX_ROWS + 1; i++)
    g_string_append (s, "u,x\n");
  import = wb_oob_csv_parse (game, s->str, (gssize) s->len, &error);
  ck_assert (import == NULL);
  ck_assert_error (error, WB_OOB_CSV_ERROR, WB_OOB_CSV_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* Many bad rows: a bounded list, and a count of the rest. */
  g_string_assign (s, base_header);
  for (guint i = 0; i < 2 * WB_OOB_CSV_MAX_ISSUES; i++)
    g_string_append (s, "unit,union,,,x,,,infantry,,bad,,,,,,,,,,\n");
  import = wb_oob_csv_parse (game, s->str, (gssize) s->len, &error);
  ck_assert (import != NULL);
  ck_assert_uint_eq (wb_oob_csv_import_get_n_issues (import), WB_OOB_CSV_MAX_ISSUES + 1);
  ck_assert (strstr (wb_oob_csv_import_get_issue (import, WB_OOB_CSV_MAX_ISSUES)->message, "more problems"));
}
END_TEST

/* A unit a scenario uses cannot be dropped. */
START_TEST (test_in_use)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "battle-of-the-wilderness.warbench", NULL);
  g_autoptr(WbGame) game = load_file (path);
  g_autofree char *csv = export (game);
  g_autoptr(GString) cut = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (csv, "\r\n", -1);
  g_autoptr(WbOobCsvImport) import = NULL;
  g_autoptr(GError) error = NULL;
  const WbOobCsvIssue *issue;

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], ",stafford,") == NULL && lines[i][0] != '\0')
      g_string_append_printf (cut, "%s\r\n", lines[i]);
  import = wb_oob_csv_parse (game, cut->str, -1, &error);
  ck_assert (import != NULL);
  ck_assert_uint_eq (wb_oob_csv_import_get_n_issues (import), 1);
  issue = wb_oob_csv_import_get_issue (import, 0);
  ck_assert_int_eq (issue->code, WB_OOB_CSV_ERROR_IN_USE);
  ck_assert_uint_eq (issue->line, 0);
  ck_assert_str_eq (issue->message, "unit “stafford” is not in the CSV, but scenario “historical” "
                                    "sets it up: keep its row, or take it out of the scenario first");
  ck_assert_uint_eq (wb_oob_csv_import_get_removed_units (import)->len, 1);
}
END_TEST

static void
on_changed (WbGame     *game,
            const char *what,
            GString    *log)
{
  g_string_append_printf (log, "%s;", what);
}

/* Add, change, remove and reorder in one step; undo puts back every unit
 * object as it was, redo redoes it. */
START_TEST (test_undo)
{
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autofree char *before = to_data (game);
  g_autofree char *after = NULL, *undone = NULL, *redone = NULL;
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(WbOobCsvImport) import = NULL;
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  BadRow none = { 0 };
  g_autofree char *csv = bad_csv (&none);
  WbUnit *u1 = wb_game_find_unit (game, "u1");
  WbOobCsvSummary s;
  GPtrArray *units;

  g_object_ref (u1);
  import = parse_ok (game, csv);
  wb_oob_csv_import_get_summary (import, &s);
  ck_assert_uint_eq (s.units_added, 0);
  ck_assert_uint_eq (s.units_changed, 3);
  ck_assert_uint_eq (s.units_removed, 3);
  ck_assert_uint_eq (s.formations_changed, 3);
  ck_assert_uint_eq (s.formations_removed, 1);
  ck_assert_int_eq (wb_oob_csv_import_get_row (import, 3)->change, WB_OOB_CSV_CHANGED);
  ck_assert (!wb_oob_csv_import_is_noop (import));

  g_signal_connect (game, "changed", G_CALLBACK (on_changed), log);
  command = wb_command_import_oob_new (game, import);
  ck_assert (wb_undo_stack_push (stack, command, &error));
  ck_assert_str_eq (log->str, "formations;units;");
  units = wb_game_get_units (game);
  ck_assert_uint_eq (units->len, 3);
  /* Kept units are the same objects, updated. */
  ck_assert_ptr_eq (wb_game_find_unit (game, "u1"), u1);
  ck_assert_str_eq (wb_unit_get_name (u1), "One");
  ck_assert_int_eq (wb_unit_get_strength (u1)->current, 0);
  ck_assert (wb_unit_get_note (u1) == NULL);
  ck_assert (wb_unit_get_attr (u1, "weapon") != NULL);
  ck_assert_ptr_eq (wb_game_find_formation (game, "1-xv"), NULL);
  ck_assert_str_eq (wb_game_find_formation (game, "xv")->color, "#112233");
  after = to_data (game);

  ck_assert (wb_undo_stack_undo (stack));
  ck_assert_str_eq (log->str, "formations;units;formations;units;");
  undone = to_data (game);
  ck_assert_str_eq (before, undone);
  ck_assert_ptr_eq (wb_game_find_unit (game, "u1"), u1);
  ck_assert_str_eq (wb_unit_get_name (u1), " Leading space");
  ck_assert_int_eq (wb_unit_get_strength (u1)->current, 1);
  ck_assert (wb_game_find_unit (game, "u5") != NULL);

  ck_assert (wb_undo_stack_redo (stack));
  redone = to_data (game);
  ck_assert_str_eq (after, redone);
  g_signal_handlers_disconnect_by_func (game, on_changed, log);
  g_object_unref (u1);
}
END_TEST

/* Parsed against a game that then changes: apply checks again. */
START_TEST (test_stale_import)
{
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autofree char *csv = export (game);
  g_autoptr(WbOobCsvImport) import = parse_ok (game, csv);
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  WbUnitType *hq = wb_game_find_unit_class (game, "hq");

  /* The hq class loses its firepower attribute after parsing. */
  for (guint i = 0; i < hq->attrs->len; i++)
    if (strcmp (((WbAttrDef *) g_ptr_array_index (hq->attrs, i))->id, "firepower") == 0)
      g_ptr_array_remove_index (hq->attrs, i);
  command = wb_command_import_oob_new (game, import);
  ck_assert (!wb_command_apply (command, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID);
}
END_TEST

START_TEST (test_write_stream)
{
  g_autoptr(WbGame) game = load_text (tricky_game);
  g_autofree char *csv = export (game);
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  ck_assert (wb_oob_csv_write (game, stream, NULL, &error));
  ck_assert (g_output_stream_close (stream, NULL, NULL));
  ck_assert_uint_eq (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream)), strlen (csv));
  ck_assert (memcmp (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (stream)), csv, strlen (csv)) == 0);
}
END_TEST

static Suite *
oob_csv_suite (void)
{
  Suite *s = suite_create ("oob-csv");
  TCase *tc = tcase_create ("core");

  tcase_add_test (tc, test_bundled_round_trip);
  tcase_add_test (tc, test_tricky_round_trip);
  tcase_add_test (tc, test_quoting);
  tcase_add_test (tc, test_base_is_valid);
  tcase_add_loop_test (tc, test_bad_row, 0, G_N_ELEMENTS (bad_rows));
  tcase_add_loop_test (tc, test_bad_text, 0, G_N_ELEMENTS (bad_texts));
  tcase_add_test (tc, test_size_limits);
  tcase_add_test (tc, test_in_use);
  tcase_add_test (tc, test_undo);
  tcase_add_test (tc, test_stale_import);
  tcase_add_test (tc, test_write_stream);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (oob_csv_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
