/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-thumbnailer"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <check.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

/*
 * warbench-thumbnailer run as a file manager runs it: every bundled game
 * gives a PNG within SIZE × SIZE, fitted (one side SIZE), with the map's
 * aspect and the map's colours in it; every damaged or hostile input gives
 * exit status 1 within a few seconds, no output file and no temporary file
 * beside it.
 */

/* A damaged file must be turned away within this; the thumbnailer's own
 * limits (10 s of CPU, 15 s of wall clock) are well past it, so a test that
 * passes is not leaning on them. */
#define QUICK_SECONDS 5.0
/* A whole thumbnail of the largest map the reader takes (two seconds of
 * CPU, on a machine the tests may share). */
#define HUGE_SECONDS  15.0

typedef struct {
  gboolean exited;
  int      status;       /* the exit status, or the signal */
  double   seconds;
  char    *err;          /* what it wrote on stderr */
  gboolean communicated;
  gboolean waited;
  GSubprocess *proc;
  guint    timeout;
} RunResult;

static void
run_result_clear (RunResult *r)
{
  g_clear_pointer (&r->err, g_free);
}

static void
on_communicated (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  RunResult *r = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;

  ck_assert_msg (g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &out,
                                                       &r->err, &error),
                 "%s", error != NULL ? error->message : "");
  r->communicated = TRUE;
}

static void
on_waited (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  RunResult *r = user_data;

  ck_assert (g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL));
  r->waited = TRUE;
}

static gboolean
on_timeout (gpointer user_data)
{
  RunResult *r = user_data;

  g_subprocess_force_exit (r->proc);
  r->timeout = 0;
  return G_SOURCE_REMOVE;
}

/* Runs the thumbnailer with @args (NULL-terminated); kills it after twice
 * @limit seconds (the test then fails on the time). */
static void
run_thumbnailer (const char * const *args,
                 double              limit,
                 RunResult          *r)
{
  const char *exe = g_getenv ("WARBENCH_THUMBNAILER");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;

  ck_assert_msg (exe != NULL, "WARBENCH_THUMBNAILER is not set");
  g_ptr_array_add (argv, (gpointer) exe);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  memset (r, 0, sizeof *r);
  start = g_get_monotonic_time ();
  proc = g_subprocess_newv ((const char * const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error);
  ck_assert_msg (proc != NULL, "%s", error != NULL ? error->message : "");
  /* A thumbnailer that hangs must not hang the test. */
  r->proc = proc;
  r->timeout = g_timeout_add ((guint) (limit * 2000), on_timeout, r);
  g_subprocess_communicate_utf8_async (proc, NULL, NULL, on_communicated, r);
  g_subprocess_wait_async (proc, NULL, on_waited, r);
  while (!r->communicated || !r->waited)
    g_main_context_iteration (NULL, TRUE);
  g_clear_handle_id (&r->timeout, g_source_remove);
  r->proc = NULL;
  r->seconds = (g_get_monotonic_time () - start) / 1e6;
  r->exited = g_subprocess_get_if_exited (proc);
  r->status = r->exited ? g_subprocess_get_exit_status (proc) : g_subprocess_get_term_sig (proc);
}

/* g_ptr_array_sort () passes pointers to the elements. */
static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted, joined by spaces. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  ck_assert (d != NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  if (d != NULL)
    {
      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_unlink (child);
        }
    }
  g_rmdir (path);
}

static char *
make_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("wb-thumb-XXXXXX", &error);

  ck_assert_msg (dir != NULL, "%s", error != NULL ? error->message : "");
  return dir;
}

static char *
games_dir (void)
{
  const char *src = g_getenv ("WARBENCH_SOURCE_DIR");

  ck_assert_msg (src != NULL, "WARBENCH_SOURCE_DIR is not set");
  return g_build_filename (src, "data", "games", NULL);
}

/* The bundled games, sorted: whatever data/games holds, so a new game is
 * thumbnailed without editing this test. */
static GPtrArray *
bundled_games (void)
{
  g_autofree char *dir = games_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *games = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  ck_assert (d != NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, WB_GAME_FILE_EXTENSION))
      g_ptr_array_add (games, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (games, compare_names);
  ck_assert_uint_ge (games->len, 5);
  return games;
}

/* --- Every bundled game ------------------------------------------------------ */

