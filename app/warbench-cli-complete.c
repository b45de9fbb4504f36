/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "warbench-cli-private.h"

/*
 * Shell completion (docs/shell-completion.md): `ids`, which prints a
 * game's ids of one kind for the shell to offer after --scenario, --map,
 * --side…; and the hidden `warbench-cli --completion TEMPLATE`, which meson
 * runs at build time to fill the completion scripts' lists (commands,
 * each command's options, what each option's argument and each operand
 * is) from the tables the commands parse (describe_commands), so the
 * scripts cannot drift from the commands. The logic is in the templates,
 * app/completion/warbench-cli.bash.in and _warbench-cli.zsh.in.
 */

/* --- ids ------------------------------------------------------------------- */

const char * const id_kinds[] = { "scenarios", "maps", "sides", "tables", "options", NULL };

/* A shell waits on `ids` while the user types: a file larger than this is
 * not read (the largest bundled game is 0.3 MB; a journal carries its game
 * compressed). */
#define IDS_MAX_FILE_SIZE (64 * 1024 * 1024)

/* @path's contents when it is a regular file of at most IDS_MAX_FILE_SIZE
 * bytes, else NULL. Opened without blocking, so a FIFO or a device named
 * on the command line cannot make the shell wait. */
static char *
read_small_regular_file (const char *path,
                         gsize      *len)
{
  g_autofree char *data = NULL;
  struct stat st;
  gsize done = 0;
  int fd;

  fd = open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > IDS_MAX_FILE_SIZE)
    {
      close (fd);
      return NULL;
    }
  data = g_malloc ((gsize) st.st_size + 1);
  while (done < (gsize) st.st_size)
    {
      ssize_t n = read (fd, data + done, (gsize) st.st_size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += (gsize) n;
    }
  close (fd);
  data[done] = '\0';
  *len = done;
  return g_steal_pointer (&data);
}

/* The game at @path, or the game of the playtest at @path: the one it
 * carries, else the file it names (read as above). NULL for anything
 * else, silently. */
static WbGame *
load_game_quietly (const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr(WbJournal) journal = NULL;
  g_autofree char *named = NULL;
  const WbPlayHeader *h;
  gsize len = 0;

  data = read_small_regular_file (path, &len);
  if (data == NULL)
    return NULL;
  if (!g_str_has_suffix (path, ".warbench-play"))
    {
      WbGame *game = wb_game_load_from_data (data, (gssize) len, path, NULL);

      if (game != NULL)
        return game;
    }
  journal = wb_journal_load_from_data (data, len, path, NULL, NULL);
  if (journal == NULL)
    return NULL;
  h = wb_journal_get_header (journal);
  if (h->game_text != NULL)
    return wb_play_load_carried_game (journal, path, NULL);
  named = wb_play_named_game_path (journal, path);
  g_clear_pointer (&data, g_free);
  if (named == NULL || (data = read_small_regular_file (named, &len)) == NULL)
    return NULL;
  return wb_game_load_from_data (data, (gssize) len, named, NULL);
}

static void
print_unique (GHashTable *seen,
              const char *id)
{
  if (id == NULL || !g_hash_table_add (seen, (gpointer) id))
    return;
  out (stdout, "%s\n", id);
}

