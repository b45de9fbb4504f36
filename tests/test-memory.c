/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bounded memory on every input (issue 15): loading a game file takes at
 * most wb_format_memory_budget() of its size — ten times it plus 64 MiB,
 * never over 1 GiB — or is refused, before allocating, with
 * WB_FORMAT_ERROR_TOO_LARGE. Each test builds a file of one shape (the
 * largest legal lists of each kind, and small files whose numbers ask for
 * large grids), loads it and measures the process's peak resident size
 * around the load (the kernel's high-water mark, reset just before:
 * /proc/self/clear_refs). check runs each test in its own process.
 * A playtest journal and an order-of-battle CSV have the same budget. */
#include <check.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-journal.h"

/* AddressSanitizer's shadow memory and quarantine make resident sizes say
 * nothing of the program's: there, only what is refused is checked. */
#if defined(__SANITIZE_ADDRESS__)
#define MEASURED FALSE
#else
#define MEASURED TRUE
#endif

static const char header[] =
  "{\"format\":\"warbench-game\",\"version\":7,"
  "\"game\":{\"id\":\"mem\",\"title\":\"Memory\"},"
  "\"rules\":{\"family\":\"spi-blue-gray\",\"params\":{\"movement_allowance\":6}},"
  "\"sides\":[{\"id\":\"blue\",\"name\":\"Blue\"},{\"id\":\"red\",\"name\":\"Red\"}],"
  "\"unit_classes\":[{\"id\":\"inf\",\"name\":\"Infantry\"}],"
  "\"terrain\":[{\"id\":\"clear\",\"name\":\"Clear\",\"key\":\".\"},"
  "{\"id\":\"wood\",\"name\":\"Woods\",\"key\":\"w\"}],"
  "\"features\":[{\"id\":\"road\",\"name\":\"Road\",\"where\":\"hexside\"}]";

static long
status_kb (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  ck_assert (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, field);
  ck_assert_msg (line != NULL, "no %s in /proc/self/status", field);
  return strtol (line + strlen (field), NULL, 10);
}

/* Resets the high-water mark of the resident size to what is resident now
 * and returns it, in KiB. */
static long
reset_peak_kb (void)
{
  FILE *f;

  malloc_trim (0);
  f = fopen ("/proc/self/clear_refs", "w");
  ck_assert_msg (f != NULL, "cannot reset the peak resident size (/proc/self/clear_refs)");
  ck_assert_int_eq (fputs ("5", f) >= 0, 1);
  ck_assert_int_eq (fclose (f), 0);
  return status_kb ("VmRSS:");
}

typedef struct {
  gboolean loaded;
  int      code;          /* the error's code when not loaded */
  long     growth_kb;     /* peak resident size during the load, above what was resident */
  guint64  budget_kb;
} Load;

static Load
load (GString *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  Load l = { 0 };
  long before;

  l.budget_kb = wb_format_memory_budget (text->len) / 1024;
  before = reset_peak_kb ();
  game = wb_game_load_from_data (text->str, (gssize) text->len, "mem.warbench", &error);
  l.growth_kb = status_kb ("VmHWM:") - before;
  l.loaded = game != NULL;
  fprintf (stderr, "%zu bytes: %s, peak %ld KiB (budget %" G_GUINT64_FORMAT " KiB)\n", text->len,
           game ? "loaded" : "refused", l.growth_kb, l.budget_kb);
  if (error)
    {
      l.code = error->code;
      fprintf (stderr, "%s\n", error->message);
    }
  return l;
}

static GString *
game_text (void)
{
  GString *s = g_string_sized_new (64 * 1024 * 1024);

  g_string_append (s, header);
  return s;
}

static void
append_map (GString *s, const char *id, int cols, int rows)
{
  g_string_append_printf (s, "{\"id\":\"%s\",\"name\":\"M\",\"kind\":\"hex\",\"orientation\":\"flat\","
                          "\"cols\":%d,\"rows\":%d,\"default_terrain\":\"clear\"", id, cols, rows);
}

/* The most units a file may have, each as short as the format allows: the
 * largest list the reader builds objects from. */
START_TEST (test_units_within_budget)
{
  g_autoptr(GString) s = game_text ();
  Load l;

  g_string_append (s, ",\"units\":[");
  for (int i = 0; i < WB_GAME_MAX_UNITS; i++)
    g_string_append_printf (s, "%s{\"id\":\"u%d\",\"side\":\"blue\",\"class\":\"inf\",\"strength\":%d}",
                            i ? "," : "", i, 1 + i % 9);
  g_string_append (s, "]}");
  l = load (s);
  ck_assert_msg (l.loaded, "a file of %zu bytes with %d units is refused", s->len, WB_GAME_MAX_UNITS);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%d units: %ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 WB_GAME_MAX_UNITS, l.growth_kb, l.budget_kb);
}
END_TEST