static void
check_thumbnail (const char *game_path,
                 int         size,
                 gboolean    as_uri)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *base = g_path_get_basename (game_path);
  g_autofree char *out = g_build_filename (dir, "thumb.png", NULL);
  g_autofree char *size_arg = g_strdup_printf ("%d", size);
  g_autofree char *uri = g_filename_to_uri (game_path, NULL, NULL);
  g_autofree char *listing = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (game_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  const char *args[] = { "-s", size_arg, as_uri ? uri : game_path, out, NULL };
  RunResult r;
  cairo_surface_t *png;
  double w, h;
  int width, height, stride;
  const guint8 *data;
  guint most = 0, not_white = 0;
  GHashTableIter iter;
  gpointer count;

  run_thumbnailer (args, QUICK_SECONDS, &r);
  ck_assert_msg (r.exited && r.status == 0, "%s at %d: status %d, %s", base, size, r.status, r.err);
  ck_assert_msg (r.seconds < QUICK_SECONDS, "%s at %d: %.1f s", base, size, r.seconds);
  ck_assert_str_eq (r.err, "");
  listing = list_dir (dir);
  ck_assert_str_eq (listing, "thumb.png");

  png = cairo_image_surface_create_from_png (out);
  ck_assert_msg (cairo_surface_status (png) == CAIRO_STATUS_SUCCESS, "%s: %s", base,
                 cairo_status_to_string (cairo_surface_status (png)));
  width = cairo_image_surface_get_width (png);
  height = cairo_image_surface_get_height (png);

  /* Fitted into SIZE × SIZE: the longer side is SIZE, the other as the map. */
  game = wb_game_load (file, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error != NULL ? error->message : "");
  wb_map_get_extent (g_ptr_array_index (wb_game_get_maps (game), 0), &w, &h);
  ck_assert_int_le (width, size);
  ck_assert_int_le (height, size);
  ck_assert_int_eq (MAX (width, height), size);
  ck_assert_msg (fabs ((double) width / height - w / h) < 2.0 / MIN (width, height) * (w / h) + 1e-9,
                 "%s: %d × %d for a map of %g × %g", base, width, height, w, h);

  /* The map, not a blank: many colours (terrain, roads, the grid), none of
   * them nearly the whole image. */
  cairo_surface_flush (png);
  data = cairo_image_surface_get_data (png);
  stride = cairo_image_surface_get_stride (png);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 px = ((const guint32 *) (data + (gsize) y * stride))[x] & 0xffffff;
        gpointer key = GUINT_TO_POINTER (px + 1);

        g_hash_table_insert (colours, key,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (colours, key)) + 1));
        if (px != 0xffffff)
          not_white++;
      }
  g_hash_table_iter_init (&iter, colours);
  while (g_hash_table_iter_next (&iter, NULL, &count))
    most = MAX (most, GPOINTER_TO_UINT (count));
  ck_assert_msg (g_hash_table_size (colours) >= 16, "%s at %d: %u colours", base, size,
                 g_hash_table_size (colours));
  ck_assert_msg (most < 0.9 * width * height, "%s at %d: one colour is %u of %d pixels", base,
                 size, most, width * height);
  ck_assert_msg (not_white > 0.5 * width * height, "%s at %d: %u of %d pixels drawn", base, size,
                 not_white, width * height);

  cairo_surface_destroy (png);
  run_result_clear (&r);
  remove_tree (dir);
}

START_TEST (test_bundled_games)
{
  g_autoptr(GPtrArray) games = bundled_games ();

  for (guint i = 0; i < games->len; i++)
    {
      check_thumbnail (g_ptr_array_index (games, i), 128, FALSE);
      /* As GNOME's thumbnail factory calls it: a file:// URI. */
      check_thumbnail (g_ptr_array_index (games, i), 256, TRUE);
    }
}
END_TEST

/* An existing output is replaced whole (the rename), and a bigger size
 * gives a bigger image. */
