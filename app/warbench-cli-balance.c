/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "warbench-cli-private.h"
#include "rules/wb-balance.h"
#include "rules/wb-balance-plot.h"

/*
 * balance: many automatic games of a scenario and what they say about its
 * balance (core/rules/wb-balance.c). Game i is `play --auto --seed
 * FIRST+i`, so any game the summary counts can be replayed alone; the
 * numbers are the same whatever --jobs; --shard I/N plays every N-th seed
 * from the I-th and --merge adds the parts up to the single run.
 */

/* The plots asked for: --plot FILE (repeatable) and --plot-kind KIND, the
 * i-th kind for the i-th file, the last kind for the files after it. */
typedef struct {
  char  **paths;
  char  **kinds;
  WbGame *game;    /* for the sides' colours; NULL after --merge */
} Plots;

#define PLOT_WIDTH  720.0
#define PLOT_HEIGHT 480.0
#define SHEET_WIDTH  842.0   /* A4 landscape */
#define SHEET_HEIGHT 595.0

static gboolean
plot_kind (const Plots   *plots,
           guint          i,
           WbBalancePlot *kind)
{
  guint n = plots->kinds != NULL ? g_strv_length (plots->kinds) : 0;

  if (n == 0)
    {
      *kind = WB_BALANCE_PLOT_SHEET;
      return TRUE;
    }
  return wb_balance_plot_from_name (plots->kinds[MIN (i, n - 1)], kind);
}