/* Formations and units, both full: either it fits or it is refused as too
 * large — never loaded over the budget. */
START_TEST (test_formations_and_units)
{
  g_autoptr(GString) s = game_text ();
  Load l;

  g_string_append (s, ",\"formations\":[");
  for (int i = 0; i < WB_GAME_MAX_UNITS; i++)
    g_string_append_printf (s, "%s{\"id\":\"f%d\",\"side\":\"red\"}", i ? "," : "", i);
  g_string_append (s, "],\"units\":[");
  for (int i = 0; i < WB_GAME_MAX_UNITS; i++)
    g_string_append_printf (s, "%s{\"id\":\"u%d\",\"side\":\"red\",\"class\":\"inf\",\"strength\":2,\"formation\":\"f%d\"}",
                            i ? "," : "", i, i);
  g_string_append (s, "]}");
  l = load (s);
  ck_assert_msg (l.loaded || l.code == WB_FORMAT_ERROR_TOO_LARGE, "refused with error %d", l.code);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

/* A few bytes a map ask for a million hexes each: fifty of them used to
 * take 400 MB from a 4 KB file. The load is refused once the grids pass
 * the budget, and takes no more than it. */
START_TEST (test_map_grids_refused)
{
  g_autoptr(GString) s = game_text ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  Load l;

  g_string_append (s, ",\"maps\":[");
  for (int i = 0; i < 50; i++)
    {
      g_autofree char *id = g_strdup_printf ("m%d", i);
      if (i)
        g_string_append_c (s, ',');
      append_map (s, id, WB_HEX_MAP_MAX_DIM, WB_HEX_MAP_MAX_DIM);
      g_string_append_c (s, '}');
    }
  g_string_append (s, "]}");
  l = load (s);
  ck_assert_msg (!l.loaded && l.code == WB_FORMAT_ERROR_TOO_LARGE, "50 maps of a million hexes: loaded or error %d",
                 l.code);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
  game = wb_game_load_from_data (s->str, (gssize) s->len, "mem.warbench", &error);
  ck_assert (game == NULL);
  /* Located and explained: the map that passes the budget, and the rule. */
  ck_assert_msg (strstr (error->message, "mem.warbench:1:") && strstr (error->message, "$.maps[") &&
                 strstr (error->message, "10 times its size"), "%s", error->message);
}
END_TEST

/* One map of the largest size is a legal game, and fits. */
START_TEST (test_one_large_map_fits)
{
  g_autoptr(GString) s = game_text ();
  Load l;

  g_string_append (s, ",\"maps\":[");
  append_map (s, "big", WB_HEX_MAP_MAX_DIM, WB_HEX_MAP_MAX_DIM);
  /* Every row of terrain and levels written out, and hexes with labels. */
  g_string_append (s, ",\"terrain\":[");
  for (int y = 0; y < WB_HEX_MAP_MAX_DIM; y++)
    {
      g_string_append (s, y ? ",\"" : "\"");
      for (int x = 0; x < WB_HEX_MAP_MAX_DIM; x++)
        g_string_append_c (s, (x + y) % 7 ? '.' : 'w');
      g_string_append_c (s, '"');
    }
  g_string_append (s, "],\"elevation\":[");
  for (int y = 0; y < WB_HEX_MAP_MAX_DIM; y++)
    {
      g_string_append (s, y ? ",\"" : "\"");
      for (int x = 0; x < WB_HEX_MAP_MAX_DIM; x++)
        g_string_append_c (s, '0' + (x * y) % 10);
      g_string_append_c (s, '"');
    }
  g_string_append (s, "],\"hexes\":[");
  for (int i = 0; i < 200000; i++)
    g_string_append_printf (s, "%s{\"hex\":\"%04d%04d\",\"label\":\"h%d\"}", i ? "," : "",
                            1 + i % WB_HEX_MAP_MAX_DIM, 1 + i / WB_HEX_MAP_MAX_DIM, i);
  g_string_append (s, "],\"hexsides\":[");
  for (int i = 0; i < 200000; i++)
    g_string_append_printf (s, "%s{\"hex\":\"%04d%04d\",\"dir\":\"n\",\"features\":[\"road\"]}", i ? "," : "",
                            1 + i % WB_HEX_MAP_MAX_DIM, 1 + i / WB_HEX_MAP_MAX_DIM);
  g_string_append (s, "]}]}");
  l = load (s);
  ck_assert_msg (l.loaded, "a map of %d × %d hexes (%zu bytes) is refused", WB_HEX_MAP_MAX_DIM,
                 WB_HEX_MAP_MAX_DIM, s->len);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

/* Scenarios of the most turns, from a few bytes each. */
START_TEST (test_turns_within_budget)
{
  g_autoptr(GString) s = game_text ();
  Load l;

  g_string_append (s, ",\"maps\":[");
  append_map (s, "m", 10, 10);
  g_string_append (s, "}],\"scenarios\":[");
  for (int i = 0; i < WB_GAME_MAX_ENTITIES; i++)
    g_string_append_printf (s, "%s{\"id\":\"s%d\",\"name\":\"S\",\"map\":\"m\",\"turns\":{\"count\":%d}}",
                            i ? "," : "", i, WB_SCENARIO_MAX_TURNS);
  g_string_append (s, "]}");
  l = load (s);
  ck_assert_msg (l.loaded || l.code == WB_FORMAT_ERROR_TOO_LARGE, "refused with error %d", l.code);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

/* Tables of the most cells, each a one-letter result. */
START_TEST (test_tables_within_budget)
{
  g_autoptr(GString) s = game_text ();
  Load l;

  g_string_append (s, ",\"tables\":[");
  for (int t = 0; t < 60; t++)
    {
      g_string_append_printf (s, "%s{\"id\":\"t%d\",\"name\":\"T\",\"kind\":\"chart\",\"columns\":[", t ? "," : "", t);
      for (int c = 0; c < 200; c++)
        g_string_append_printf (s, "%s{\"label\":\"c%d\"}", c ? "," : "", c);
      g_string_append (s, "],\"rows\":[");
      for (int r = 0; r < 400; r++)
        {
          g_string_append_printf (s, "%s{\"label\":\"r%d\",\"cells\":[", r ? "," : "", r);
          for (int c = 0; c < 200; c++)
            g_string_append (s, c ? ",\"x\"" : "\"x\"");
          g_string_append (s, "]}");
        }
      g_string_append (s, "]}");
    }
  g_string_append (s, "]}");
  l = load (s);
  ck_assert_msg (l.loaded || l.code == WB_FORMAT_ERROR_TOO_LARGE, "refused with error %d", l.code);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

static const char journal_header[] =
  "{\"format\":\"warbench-play\",\"version\":1,\"game\":{\"id\":\"mem\",\"title\":\"Memory\","
  "\"sha256\":\"d4b5343807ab656a85b14b399278c76946524f2eb7f519c1bda2083078b80e67\",\"path\":\"mem.warbench\"},"
  "\"scenario\":\"s\",\"seed\":\"2\"}\n{\"cursor\":0}\n";

static Load
load_journal (GString *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbJournal) journal = NULL;
  Load l = { 0 };
  long before;

  l.budget_kb = wb_format_memory_budget (text->len) / 1024;
  before = reset_peak_kb ();
  journal = wb_journal_load_from_data (text->str, text->len, "mem.warbench-play", NULL, &error);
  l.growth_kb = status_kb ("VmHWM:") - before;
  l.loaded = journal != NULL;
  fprintf (stderr, "%zu bytes: %s, peak %ld KiB (budget %" G_GUINT64_FORMAT " KiB)\n", text->len,
           journal ? "loaded" : "refused", l.growth_kb, l.budget_kb);
  if (error)
    {
      l.code = error->code;
      fprintf (stderr, "%s\n", error->message);
      ck_assert_msg (l.code != WB_FORMAT_ERROR_TOO_LARGE || strstr (error->message, "mem.warbench-play:"),
                     "%s", error->message);
    }
  return l;
}

static GString *
long_journal (guint n)
{
  GString *s = g_string_sized_new (64 * 1024 * 1024);

  g_string_append (s, journal_header);
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "{\"entry\":%u,\"parent\":%u,\"action\":{\"type\":\"move\",\"unit\":\"u%u\","
                            "\"path\":[{\"hex\":\"0101\"},{\"hex\":\"0102\"}]}}\n", i, i - 1, i % 100);
  return s;
}

/* A long playtest: 40,000 actions (thirty games of the Wilderness), one a
 * line, opens within its budget. */
START_TEST (test_long_journal_within_budget)
{
  g_autoptr(GString) s = long_journal (40000);
  Load l = load_journal (s);

  ck_assert_msg (l.loaded, "a journal of 40,000 actions is refused");
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

/* 300,000 actions: json-glib keeps each action in about 2 KB, twenty times
 * its line, so such a journal passes its budget and is refused — never
 * opened over it. */
START_TEST (test_huge_journal_bounded)
{
  g_autoptr(GString) s = long_journal (300000);
  Load l = load_journal (s);

  ck_assert_msg (l.loaded || l.code == WB_FORMAT_ERROR_TOO_LARGE, "refused with error %d", l.code);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

/* Actions of thousands of tiny members each: json-glib keeps every value
 * in ~170 bytes, twenty times its text. Refused once past the budget. */
START_TEST (test_wide_journal_refused)
{
  g_autoptr(GString) s = g_string_sized_new (32 * 1024 * 1024);
  g_autoptr(GString) pad = g_string_new (NULL);
  Load l;

  for (guint k = 0; k < 3000; k++)
    g_string_append_printf (pad, ",\"%x\":1", k);
  g_string_append (s, journal_header);
  for (guint i = 1; i <= 1000; i++)
    g_string_append_printf (s, "{\"entry\":%u,\"parent\":0,\"action\":{\"type\":\"end_step\"%s}}\n", i, pad->str);
  l = load_journal (s);
  ck_assert_msg (!l.loaded && l.code == WB_FORMAT_ERROR_TOO_LARGE, "loaded, or error %d", l.code);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

static Load
import_csv (GString *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbOobCsvImport) import = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (g_getenv ("WARBENCH_TEST_GAME"));
  Load l = { 0 };
  long before;

  game = wb_game_load (file, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  l.budget_kb = wb_format_memory_budget (text->len) / 1024;
  before = reset_peak_kb ();
  import = wb_oob_csv_parse (game, text->str, (gssize) text->len, &error);
  l.growth_kb = status_kb ("VmHWM:") - before;
  l.loaded = import != NULL;
  fprintf (stderr, "%zu bytes: %s, peak %ld KiB (budget %" G_GUINT64_FORMAT " KiB)\n", text->len,
           import ? "imported" : "refused", l.growth_kb, l.budget_kb);
  if (error)
    {
      l.code = error->code;
      fprintf (stderr, "%s\n", error->message);
    }
  return l;
}

#define CSV_HEADER "kind,side,formation,path,id,name,designation,class,size,strength,current,echelon,color,note,movement,range\n"

/* An order of battle of the most units a game may have, one short row each. */
START_TEST (test_csv_within_budget)
{
  g_autoptr(GString) s = g_string_sized_new (8 * 1024 * 1024);
  Load l;

  g_string_append (s, CSV_HEADER);
  for (int i = 0; i < 99000; i++)
    g_string_append_printf (s, "unit,union,,,x%d,,,infantry,,1,,,,,,\n", i);
  l = import_csv (s);
  ck_assert_msg (l.loaded, "a CSV of 99,000 units is refused");
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

/* Rows of a thousand empty cells (the first not: blank rows are
 * skipped): a byte of text each, some twenty bytes kept. Refused once past the budget, at the line that passes it. */
START_TEST (test_csv_empty_cells_refused)
{
  g_autoptr(GString) s = g_string_sized_new (32 * 1024 * 1024);
  Load l;

  g_string_append (s, CSV_HEADER);
  for (int i = 0; i < 30000; i++)
    {
      g_string_append_c (s, 'x');
      for (int c = 0; c < 1000; c++)
        g_string_append_c (s, ',');
      g_string_append_c (s, '\n');
    }
  l = import_csv (s);
  ck_assert_msg (!l.loaded && l.code == WB_OOB_CSV_ERROR_TOO_LARGE, "imported, or error %d", l.code);
  ck_assert_msg (!MEASURED || (guint64) l.growth_kb <= l.budget_kb, "%ld KiB, over the budget of %" G_GUINT64_FORMAT " KiB",
                 l.growth_kb, l.budget_kb);
}
END_TEST

/* The budget's arithmetic, as documented. */
START_TEST (test_budget_rule)
{
  ck_assert_uint_eq (wb_format_memory_budget (0), WB_FORMAT_MEMORY_ALLOWANCE);
  ck_assert_uint_eq (wb_format_memory_budget (1000000), 10000000 + WB_FORMAT_MEMORY_ALLOWANCE);
  ck_assert_uint_eq (wb_format_memory_budget (WB_FORMAT_MAX_FILE_SIZE), WB_FORMAT_MEMORY_MAX);
  ck_assert_uint_le (wb_format_memory_budget (WB_FORMAT_MAX_FILE_SIZE), (guint64) 1 << 30);
}
END_TEST

static Suite *
memory_suite (void)
{
  Suite *s = suite_create ("memory");
  TCase *tc = tcase_create ("load");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_budget_rule);
  tcase_add_test (tc, test_units_within_budget);
  tcase_add_test (tc, test_formations_and_units);
  tcase_add_test (tc, test_map_grids_refused);
  tcase_add_test (tc, test_one_large_map_fits);
  tcase_add_test (tc, test_turns_within_budget);
  tcase_add_test (tc, test_tables_within_budget);
  tcase_add_test (tc, test_long_journal_within_budget);
  tcase_add_test (tc, test_huge_journal_bounded);
  tcase_add_test (tc, test_csv_within_budget);
  tcase_add_test (tc, test_csv_empty_cells_refused);
  tcase_add_test (tc, test_wide_journal_refused);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (memory_suite ());
  int failed;

  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