START_TEST (test_replaces_output)
{
  g_autoptr(GPtrArray) games = bundled_games ();
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *out = g_build_filename (dir, "thumb.png", NULL);
  g_autofree char *listing = NULL;
  const char *args[] = { "-s", "64", g_ptr_array_index (games, 0), out, NULL };
  cairo_surface_t *png;
  RunResult r;

  ck_assert (g_file_set_contents (out, "old", -1, NULL));
  run_thumbnailer (args, QUICK_SECONDS, &r);
  ck_assert_msg (r.exited && r.status == 0, "%s", r.err);
  png = cairo_image_surface_create_from_png (out);
  ck_assert (cairo_surface_status (png) == CAIRO_STATUS_SUCCESS);
  ck_assert_int_eq (MAX (cairo_image_surface_get_width (png), cairo_image_surface_get_height (png)), 64);
  cairo_surface_destroy (png);
  listing = list_dir (dir);
  ck_assert_str_eq (listing, "thumb.png");
  run_result_clear (&r);
  remove_tree (dir);
}
END_TEST

/* --- Usage ------------------------------------------------------------------- */

START_TEST (test_usage)
{
  static const char * const cases[][5] = {
    { "-s", "0", "in.warbench", "out.png", NULL },
    { "-s", "100000", "in.warbench", "out.png", NULL },
    { "-s", "big", "in.warbench", "out.png", NULL },
    { "-s", "128", "in.warbench", NULL },
    { "--no-such-option", "in.warbench", "out.png", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RunResult r;

      run_thumbnailer (cases[i], QUICK_SECONDS, &r);
      ck_assert_msg (r.exited && r.status == 2, "case %u: status %d", i, r.status);
      ck_assert_msg (g_str_has_prefix (r.err, "warbench-thumbnailer: "), "case %u: %s", i, r.err);
      run_result_clear (&r);
    }
}
END_TEST

/* --- Damaged and hostile inputs ---------------------------------------------- */

typedef enum {
  MAKE_FILE,       /* write the text */
  MAKE_DIR,        /* a directory */
  MAKE_FIFO,       /* a named pipe nobody writes: reading it would block for ever */
  MAKE_NOTHING,    /* a path to nothing */
  MAKE_URI,        /* the input is the text itself, a URI */
} MakeKind;

typedef struct {
  const char *name;
  MakeKind    kind;
  char     *(*make) (void);   /* the file's text (MAKE_FILE) */
  const char *text;           /* or this */
  const char *says;           /* in the message */
} BadInput;

static char *
read_test_game (void)
{
  g_autofree char *path = NULL;
  char *text = NULL;

  path = g_build_filename (g_getenv ("WARBENCH_TEST_DATA"), "minimal.warbench", NULL);
  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The minimal game with @from replaced by @to (which must be there). */
static char *
minimal_with (const char *from,
              const char *to)
{
  g_autofree char *text = read_test_game ();
  g_auto(GStrv) parts = g_strsplit (text, from, 2);

  ck_assert_msg (g_strv_length (parts) == 2, "“%s” not in minimal.warbench", from);
  return g_strconcat (parts[0], to, parts[1], NULL);
}

static char *
make_truncated (void)
{
  g_autofree char *path = NULL;
  char *text = NULL;
  gsize len;

  path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                           "battle-of-the-wilderness.warbench", NULL);
  ck_assert (g_file_get_contents (path, &text, &len, NULL));
  text[len / 2] = '\0';
  return text;
}

static char *
make_huge_hex (void)
{
  return minimal_with ("\"cols\": 4", "\"cols\": 1000000000");
}

static char *
make_huge_rows (void)
{
  return minimal_with ("\"rows\": 3", "\"rows\": 4294967297");
}

static char *
make_huge_hex_size (void)
{
  return minimal_with ("\"hex_size\": 30", "\"hex_size\": 1e308");
}

/* Nested arrays far deeper than any game: the parser must refuse, not
 * recurse until the stack runs out. */
static char *
make_deep (void)
{
  GString *s = g_string_new ("{\"format\": \"warbench-game\", \"maps\": ");

  for (int i = 0; i < 200000; i++)
    g_string_append_c (s, '[');
  return g_string_free (s, FALSE);
}

/* Over the thumbnailer's own limit (16 MiB): refused before it is read. */
static char *
make_oversized (void)
{
  g_autofree char *text = read_test_game ();
  GString *s = g_string_new (NULL);

  g_string_append_len (s, text, strlen (text) - 2);   /* "}\n" */
  g_string_append (s, ", \"x\": \"");
  while (s->len < 17 * 1024 * 1024)
    g_string_append (s, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
  g_string_append (s, "\"}\n");
  return g_string_free (s, FALSE);
}

static char *
make_no_map (void)
{
  g_autofree char *text = read_test_game ();
  char *maps = strstr (text, "\"maps\": [");
  char *scenarios = strstr (text, "\"scenarios\"");

  /* The maps out, and the scenarios that name one. */
  ck_assert (maps != NULL && scenarios != NULL && scenarios > maps);
  *maps = '\0';
  return g_strconcat (text, "\"maps\": []\n}\n", NULL);
}

static const BadInput bad_inputs[] = {
  { "truncated", MAKE_FILE, make_truncated, NULL, "expected valid JSON" },
  { "not-json", MAKE_FILE, NULL, "Hex maps are drawn by Warbench.\n", "expected valid JSON" },
  { "png", MAKE_FILE, NULL, "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "expected valid JSON" },
  { "empty", MAKE_FILE, NULL, "", "empty" },
  { "blank", MAKE_FILE, NULL, " \n\t\n", "empty" },
  { "json-array", MAKE_FILE, NULL, "[1, 2, 3]\n", "expected an object" },
  { "huge-cols", MAKE_FILE, make_huge_hex, NULL, "more than the limit" },
  { "huge-rows", MAKE_FILE, make_huge_rows, NULL, "more than the limit" },
  { "huge-hex-size", MAKE_FILE, make_huge_hex_size, NULL, "out of range" },
  { "deep", MAKE_FILE, make_deep, NULL, "nested at most" },
  { "oversized", MAKE_FILE, make_oversized, NULL, "too large to make a thumbnail of" },
  { "no-map", MAKE_FILE, make_no_map, NULL, "has no map to draw" },
  { "directory", MAKE_DIR, NULL, NULL, "not a regular file" },
  { "fifo", MAKE_FIFO, NULL, NULL, "not a regular file" },
  { "missing", MAKE_NOTHING, NULL, NULL, "No such file" },
  { "remote", MAKE_URI, NULL, "sftp://example.invalid/game.warbench", "only local files" },
};

START_TEST (test_bad_input)
{
  const BadInput *bad = &bad_inputs[_i];
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *input = g_build_filename (dir, "game.warbench", NULL);
  g_autofree char *out = g_build_filename (dir, "thumb.png", NULL);
  g_autofree char *listing = NULL;
  const char *args[] = { "-s", "256", input, out, NULL };
  const char *expected = "game.warbench";
  RunResult r;

  switch (bad->kind)
    {
    case MAKE_FILE:
      {
        g_autofree char *made = bad->make != NULL ? bad->make () : NULL;
        const char *text = made != NULL ? made : bad->text;
        /* The PNG signature holds a NUL: its length is the literal's. */
        gssize len = strcmp (bad->name, "png") == 0 ? 16 : (gssize) strlen (text);

        ck_assert (g_file_set_contents (input, text, len, NULL));
      }
      break;
    case MAKE_DIR:
      ck_assert_int_eq (g_mkdir (input, 0755), 0);
      break;
    case MAKE_FIFO:
      ck_assert_int_eq (mkfifo (input, 0644), 0);
      break;
    case MAKE_NOTHING:
      expected = "";
      break;
    case MAKE_URI:
      args[2] = bad->text;
      expected = "";
      break;
    default:
      g_assert_not_reached ();
    }

  run_thumbnailer (args, QUICK_SECONDS, &r);
  ck_assert_msg (r.exited && r.status == 1, "%s: %s %d, %s", bad->name,
                 r.exited ? "status" : "signal", r.status, r.err);
  ck_assert_msg (r.seconds < QUICK_SECONDS, "%s: %.1f s", bad->name, r.seconds);
  ck_assert_msg (strstr (r.err, bad->says) != NULL, "%s: “%s” does not say “%s”", bad->name,
                 r.err, bad->says);
  ck_assert_msg (g_str_has_prefix (r.err, "warbench-thumbnailer: "), "%s: %s", bad->name, r.err);
  /* No thumbnail and no temporary file: only the input is there. */
  listing = list_dir (dir);
  ck_assert_msg (strcmp (listing, expected) == 0, "%s: left “%s”", bad->name, listing);

  run_result_clear (&r);
  remove_tree (dir);
}
END_TEST

/* An output that cannot be written (its folder is missing, or is a file):
 * status 1 and nothing left anywhere. */
START_TEST (test_unwritable_output)
{
  g_autoptr(GPtrArray) games = bundled_games ();
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "thumb.png", NULL);
  g_autofree char *blocker = g_build_filename (dir, "file", NULL);
  g_autofree char *under_file = g_build_filename (blocker, "thumb.png", NULL);
  const char *outputs[] = { missing, under_file };

  ck_assert (g_file_set_contents (blocker, "", 0, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *listing = NULL;
      const char *args[] = { "-s", "128", g_ptr_array_index (games, 0), outputs[i], NULL };
      RunResult r;

      run_thumbnailer (args, QUICK_SECONDS, &r);
      ck_assert_msg (r.exited && r.status == 1, "%s: %d %s", outputs[i], r.status, r.err);
      ck_assert_msg (strstr (r.err, "cannot write") != NULL, "%s", r.err);
      listing = list_dir (dir);
      ck_assert_str_eq (listing, "file");
      run_result_clear (&r);
    }
  remove_tree (dir);
}
END_TEST

/* A game of @map_json (one map) and the terrain and road it uses. */
static char *
game_with_map (const char *map_json)
{
  return g_strconcat ("{\n"
                      "  \"format\": \"warbench-game\",\n"
                      "  \"version\": 9,\n"
                      "  \"game\": {\"id\": \"big\", \"title\": \"Big\"},\n"
                      "  \"rules\": {\"family\": \"free\"},\n"
                      "  \"sides\": [{\"id\": \"a\", \"name\": \"A\", \"color\": \"#3a5f9f\"},\n"
                      "            {\"id\": \"b\", \"name\": \"B\", \"color\": \"#b33a3a\"}],\n"
                      "  \"terrain\": [\n"
                      "    {\"id\": \"clear\", \"name\": \"Clear\", \"key\": \".\", \"color\": \"#e8e2c4\", \"move\": {\"*\": 1}},\n"
                      "    {\"id\": \"forest\", \"name\": \"Forest\", \"key\": \"f\", \"color\": \"#7fa36a\", \"pattern\": \"trees\", \"move\": {\"*\": 2}}\n"
                      "  ],\n"
                      "  \"features\": [\n"
                      "    {\"id\": \"road\", \"name\": \"Road\", \"where\": \"connection\", \"style\": \"road\", \"color\": \"#7a4b24\", \"width\": 0.09, \"move_mode\": \"set\", \"move\": {\"*\": 1}}\n"
                      "  ],\n"
                      "  \"maps\": [", map_json, "]\n}\n", NULL);
}

/* The largest hex map the reader takes: 1000 × 1000 hexes, clear and
 * forest mixed so that no two neighbouring rows are alike. */
static char *
make_largest_hex_map (void)
{
  GString *map = g_string_new ("{\"id\": \"m\", \"name\": \"Largest\", \"kind\": \"hex\", "
                               "\"orientation\": \"flat\", \"parity\": \"odd\", "
                               "\"cols\": 1000, \"rows\": 1000, "
                               "\"numbering\": {\"first_col\": 1, \"first_row\": 1, \"digits\": 4}, "
                               "\"hex_size\": 30, \"default_terrain\": \"clear\", \"terrain\": [\n");
  g_autofree char *map_json = NULL;

  for (int r = 0; r < 1000; r++)
    {
      g_string_append_c (map, '"');
      for (int c = 0; c < 1000; c++)
        g_string_append_c (map, (c * 7 + r * 3) % 5 == 0 || (c + r) % 11 == 0 ? 'f' : '.');
      g_string_append (map, r < 999 ? "\",\n" : "\"\n");
    }
  g_string_append (map, "]}");
  map_json = g_string_free (map, FALSE);
  return game_with_map (map_json);
}

/* 2000 locations on a circle, each joined to ten across it: 20,000 roads
 * crossing one another some ten million times. A valid file, and cairo's
 * stroker takes minutes over it. */
static char *
make_crossing_roads (void)
{
  static const int across[] = { 211, 307, 397, 509, 601, 701, 797, 887, 953, 991 };
  const int n = 2000;
  GString *map = g_string_new ("{\"id\": \"p\", \"name\": \"Crossings\", \"kind\": \"points\", "
                               "\"width\": 100000, \"height\": 100000, \"locations\": [\n");
  g_autofree char *map_json = NULL;

  for (int i = 0; i < n; i++)
    g_string_append_printf (map, "{\"id\": \"l%d\", \"name\": \"L%d\", \"x\": %.0f, \"y\": %.0f}%s\n",
                            i, i, 50000 + 45000 * cos (2 * G_PI * i / n),
                            50000 + 45000 * sin (2 * G_PI * i / n), i < n - 1 ? "," : "");
  g_string_append (map, "], \"connections\": [\n");
  for (int i = 0; i < n; i++)
    for (guint k = 0; k < G_N_ELEMENTS (across); k++)
      g_string_append_printf (map, "{\"a\": \"l%d\", \"b\": \"l%d\", \"class\": \"road\"}%s\n",
                              i, (i + across[k]) % n,
                              i < n - 1 || k < G_N_ELEMENTS (across) - 1 ? "," : "");
  g_string_append (map, "]}");
  map_json = g_string_free (map, FALSE);
  return game_with_map (map_json);
}

/* A million hexes drawn into 256 pixels, within the time bound. */
START_TEST (test_largest_map)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *input = g_build_filename (dir, "game.warbench", NULL);
  g_autofree char *out = g_build_filename (dir, "thumb.png", NULL);
  g_autofree char *text = make_largest_hex_map ();
  g_autofree char *listing = NULL;
  const char *args[] = { "-s", "256", input, out, NULL };
  cairo_surface_t *png;
  RunResult r;

  ck_assert (g_file_set_contents (input, text, -1, NULL));
  run_thumbnailer (args, HUGE_SECONDS, &r);
  ck_assert_msg (r.exited && r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_msg (r.seconds < HUGE_SECONDS, "%.1f s", r.seconds);
  png = cairo_image_surface_create_from_png (out);
  ck_assert (cairo_surface_status (png) == CAIRO_STATUS_SUCCESS);
  ck_assert_int_eq (MAX (cairo_image_surface_get_width (png), cairo_image_surface_get_height (png)), 256);
  cairo_surface_destroy (png);
  listing = list_dir (dir);
  ck_assert_str_eq (listing, "game.warbench thumb.png");
  run_result_clear (&r);
  remove_tree (dir);
}
END_TEST

/* A file that would take minutes to draw is stopped by the thumbnailer's
 * own limits (lowered to 2 s of CPU here, 3 s of wall clock), with status
 * 1, a message and nothing left behind. */
START_TEST (test_time_limit)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *input = g_build_filename (dir, "game.warbench", NULL);
  g_autofree char *out = g_build_filename (dir, "thumb.png", NULL);
  g_autofree char *text = make_crossing_roads ();
  g_autofree char *listing = NULL;
  const char *args[] = { "-s", "256", input, out, NULL };
  RunResult r;

  ck_assert (g_file_set_contents (input, text, -1, NULL));
  g_setenv ("WARBENCH_THUMBNAILER_TIME_LIMIT", "2", TRUE);
  run_thumbnailer (args, QUICK_SECONDS, &r);
  g_unsetenv ("WARBENCH_THUMBNAILER_TIME_LIMIT");
  ck_assert_msg (r.exited && r.status == 1, "%s %d: %s", r.exited ? "status" : "signal",
                 r.status, r.err);
  ck_assert_msg (r.seconds < QUICK_SECONDS, "%.1f s", r.seconds);
  ck_assert_msg (strstr (r.err, "took too long") != NULL, "%s", r.err);
  listing = list_dir (dir);
  ck_assert_str_eq (listing, "game.warbench");
  run_result_clear (&r);
  remove_tree (dir);
}
END_TEST

static Suite *
thumbnailer_suite (void)
{
  Suite *s = suite_create ("thumbnailer");
  TCase *tc = tcase_create ("thumbnailer");

  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_bundled_games);
  tcase_add_test (tc, test_replaces_output);
  tcase_add_test (tc, test_usage);
  tcase_add_loop_test (tc, test_bad_input, 0, G_N_ELEMENTS (bad_inputs));
  tcase_add_test (tc, test_unwritable_output);
  tcase_add_test (tc, test_largest_map);
  tcase_add_test (tc, test_time_limit);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (thumbnailer_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