/* Checked before any game is played. */
static gboolean
check_plots (const char  *prog,
             const Plots *plots,
             int         *status)
{
  guint n_paths = plots->paths != NULL ? g_strv_length (plots->paths) : 0;
  guint n_kinds = plots->kinds != NULL ? g_strv_length (plots->kinds) : 0;

  for (guint i = 0; i < n_kinds; i++)
    if (!wb_balance_plot_from_name (plots->kinds[i], NULL))
      {
        g_autofree char *msg = g_strdup_printf (_("Unknown plot kind “%s”: wins, margin, curves or sheet"),
                                                plots->kinds[i]);

        *status = usage_error (prog, "balance", msg);
        return FALSE;
      }
  if (n_kinds > 0 && n_paths == 0)
    {
      *status = usage_error (prog, "balance", _("--plot-kind needs --plot FILE"));
      return FALSE;
    }
  for (guint i = 0; i < n_paths; i++)
    if (!wb_export_format_from_path (plots->paths[i], NULL))
      {
        g_autofree char *msg = g_strdup_printf (_("The plot “%s” must end in .svg, .png or .pdf"), plots->paths[i]);

        *status = usage_error (prog, "balance", msg);
        return FALSE;
      }
  /* A folder that is not there fails now, not after the games. */
  for (guint i = 0; i < n_paths; i++)
    {
      g_autofree char *dir = g_path_get_dirname (plots->paths[i]);

      if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          out (stderr, _("Cannot write the plot “%s”: there is no folder “%s”\n"), plots->paths[i], dir);
          *status = STATUS_FAILED;
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
write_plots (const Plots *plots,
             WbBalance   *a,
             WbBalance   *b,
             const char  *label_a,
             const char  *label_b)
{
  for (guint i = 0; plots->paths != NULL && plots->paths[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      WbBalancePlot kind;
      gboolean sheet;

      plot_kind (plots, i, &kind);
      sheet = kind == WB_BALANCE_PLOT_SHEET;
      if (!wb_balance_plot_write_full (plots->paths[i], sheet ? SHEET_WIDTH : PLOT_WIDTH,
                                       sheet ? SHEET_HEIGHT : PLOT_HEIGHT, kind, a, b, label_a, label_b,
                                       plots->game, &error))
        {
          out (stderr, "%s\n", error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static volatile sig_atomic_t interrupted;

static void
on_sigint (int sig)
{
  interrupted = 1;
}

static gboolean
show_progress (guint    done,
               guint    total,
               gpointer user_data)
{
  gboolean tty = GPOINTER_TO_INT (user_data);

  if (tty)
    {
      fputc ('\r', stderr);
      fprintf (stderr, _("%u of %u games"), done, total);
      if (done == total || interrupted)
        fputc ('\n', stderr);
      fflush (stderr);
    }
  return !interrupted;
}

static gboolean
write_text (const char *path,
            const char *text,
            GError    **error)
{
  if (strcmp (path, "-") == 0)
    {
      out (stdout, "%s", text);
      return TRUE;
    }
  return g_file_set_contents (path, text, -1, error);
}

/* The run's outputs: the summary as text on stdout, unless it goes there
 * as JSON or CSV. */
static const char *counts_csv_path;   /* --counts-csv */

static int
write_outputs (WbBalance   *b,
               const char  *json_path,
               const char  *csv_path,
               const Plots *plots)
{
  g_autoptr(GError) error = NULL;

  if (counts_csv_path != NULL)
    {
      g_autofree char *text = wb_balance_counts_to_csv (b);

      if (!write_text (counts_csv_path, text, &error))
        {
          out (stderr, "%s\n", error->message);
          return STATUS_FAILED;
        }
    }

  if (json_path != NULL)
    {
      g_autoptr(JsonNode) node = wb_balance_to_json (b);
      g_autofree char *text = json_to_string (node, TRUE);
      g_autofree char *line = g_strconcat (text, "\n", NULL);

      if (!write_text (json_path, line, &error))
        {
          out (stderr, "%s\n", error->message);
          return STATUS_FAILED;
        }
    }
  if (csv_path != NULL)
    {
      g_autofree char *text = wb_balance_to_csv (b);

      if (!write_text (csv_path, text, &error))
        {
          out (stderr, "%s\n", error->message);
          return STATUS_FAILED;
        }
    }
  if (g_strcmp0 (json_path, "-") != 0 && g_strcmp0 (csv_path, "-") != 0 && g_strcmp0 (counts_csv_path, "-") != 0)
    {
      g_autofree char *text = wb_balance_to_text (b);

      out (stdout, "%s", text);
    }
  /* Last: a plot that cannot be written loses none of the numbers. */
  if (!write_plots (plots, b, NULL, NULL, NULL))
    return STATUS_FAILED;
  return wb_balance_is_complete (b) ? STATUS_OK : STATUS_FAILED;
}

static int
merge (const char  *prog,
       char       **paths,
       const char  *json_path,
       const char  *csv_path,
       const Plots *plots)
{
  g_autoptr(WbBalance) all = NULL;

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(WbBalance) part = NULL;

      if (!json_parser_load_from_mapped_file (parser, paths[i], &error) ||
          (part = wb_balance_from_json (json_parser_get_root (parser), paths[i], &error)) == NULL)
        {
          out (stderr, "%s: %s\n", paths[i], error->message);
          return STATUS_FAILED;
        }
      if (all == NULL)
        all = g_steal_pointer (&part);
      else if (!wb_balance_merge (all, part, &error))
        {
          out (stderr, "%s: %s\n", paths[i], error->message);
          return STATUS_FAILED;
        }
    }
  if (all == NULL)
    return usage_error (prog, "balance", _("No parts given to --merge"));
  return write_outputs (all, json_path, csv_path, plots);
}

/* Variant B (another file, or other options) played on the same seeds,
 * both summaries and the comparison. */
static int
compare (const char       *path,
         WbGame           *game,
         WbBalance        *a,
         const char       *vs,
         char            **vs_options,
         WbGame           *variant,
         WbBalanceOptions *o,
         const char       *json_path,
         const Plots      *plots)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) other = variant != NULL ? g_object_ref (variant) : NULL;
  g_autoptr(WbBalance) b = NULL;
  g_autofree char *ta = NULL, *tb = NULL, *tc = NULL;
  const char *const none[] = { NULL };

  if (vs != NULL && (other = load_game (vs, &error)) == NULL)
    {
      print_load_error (vs, error);
      return STATUS_FAILED;
    }
  if (vs_options != NULL)
    o->options = g_strv_length (vs_options) == 1 && strcmp (vs_options[0], "NONE") == 0
                 ? none : (const char * const *) vs_options;
  b = wb_balance_run (other != NULL ? other : game, o, show_progress, GINT_TO_POINTER (isatty (STDERR_FILENO)), NULL,
                      &error);
  if (b == NULL)
    {
      out (stderr, "%s: %s\n", vs != NULL ? vs : path, error->message);
      return STATUS_FAILED;
    }
  ta = wb_balance_to_text (a);
  tb = wb_balance_to_text (b);
  tc = wb_balance_compare_text (a, b);
  if (json_path != NULL)
    {
      g_autoptr(JsonBuilder) jb = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "a");
      json_builder_add_value (jb, wb_balance_to_json (a));
      json_builder_set_member_name (jb, "b");
      json_builder_add_value (jb, wb_balance_to_json (b));
      json_builder_set_member_name (jb, "comparison");
      json_builder_add_value (jb, wb_balance_compare_json (a, b));
      json_builder_end_object (jb);
      root = json_builder_get_root (jb);
      text = json_to_string (root, TRUE);
      if (!write_text (json_path, text, &error))
        {
          out (stderr, "%s\n", error->message);
          return STATUS_FAILED;
        }
    }
  if (g_strcmp0 (json_path, "-") != 0)
    out (stdout, "A: %s\nB: %s\n%s", ta, tb, tc);
  {
    /* The legend names B by what differs: its file or its options. */
    g_autofree char *label_b = vs != NULL ? g_path_get_basename (vs)
                               : o->options == NULL || o->options[0] == NULL ? g_strdup (_("no options"))
                               : g_strjoinv (", ", (char **) o->options);
    g_autofree char *label_a = vs != NULL ? g_path_get_basename (path) : NULL;

    if (!write_plots (plots, a, b, label_a, label_b))
      return STATUS_FAILED;
  }
  return wb_balance_is_complete (a) && wb_balance_is_complete (b) ? STATUS_OK : STATUS_FAILED;
}

int
cmd_balance (const char  *prog,
             int          argc,
             char       **argv)
{
  g_autofree char *scenario = NULL, *seed_arg = NULL, *shard = NULL, *json_path = NULL, *csv_path = NULL;
  g_autofree char *vs = NULL, *vs_table = NULL, *counts_csv = NULL;
  g_auto(GStrv) chosen = NULL, vs_options = NULL, plot_paths = NULL, plot_kinds = NULL;
  int games = 0, jobs = 0;
  gboolean do_merge = FALSE;
  const GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario, N_("The scenario (default: the first)"), N_("ID") },
    { "option", 'O', 0, G_OPTION_ARG_STRING_ARRAY, &chosen, N_("An optional rule in force (repeatable)"), N_("ID") },
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, N_("How many games"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, N_("Worker threads (default: one per core)"), N_("J") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_arg, N_("The first game's seed (default 1)"), N_("S") },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard, N_("Play only shard I of N of the seeds (I from 0)"), N_("I/N") },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, N_("Write every game's record and the summary as JSON (- for stdout)"),
      N_("FILE") },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &json_path, N_("The same as --json (a shard's part)"), N_("FILE") },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path, N_("Write one CSV row a game (- for stdout)"), N_("FILE") },
    { "vs", 0, 0, G_OPTION_ARG_FILENAME, &vs, N_("Compare with this game file (a variant), the same seeds"), N_("FILE") },
    { "vs-option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &vs_options,
      N_("Compare with these options in force instead (repeatable; NONE for none)"), N_("ID") },
    { "counts-csv", 0, 0, G_OPTION_ARG_FILENAME, &counts_csv,
      N_("Write the rule-check and table counts as CSV, one row a count (- for stdout)"), N_("FILE") },
    { "vs-table", 0, 0, G_OPTION_ARG_STRING, &vs_table,
      N_("Compare with table ID replaced by table OTHER of the same game (same kind and shape)"), N_("ID=OTHER") },
    { "merge", 0, 0, G_OPTION_ARG_NONE, &do_merge, N_("Add up the parts (JSON files) given instead of a game file"), NULL },
    { "plot", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plot_paths,
      N_("Draw the plots into this file: .svg, .png or .pdf (repeatable)"), N_("FILE") },
    { "plot-kind", 0, 0, G_OPTION_ARG_STRING_ARRAY, &plot_kinds,
      N_("What the plot shows: wins, margin, curves or sheet (default; repeatable, one a --plot)"), N_("KIND") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL, variant = NULL;
  g_autoptr(WbJournal) journal = NULL;
  g_autoptr(WbBalance) b = NULL;
  WbBalanceOptions o;
  struct sigaction sa, old;
  Plots plots = { NULL, NULL, NULL };
  int status;

  if (!parse_options (prog, "balance", _("FILE --games N | --merge PART…"),
                      /* xgettext:no-c-format */
                      _("Plays many automatic games of a scenario and reports its balance: win and draw "
                        "rates with 95 % confidence intervals, the VP margin, game length, automatic "
                        "victories, the VP at the end of each turn, how often each rule check was tested "
                        "and broken, and each table's results against its dice."),
                      _("Game i is “play --auto --seed S+i”: the numbers are the same whatever --jobs, and "
                        "any game can be replayed alone. --shard I/N plays every N-th seed from the I-th;\n"
                        "--merge adds such parts up to the whole run (docs/balance.md). Ctrl+C stops and "
                        "reports the games finished. --plot draws the win rates, the VP margin and the VP "
                        "curves (with --vs, the variant overlaid)."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  plots.paths = plot_paths;
  plots.kinds = plot_kinds;
  if (!check_plots (prog, &plots, &status))
    return status;
  counts_csv_path = counts_csv;
  if (vs_table != NULL && (strchr (vs_table, '=') == NULL || *vs_table == '=' || g_str_has_suffix (vs_table, "=")))
    return usage_error (prog, "balance", _("--vs-table is ID=OTHER: the table to replace and the one to use instead"));
  if (vs != NULL && vs_table != NULL)
    return usage_error (prog, "balance", _("Give --vs or --vs-table, not both"));
  if (do_merge)
    return argc < 2 ? usage_error (prog, "balance", _("No parts given to --merge"))
                    : merge (prog, argv + 1, json_path, csv_path, &plots);
  if (argc != 2)
    return usage_error (prog, "balance", argc < 2 ? _("No game file given") : _("Give exactly one game file"));
  wb_balance_options_init (&o);
  if (games <= 0)
    return usage_error (prog, "balance", _("Say how many games (--games N, 1 or more)"));
  if (jobs < 0 || jobs > 256)
    return usage_error (prog, "balance", _("--jobs is from 1 to 256"));
  if (seed_arg != NULL && !g_ascii_string_to_unsigned (seed_arg, 10, 0, G_MAXUINT64, &o.first_seed, NULL))
    return usage_error (prog, "balance", _("The seed is a whole number from 0 to 18446744073709551615"));
  if (shard != NULL)
    {
      guint64 i, n;
      g_auto(GStrv) parts = g_strsplit (shard, "/", 2);

      if (g_strv_length (parts) != 2 || !g_ascii_string_to_unsigned (parts[0], 10, 0, 100000, &i, NULL) ||
          !g_ascii_string_to_unsigned (parts[1], 10, 1, 100000, &n, NULL) || i >= n)
        return usage_error (prog, "balance", _("--shard is I/N with I from 0 to N-1 (0/4 … 3/4)"));
      o.shard_index = (guint) i;
      o.shard_count = (guint) n;
    }
  o.scenario = scenario;
  o.options = (const char * const *) chosen;
  o.games = (guint) games;
  o.jobs = (guint) jobs;

  /* A saved playtest (one mailed alone too): the game it was played with,
   * and its scenario and options unless others are given. */
  journal = sniff_journal (argv[1]);
  if (journal != NULL)
    {
      const WbPlayHeader *h = wb_journal_get_header (journal);

      game = load_game_of (argv[1], journal, NULL, &error);
      if (game == NULL)
        {
          out (stderr, "%s\n", error->message);
          return STATUS_FAILED;
        }
      if (o.scenario == NULL)
        o.scenario = h->scenario;
      if (chosen == NULL)
        o.options = (const char * const *) h->options;
    }
  else if ((game = load_game (argv[1], &error)) == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  /* The variant is checked before the games, not after the first run. */
  if (vs_table != NULL)
    {
      g_auto(GStrv) ids = g_strsplit (vs_table, "=", 2);

      variant = wb_balance_game_with_table (game, ids[0], ids[1], &error);
      if (variant == NULL)
        {
          out (stderr, "%s: %s\n", argv[1], error->message);
          return STATUS_FAILED;
        }
    }
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigaction (SIGINT, &sa, &old);
  b = wb_balance_run (game, &o, show_progress, GINT_TO_POINTER (isatty (STDERR_FILENO)), NULL, &error);
  sigaction (SIGINT, &old, NULL);
  if (b == NULL)
    {
      out (stderr, "%s: %s\n", argv[1], error->message);
      return STATUS_FAILED;
    }
  if (!wb_balance_is_complete (b))
    out (stderr, _("Stopped: %u games finished\n"), wb_balance_get_n_games (b));
  plots.game = game;
  if (vs != NULL || vs_options != NULL || vs_table != NULL)
    return compare (argv[1], game, b, vs, vs_options, variant, &o, json_path, &plots);
  return write_outputs (b, json_path, csv_path, &plots);
}