int
cmd_ids (const char  *prog,
         int          argc,
         char       **argv)
{
  g_autofree char *scenario_arg = NULL;
  const GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario_arg,
      N_("With options: only this scenario's (default: every scenario's)"), N_("ID") },
    { NULL }
  };
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *kind;
  GPtrArray *items;

  if (!parse_options (prog, "ids", _("FILE|SAVE KIND"),
                      _("Prints a game's ids of one kind, one a line: what shell completion offers "
                        "after --scenario, --map, --side, --viewer, --option or a table's name."),
                      _("KIND is scenarios, maps, sides, tables or options (a scenario's optional "
                        "rules). FILE is a game; SAVE a playtest (.warbench-play), whose game is the one "
                        "it carries, else the game file it names. A file that is not a game or a "
                        "playtest, is not a regular file or is over 64 MB prints nothing and exits "
                        "with 1."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 3)
    return usage_error (prog, "ids", _("Give a game file and a kind of id"));
  kind = argv[2];
  if (!g_strv_contains (id_kinds, kind))
    {
      g_autofree char *msg =
        g_strdup_printf (_("Unknown kind “%s” (expected scenarios, maps, sides, tables or options)"), kind);
      return usage_error (prog, "ids", msg);
    }

  game = load_game_quietly (argv[1]);
  if (game == NULL)
    return STATUS_FAILED;

  if (strcmp (kind, "scenarios") == 0)
    {
      items = wb_game_get_scenarios (game);
      for (guint i = 0; i < items->len; i++)
        print_unique (seen, wb_scenario_get_id (g_ptr_array_index (items, i)));
    }
  else if (strcmp (kind, "maps") == 0)
    {
      items = wb_game_get_maps (game);
      for (guint i = 0; i < items->len; i++)
        print_unique (seen, wb_map_get_id (g_ptr_array_index (items, i)));
    }
  else if (strcmp (kind, "sides") == 0)
    {
      items = wb_game_get_sides (game);
      for (guint i = 0; i < items->len; i++)
        print_unique (seen, ((WbSide *) g_ptr_array_index (items, i))->id);
    }
  else if (strcmp (kind, "tables") == 0)
    {
      items = wb_game_get_tables (game);
      for (guint i = 0; i < items->len; i++)
        print_unique (seen, wb_table_get_id (g_ptr_array_index (items, i)));
    }
  else
    {
      WbScenario *only = NULL;

      if (scenario_arg != NULL && (only = wb_game_find_scenario (game, scenario_arg)) == NULL)
        return STATUS_FAILED;
      items = wb_game_get_scenarios (game);
      for (guint i = 0; i < items->len; i++)
        {
          WbScenario *scenario = g_ptr_array_index (items, i);
          GPtrArray *options = wb_scenario_get_options (scenario);

          if (only != NULL && scenario != only)
            continue;
          for (guint k = 0; k < options->len; k++)
            print_unique (seen, ((WbOption *) g_ptr_array_index (options, k))->id);
        }
    }

  return fflush (stdout) == 0 ? STATUS_OK : STATUS_FAILED;
}

/* --- the completion scripts' lists ----------------------------------------- */

/*
 * What completes a word, in the scripts' words ("kinds"):
 *   ""                  an option that takes no argument
 *   value               an argument nothing completes (a number, a size)
 *   file, dir           any file, a folder
 *   game, playtest,     *.warbench, *.warbench-play, either
 *   game-or-playtest
 *   words:A,B,C         one of these words
 *   ids:KIND[@N]        the ids `warbench-cli ids FILE KIND` prints, FILE
 *                       being the command's N-th operand (default 1)
 * An option's argument may be several kinds, space-separated ("words:embedded
 * file"); a command's operands are kinds separated by ';', the last one
 * followed by '+' when it repeats.
 */

/* Options whose argument is one of the game's ids, by long name. */
static const struct {
  const char *command;   /* NULL: any */
  const char *option;
  const char *kind;
} id_options[] = {
  /* scenario import FILE FROM --scenario ID: a scenario of FROM. */
  { "scenario import", "scenario", "ids:scenarios@2" },
  { NULL, "scenario", "ids:scenarios" },
  { NULL, "map", "ids:maps" },
  { NULL, "side", "ids:sides" },
  { NULL, "viewer", "ids:sides" },
  { NULL, "option", "ids:options" },
  { NULL, "vs-option", "ids:options" },
  { NULL, "vs-table", "ids:tables" },
};

/* File options that name a game. */
static const char * const game_options[] = { "game", "with-game", "vs", NULL };

static gboolean
entry_takes_argument (const GOptionEntry *e)
{
  if (e->arg == G_OPTION_ARG_NONE)
    return FALSE;
  return !(e->arg == G_OPTION_ARG_CALLBACK && (e->flags & G_OPTION_FLAG_NO_ARG));
}

static gboolean
is_lower_word (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

/* What completes @e's argument in @command: an id by the option's name;
 * else each alternative of its argument's name ("embedded|FILE"): a
 * lower-case word as itself, a placeholder by the argument's type. */
static char *
option_kind (const char         *command,
             const GOptionEntry *e)
{
  g_autoptr(GString) kind = g_string_new (NULL);
  g_autoptr(GString) words = g_string_new (NULL);
  g_auto(GStrv) alternatives = NULL;
  gboolean placeholder = FALSE;

  if (!entry_takes_argument (e))
    return g_strdup ("");
  for (guint i = 0; i < G_N_ELEMENTS (id_options); i++)
    if ((id_options[i].command == NULL || strcmp (id_options[i].command, command) == 0) &&
        strcmp (id_options[i].option, e->long_name) == 0)
      return g_strdup (id_options[i].kind);

  alternatives = g_strsplit (e->arg_description != NULL ? e->arg_description : "", "|", -1);
  for (guint i = 0; alternatives[i] != NULL; i++)
    if (is_lower_word (alternatives[i]))
      g_string_append_printf (words, "%s%s", words->len > 0 ? "," : "", alternatives[i]);
    else
      placeholder = TRUE;
  if (words->len > 0)
    g_string_append_printf (kind, "words:%s", words->str);
  if (placeholder || words->len == 0)
    {
      const char *what = "value";

      if (e->arg == G_OPTION_ARG_FILENAME || e->arg == G_OPTION_ARG_FILENAME_ARRAY)
        what = g_strv_contains (game_options, e->long_name) ? "game"
               : g_strcmp0 (e->arg_description, "DIR") == 0 ? "dir" : "file";
      g_string_append_printf (kind, "%s%s", kind->len > 0 ? " " : "", what);
    }
  return g_string_free (g_steal_pointer (&kind), FALSE);
}

static gboolean
has_option (CommandHelp *help,
            const char  *long_name)
{
  const GOptionEntry *entries = (const GOptionEntry *) help->entries->data;

  for (guint i = 0; i < help->entries->len; i++)
    if (strcmp (entries[i].long_name, long_name) == 0)
      return TRUE;
  return FALSE;
}

static void
append_words (GString            *kind,
              const char * const *words)
{
  g_string_append (kind, "words:");
  for (guint i = 0; words[i] != NULL; i++)
    g_string_append_printf (kind, "%s%s", i > 0 ? "," : "", words[i]);
}

/* What completes an operand named @name ("FILE", "TABLE", "WHAT"). */
static void
operand_kind (GString     *kinds,
              CommandHelp *help,
              const char  *name)
{
  /* A command that takes --game FILE (play) reads a playtest as FILE too. */
  if (strcmp (name, "FILE") == 0)
    g_string_append (kinds, has_option (help, "game") ? "game-or-playtest" : "game");
  else if (strcmp (name, "SAVE") == 0 || g_str_has_suffix (name, ".warbench-play"))
    g_string_append (kinds, "playtest");
  else if (g_str_has_suffix (name, ".warbench"))
    g_string_append (kinds, "game");
  else if (strcmp (name, "TABLE") == 0 || strcmp (name, "NAME") == 0)
    g_string_append (kinds, "ids:tables");
  else if (strcmp (name, "ID") == 0)
    g_string_append (kinds, "ids:scenarios");
  else if (strcmp (name, "WHAT") == 0)
    append_words (kinds, print_kinds);
  else if (strcmp (name, "KIND") == 0)
    append_words (kinds, id_kinds);
  else if (strcmp (name, "FAMILY") == 0)
    {
      g_autoptr(GPtrArray) families = wb_rules_family_list ();
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();

      for (guint i = 0; i < families->len; i++)
        g_ptr_array_add (ids, (gpointer) ((const WbRulesFamily *) g_ptr_array_index (families, i))->id);
      g_ptr_array_add (ids, NULL);
      append_words (kinds, (const char * const *) ids->pdata);
    }
  else
    g_string_append (kinds, "file");
}

/* An operand's token: "FILE", "WHAT…" (it repeats), "FILE|SAVE" (either). */
static void
operand_kinds_of (GString     *kinds,
                  CommandHelp *help,
                  const char  *token)
{
  g_autofree char *name = g_strdup (token);
  g_auto(GStrv) alternatives = NULL;
  gboolean repeats = g_str_has_suffix (name, "…");

  if (repeats)
    name[strlen (name) - strlen ("…")] = '\0';
  if (kinds->len > 0)
    g_string_append_c (kinds, ';');
  alternatives = g_strsplit (name, "|", -1);
  for (guint i = 0; alternatives[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (kinds, ' ');
      operand_kind (kinds, help, alternatives[i]);
    }
  if (repeats)
    g_string_append_c (kinds, '+');
}

/* The operands of "FILE ID -o OUT.warbench", "FILE --auto | FILE --script
 * FILE|-", "[FAMILY]": the first alternative's words that are not options,
 * options' arguments or optional options ("[--as NEWID]"). */
static char *
operand_kinds (CommandHelp *help)
{
  g_auto(GStrv) tokens = g_strsplit (help->parameters != NULL ? help->parameters : "", " ", -1);
  g_autoptr(GString) kinds = g_string_new (NULL);
  int depth = 0;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      char *token = tokens[i];
      gboolean opens = token[0] == '[' || token[0] == '(';
      gsize len = strlen (token);

      if (len == 0)
        continue;
      if (strcmp (token, "|") == 0 && depth == 0)
        break;
      if (opens && depth == 0 && token[1] != '-' && (token[len - 1] == ']' || token[len - 1] == ')'))
        {
          /* "[FAMILY]": an optional operand. */
          g_autofree char *inner = g_strndup (token + 1, len - 2);

          operand_kinds_of (kinds, help, inner);
          continue;
        }
      for (const char *p = token; *p != '\0'; p++)
        depth += (*p == '[' || *p == '(') - (*p == ']' || *p == ')');
      if (opens || depth > 0 || token[len - 1] == ']' || token[len - 1] == ')')
        continue;
      if (token[0] == '-')
        {
          /* "-o OUT.warbench": skip the option's argument. */
          if (tokens[i + 1] != NULL && g_ascii_isupper (tokens[i + 1][0]))
            i++;
          continue;
        }
      operand_kinds_of (kinds, help, token);
    }
  return g_string_free (g_steal_pointer (&kinds), FALSE);
}

/* @text single-quoted for bash and zsh. */
static void
append_quoted (GString    *s,
               const char *text)
{
  g_string_append_c (s, '\'');
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\'')
      g_string_append (s, "'\\''");
    else
      g_string_append_c (s, *p);
  g_string_append_c (s, '\'');
}

/* "NAME:TEXT" for zsh's _describe: a colon in NAME escaped, the text on
 * one line. */
static void
append_described (GString    *s,
                  const char *name,
                  const char *text)
{
  g_autofree char *one_line = g_strdup (text != NULL ? text : "");

  g_strdelimit (one_line, "\n\t", ' ');
  g_string_append_c (s, ' ');
  {
    g_autofree char *pair = g_strdup_printf ("%s:%s", name, one_line);

    append_quoted (s, pair);
  }
}

/* The lists, as shell functions that bash and zsh both read:
 *   _warbench_cli_commands        array of the command names
 *   _warbench_cli_summaries       array of "command:summary" (zsh)
 *   _warbench_cli_actions CMD     REPLY: the actions of CMD ("export import")
 *   _warbench_cli_options KEY     REPLY: KEY's long options, space-separated;
 *                                 reply: "--option:help" for each (zsh)
 *   _warbench_cli_argument 'KEY OPTION'  REPLY: what completes OPTION's argument
 *   _warbench_cli_operands KEY    REPLY: what completes each operand
 * KEY is a command, or a command and its action ("scenario import"). */
static char *
completion_data (GPtrArray     *helps,
                 const Command *commands,
                 guint          n_commands)
{
  g_autoptr(GString) s = g_string_new (NULL);

  g_string_append (s, "# Written by `warbench-cli --completion` from the tables the commands parse.\n");
  g_string_append (s, "_warbench_cli_commands=(");
  for (guint i = 0; i < n_commands; i++)
    g_string_append_printf (s, " %s", commands[i].name);
  g_string_append (s, " )\n_warbench_cli_summaries=(");
  for (guint i = 0; i < n_commands; i++)
    append_described (s, commands[i].name, commands[i].summary);
  g_string_append (s, " )\n_warbench_cli_global_options=(");
  for (guint i = 0; global_options[i].long_name != NULL; i++)
    {
      g_autofree char *name = g_strconcat ("--", global_options[i].long_name, NULL);

      append_described (s, name, global_options[i].description);
    }
  g_string_append (s, " )\n\n");

  g_string_append (s, "_warbench_cli_actions ()\n{\n  case $1 in\n");
  for (guint i = 0; i < n_commands; i++)
    if (commands[i].actions != NULL)
      {
        g_autofree char *list = g_strjoinv (" ", (char **) commands[i].actions);

        g_string_append_printf (s, "    %s) REPLY=", commands[i].name);
        append_quoted (s, list);
        g_string_append (s, " ;;\n");
      }
  g_string_append (s, "    *) REPLY='' ;;\n  esac\n}\n\n");

  g_string_append (s, "_warbench_cli_options ()\n{\n  case $1 in\n");
  for (guint i = 0; i < helps->len; i++)
    {
      CommandHelp *help = g_ptr_array_index (helps, i);
      const GOptionEntry *entries = (const GOptionEntry *) help->entries->data;
      g_autoptr(GString) names = g_string_new (NULL);

      g_string_append (s, "    ");
      append_quoted (s, help->name);
      for (guint k = 0; k < help->entries->len; k++)
        if (!(entries[k].flags & G_OPTION_FLAG_HIDDEN))
          g_string_append_printf (names, "--%s ", entries[k].long_name);
      g_string_append (names, "--help");
      g_string_append (s, ")\n      REPLY=");
      append_quoted (s, names->str);
      g_string_append (s, "\n      reply=(");
      for (guint k = 0; k < help->entries->len; k++)
        if (!(entries[k].flags & G_OPTION_FLAG_HIDDEN))
          {
            g_autofree char *name = g_strconcat ("--", entries[k].long_name, NULL);

            append_described (s, name, entries[k].description);
          }
      append_described (s, "--help", N_("Show the command's options"));
      g_string_append (s, " ) ;;\n");
    }
  g_string_append (s, "    *) REPLY='' reply=() ;;\n  esac\n}\n\n");

  g_string_append (s, "_warbench_cli_argument ()\n{\n  case $1 in\n");
  for (guint i = 0; i < helps->len; i++)
    {
      CommandHelp *help = g_ptr_array_index (helps, i);
      const GOptionEntry *entries = (const GOptionEntry *) help->entries->data;

      for (guint k = 0; k < help->entries->len; k++)
        {
          g_autofree char *kind = option_kind (help->name, &entries[k]);
          g_autofree char *long_key = g_strdup_printf ("%s --%s", help->name, entries[k].long_name);

          if (*kind == '\0')
            continue;
          g_string_append (s, "    ");
          append_quoted (s, long_key);
          if (entries[k].short_name != '\0')
            {
              g_autofree char *short_key = g_strdup_printf ("%s -%c", help->name, entries[k].short_name);

              g_string_append_c (s, '|');
              append_quoted (s, short_key);
            }
          g_string_append (s, ") REPLY=");
          append_quoted (s, kind);
          g_string_append (s, " ;;\n");
        }
    }
  g_string_append (s, "    *) REPLY='' ;;\n  esac\n}\n\n");

  g_string_append (s, "_warbench_cli_operands ()\n{\n  case $1 in\n");
  for (guint i = 0; i < helps->len; i++)
    {
      CommandHelp *help = g_ptr_array_index (helps, i);
      g_autofree char *kinds = operand_kinds (help);

      g_string_append (s, "    ");
      append_quoted (s, help->name);
      g_string_append (s, ") REPLY=");
      append_quoted (s, kinds);
      g_string_append (s, " ;;\n");
    }
  g_string_append (s, "    help) REPLY='words:");
  for (guint i = 0; i < n_commands; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "," : "", commands[i].name);
  g_string_append (s, "' ;;\n    *) REPLY='' ;;\n  esac\n}\n");

  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Copies @template_path to stdout with the line "@DATA@" replaced by the
 * lists. */
int
write_completion (const char    *prog,
                  const char    *template_path,
                  const Command *commands,
                  guint          n_commands)
{
  g_autoptr(GPtrArray) helps = describe_commands (commands, n_commands);
  g_autoptr(GError) error = NULL;
  g_autofree char *template = NULL;
  g_autofree char *data = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean replaced = FALSE;

  if (helps == NULL)
    return STATUS_FAILED;
  if (!g_file_get_contents (template_path, &template, NULL, &error))
    {
      out (stderr, "%s: %s\n", prog, error->message);
      return STATUS_FAILED;
    }
  data = completion_data (helps, commands, n_commands);
  lines = g_strsplit (template, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i + 1] == NULL && lines[i][0] == '\0')
        break;
      if (strcmp (lines[i], "@DATA@") == 0)
        {
          out (stdout, "%s", data);
          replaced = TRUE;
        }
      else
        out (stdout, "%s\n", lines[i]);
    }
  if (!replaced)
    {
      out (stderr, "%s: %s has no @DATA@ line\n", prog, template_path);
      return STATUS_FAILED;
    }
  return fflush (stdout) == 0 ? STATUS_OK : STATUS_FAILED;
}
