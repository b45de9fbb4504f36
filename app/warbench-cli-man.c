/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "warbench-cli-private.h"
#include "warbench-options.h"

/*
 * warbench-cli(1) and warbench(1) as roff (man(7) macros), written from the
 * tables the programs parse: each command's GOptionEntry array as the
 * command hands it to parse_options (describe_commands), with the summary
 * and description its --help shows; warbench-cli's global options; the
 * application's option table (app/warbench-options.c). meson runs the
 * hidden `warbench-cli --man PAGE` at build time (app/meson.build), so a
 * page lists what the program parses; tests/test-man.sh checks every option
 * each --help lists against the page.
 */

/* The non-ASCII characters the strings use, as groff glyphs every output
 * device has (-Tascii draws “ as ", × as x, — as --): raw UTF-8 would make
 * groff warn in a C locale. Others become \[uXXXX]. */
static const struct {
  const char *utf8;
  const char *roff;
} glyphs[] = {
  { "“", "\\(lq" }, { "”", "\\(rq" }, { "‘", "\\(oq" }, { "’", "\\(cq" },
  { "—", "\\(em" }, { "–", "\\(en" }, { "…", "..." }, { "×", "\\(mu" },
  { "→", "\\(->" }, { "−", "\\(mi" }, { "·", "\\(pc" }, { "½", "\\(12" },
  { "≥", "\\(>=" }, { "≤", "\\(<=" }, { "±", "\\(+-" }, { "é", "\\('e" },
};

static gboolean
at_line_start (GString *s)
{
  return s->len == 0 || s->str[s->len - 1] == '\n';
}

/* Appends @piece; one starting a line with a control character ('.' or
 * '\'') is made text with \&. */
static void
put (GString    *s,
     const char *piece)
{
  if (at_line_start (s) && (piece[0] == '.' || piece[0] == '\''))
    g_string_append (s, "\\&");
  g_string_append (s, piece);
}

static gboolean
word_char (gunichar c)
{
  return g_unichar_isalnum (c) || c == '-' || c == '_';
}

/* @text as roff text. Backslashes and control characters starting a line
 * are escaped; a hyphen starting a word, and every hyphen of that word, is
 * a minus sign (\-: "--scale", "-o", "all,-numbers"), one inside a word a
 * hyphen ("set-up"); non-ASCII characters are glyphs. The line breaks
 * --help wraps its text with are spaces to roff; a blank line starts a
 * paragraph and an indented line a new line, as they do in --help. */
static void
roff_text (GString    *s,
           const char *text)
{
  gboolean word_start = TRUE, option = FALSE;

  for (const char *p = text; p != NULL && *p != '\0';)
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (c == '\n')
        {
          const char *q = next;
          guint newlines = 1;

          for (; *q == '\n' || *q == ' '; q++)
            newlines += *q == '\n';
          if (*q == '\0')
            break;
          if (newlines > 1)
            g_string_append (s, "\n.PP\n");
          else if (q > next)
            g_string_append (s, "\n.br\n");
          else
            g_string_append_c (s, '\n');
          word_start = TRUE;
          option = FALSE;
          p = q;
          continue;
        }
      if (c == ' ' && at_line_start (s))
        {
          p = next;
          continue;
        }

      if (c == '\\')
        g_string_append (s, "\\e");
      else if (c == '-' && (word_start || option))
        {
          g_string_append (s, "\\-");
          option = TRUE;
        }
      else if (c < 0x80)
        {
          char ascii[2] = { (char) c, '\0' };

          put (s, ascii);
        }
      else
        {
          const char *glyph = NULL;

          for (guint i = 0; i < G_N_ELEMENTS (glyphs) && glyph == NULL; i++)
            if (strncmp (p, glyphs[i].utf8, next - p) == 0 && glyphs[i].utf8[next - p] == '\0')
              glyph = glyphs[i].roff;
          if (glyph != NULL)
            put (s, glyph);
          else
            g_string_append_printf (s, "\\[u%04X]", c);
        }

      option = option && word_char (c);
      word_start = !word_char (c) && c != '.' && c != '\'';
      p = next;
    }
}

/* @text with every hyphen a minus sign: an option's name. */
static void
roff_literal (GString    *s,
              const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '-')
      g_string_append (s, "\\-");
    else
      g_string_append_c (s, *p);
}

static void
roff_font (GString    *s,
           char        font,
           const char *text)
{
  g_string_append_printf (s, "\\f%c", font);
  roff_text (s, text);
  g_string_append (s, "\\fR");
}

/* A command's parameters as a synopsis: options and literal words bold
 * ("--scenario", "export", "duplex"), what the user replaces italic
 * ("FILE", "OUT.csv"), the brackets and bars plain. */
static void
roff_synopsis (GString    *s,
               const char *params)
{
  const char *separators = " []()|,=";

  for (const char *p = params; *p != '\0';)
    {
      gsize n = strcspn (p, separators);

      if (n == 0)
        {
          char sep[2] = { *p, '\0' };

          roff_text (s, sep);
          p++;
          continue;
        }
      {
        g_autofree char *token = g_strndup (p, n);

        if (g_ascii_isupper (token[0]))
          roff_font (s, 'I', token);
        else if (token[0] == '-' || g_ascii_islower (token[0]))
          roff_font (s, 'B', token);
        else
          roff_text (s, token);
      }
      p += n;
    }
}

static gboolean
takes_argument (const GOptionEntry *e)
{
  if (e->arg == G_OPTION_ARG_NONE)
    return FALSE;
  if (e->arg == G_OPTION_ARG_CALLBACK && (e->flags & G_OPTION_FLAG_NO_ARG))
    return FALSE;
  return TRUE;
}

/* One option as --help shows it: "-s, --scenario=ID" then its help. */
static void
roff_option (GString            *s,
             const GOptionEntry *e)
{
  if (e->flags & G_OPTION_FLAG_HIDDEN)
    return;
  g_string_append (s, ".TP\n");
  if (e->short_name != '\0')
    g_string_append_printf (s, "\\fB\\-%c\\fR, ", e->short_name);
  g_string_append (s, "\\fB\\-\\-");
  roff_literal (s, e->long_name);
  g_string_append (s, "\\fR");
  if (takes_argument (e))
    {
      const char *arg = e->arg_description != NULL ? g_dgettext (GETTEXT_PACKAGE, e->arg_description)
                                                   : _("VALUE");

      g_string_append_c (s, '=');
      roff_font (s, 'I', arg);
    }
  g_string_append_c (s, '\n');
  roff_text (s, g_dgettext (GETTEXT_PACKAGE, e->description));
  g_string_append_c (s, '\n');
}

static void
roff_options (GString            *s,
              const GOptionEntry *entries)
{
  for (guint i = 0; entries[i].long_name != NULL; i++)
    roff_option (s, &entries[i]);
}

/* A heading line, a paragraph, a tagged paragraph. */
static void
roff_section (GString    *s,
              const char *name)
{
  g_string_append_printf (s, ".SH \"%s\"\n", name);
}

static void
roff_paragraph (GString    *s,
                const char *text)
{
  if (!at_line_start (s))
    g_string_append_c (s, '\n');
  g_string_append (s, ".PP\n");
  roff_text (s, text);
  g_string_append_c (s, '\n');
}

static void
roff_tagged (GString    *s,
             char        font,
             const char *tag,
             const char *text)
{
  g_string_append (s, ".TP\n");
  roff_font (s, font, tag);
  g_string_append_c (s, '\n');
  roff_text (s, text);
  g_string_append_c (s, '\n');
}

/* An example: what it does, then the command line, not filled. */
static void
roff_example (GString    *s,
              const char *what,
              const char *line)
{
  roff_paragraph (s, what);
  g_string_append (s, ".RS 4\n.nf\n");
  roff_font (s, 'B', line);
  g_string_append (s, "\n.fi\n.RE\n");
}

/* The header: a comment saying where the page comes from, .TH with the
 * date from SOURCE_DATE_EPOCH when it is set (reproducible builds), else
 * none. */
static void
roff_header (GString    *s,
             const char *title,
             const char *source)
{
  const char *epoch = g_getenv ("SOURCE_DATE_EPOCH");
  g_autofree char *date = NULL;

  if (epoch != NULL && *epoch != '\0')
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (g_ascii_strtoll (epoch, NULL, 10));

      if (when != NULL)
        date = g_date_time_format (when, "%Y-%m-%d");
    }
  g_string_append_printf (s, ".\\\" Generated by \"%s\" from the option tables the program parses: do not edit.\n",
                          source);
  g_string_append (s, ".TH ");
  roff_literal (s, title);
  g_string_append_printf (s, " 1 \"%s\" \"Warbench %s\" \"%s\"\n", date != NULL ? date : "",
                          PACKAGE_VERSION, _("User Commands"));
  /* Option names are not hyphenated, and the text is not stretched to
   * both margins: easier to read in a terminal. */
  g_string_append (s, ".nh\n.ad l\n");
}

static void
finish (GString *s)
{
  fwrite (s->str, 1, s->len, stdout);
}

/* What both programs do with WARBENCH_LOCALEDIR (their main ()). */
static const char *
locale_dir_text (void)
{
  return _("The folder of the translations, instead of the installed ones: for a build that is "
           "not installed (./dev run sets it to the build's po/).");
}

/* --- warbench-cli(1) ------------------------------------------------------- */

static const struct {
  const char *what;
  const char *line;
} cli_examples[] = {
  { N_("Check every game file of a folder:"), "warbench-cli validate games/*.warbench" },
  { N_("Create a game with a hex map of 20 columns and 15 rows:"),
    "warbench-cli new --hex 20x15 -o my-game.warbench" },
  { N_("Draw a scenario's map to a PNG:"),
    "warbench-cli render my-game.warbench --scenario intro -o map.png" },
  { N_("Play a whole game with the automatic player on both sides and save the playtest:"),
    "warbench-cli play my-game.warbench --auto --seed 7 --save game.warbench-play" },
  { N_("Replay it and draw the map as it ended:"), "warbench-cli replay game.warbench-play -o final.png" },
  { N_("A thousand automatic games, and the scenario's win rates:"),
    "warbench-cli balance my-game.warbench --games 1000" },
  { N_("The scenarios a game has (what shell completion offers after --scenario):"),
    "warbench-cli ids my-game.warbench scenarios" },
};

static int
write_cli_page (const char    *prog,
                const Command *commands,
                guint          n_commands)
{
  g_autoptr(GPtrArray) helps = describe_commands (commands, n_commands);
  g_autoptr(GString) s = g_string_new (NULL);

  if (helps == NULL)
    return STATUS_FAILED;

  roff_header (s, "warbench-cli", "warbench-cli --man warbench-cli");

  roff_section (s, "NAME");
  g_string_append (s, "warbench\\-cli \\- ");
  /* TRANSLATORS: warbench-cli(1)'s NAME line, after "warbench-cli - " */
  roff_text (s, _("work with Warbench game files from the command line"));
  g_string_append_c (s, '\n');

  roff_section (s, "SYNOPSIS");
  g_string_append (s, "\\fBwarbench\\-cli\\fR ");
  roff_synopsis (s, _("COMMAND [OPTION…] [ARGUMENT…]"));
  g_string_append (s, "\n.br\n\\fBwarbench\\-cli help\\fR ");
  roff_synopsis (s, _("COMMAND"));
  g_string_append (s, "\n.br\n\\fBwarbench\\-cli\\fR ");
  for (guint i = 0; global_options[i].long_name != NULL; i++)
    {
      if (i > 0)
        g_string_append (s, " | ");
      g_string_append (s, "\\fB\\-\\-");
      roff_literal (s, global_options[i].long_name);
      g_string_append (s, "\\fR");
    }
  g_string_append_c (s, '\n');

  roff_section (s, "DESCRIPTION");
  roff_text (s, _("Work with Warbench game files from the command line."));
  g_string_append_c (s, '\n');
  roff_paragraph (s, _("warbench-cli validates, inspects, creates, draws and prints the game files "
                       "Warbench edits (.warbench), plays and replays playtests (.warbench-play), "
                       "analyses tables and a scenario's balance, and lets another program drive the "
                       "rules engine, without the application: for scripts, continuous integration and "
                       "designers who keep their games under version control. Its output is UTF-8 "
                       "whatever the locale, so scripts can match on it."));
  roff_paragraph (s, _("The first argument is the command; the command's options and arguments follow "
                       "it. The commands:"));
  for (guint i = 0; i < n_commands; i++)
    {
      g_string_append (s, ".TP\n");
      roff_font (s, 'B', commands[i].name);
      g_string_append_c (s, ' ');
      roff_synopsis (s, _(commands[i].parameters));
      g_string_append_c (s, '\n');
      roff_text (s, _(commands[i].summary));
      g_string_append (s, ".\n");
    }

  roff_section (s, "COMMANDS");
  roff_text (s, _("Each command, with what “warbench-cli COMMAND --help” shows of it."));
  g_string_append_c (s, '\n');
  for (guint i = 0; i < helps->len; i++)
    {
      CommandHelp *help = g_ptr_array_index (helps, i);

      g_string_append (s, ".SS \"");
      roff_literal (s, help->name);
      g_string_append (s, "\"\n\\fBwarbench\\-cli ");
      roff_literal (s, help->name);
      g_string_append (s, "\\fR ");
      roff_synopsis (s, _("[OPTION…]"));
      if (help->parameters != NULL && *help->parameters != '\0')
        {
          g_string_append_c (s, ' ');
          roff_synopsis (s, help->parameters);
        }
      g_string_append_c (s, '\n');
      roff_paragraph (s, help->summary);
      if (help->description != NULL)
        roff_paragraph (s, help->description);
      roff_options (s, (const GOptionEntry *) help->entries->data);
      g_string_append (s, ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\n");
      roff_text (s, _("Show the command's options"));
      g_string_append_c (s, '\n');
    }

  roff_section (s, "OPTIONS");
  roff_text (s, _("Before a command:"));
  g_string_append_c (s, '\n');
  roff_options (s, global_options);
  roff_paragraph (s, _("After a command, -h or --help shows the command's options, as does "
                       "“warbench-cli help COMMAND”."));

  roff_section (s, "EXIT STATUS");
  roff_tagged (s, 'B', "0", _("Success."));
  roff_tagged (s, 'B', "1", _("The operation failed: an invalid game file, a map or scenario the file "
                              "does not have, a playtest that does not replay, a write error; for maps, "
                              "table --stats and format --check, also what they report (unreachable "
                              "hexes, a flagged column, a file not in canonical form)."));
  roff_tagged (s, 'B', "2", _("Wrong usage: an unknown command or option, a malformed value, a missing "
                              "argument."));

  roff_section (s, "ENVIRONMENT");
  roff_tagged (s, 'B', "LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
               _("The language of messages and help (when Warbench is translated into it). Output "
                 "that scripts read (ids, JSON, CSV) is the same in every language."));
  roff_tagged (s, 'B', "WARBENCH_LOCALEDIR", locale_dir_text ());

  roff_section (s, "FILES");
  roff_tagged (s, 'I', "*.warbench", _("A game: its maps, order of battle, tables, scenarios and "
                                       "rules, as JSON (the format is in docs/file-format.md)."));
  roff_tagged (s, 'I', "*.warbench-play", _("A playtest journal: the seed and every action, one JSON "
                                            "line each, with the game it was played with."));
  roff_tagged (s, 'I', PKGDATADIR "/games/", _("The games that come with Warbench."));

  roff_section (s, "EXAMPLES");
  for (guint i = 0; i < G_N_ELEMENTS (cli_examples); i++)
    roff_example (s, _(cli_examples[i].what), cli_examples[i].line);

  roff_section (s, "SEE ALSO");
  g_string_append (s, ".BR warbench (1)\n");
  roff_paragraph (s, _("Bash and zsh complete the commands, their options, game and playtest files, "
                       "and a game's own ids after --scenario, --map, --side, --viewer, --option and "
                       "a table's name (they ask “warbench-cli ids”)."));
  roff_paragraph (s, _("In Warbench's source: docs/engine-cli.md (state, actions, scripted play), "
                       "docs/balance.md, docs/printing.md, docs/file-format.md and "
                       "docs/shell-completion.md."));

  finish (s);
  return STATUS_OK;
}

/* --- warbench(1) ----------------------------------------------------------- */

static int
write_app_page (void)
{
  g_autoptr(GString) s = g_string_new (NULL);

  roff_header (s, "warbench", "warbench-cli --man warbench");

  roff_section (s, "NAME");
  g_string_append (s, "warbench \\- ");
  /* TRANSLATORS: warbench(1)'s NAME line, after "warbench - " */
  roff_text (s, _("design, edit and playtest board wargames"));
  g_string_append_c (s, '\n');

  roff_section (s, "SYNOPSIS");
  g_string_append (s, "\\fBwarbench\\fR ");
  roff_synopsis (s, _("[OPTION…] [FILE…]"));
  g_string_append_c (s, '\n');

  roff_section (s, "DESCRIPTION");
  roff_text (s, _("Warbench is a workbench for people who design board wargames: draw hex and "
                  "point-to-point maps, build orders of battle, enter combat results tables and other "
                  "charts, set up scenarios, playtest hot-seat or solo with the rules enforced, analyse "
                  "the odds and a scenario's balance, and export scenario files and printable charts. "
                  "The rules are data the designer edits; the engine plays them."));
  g_string_append_c (s, '\n');
  roff_paragraph (s, _("Without a FILE, Warbench opens the game that was open when it last quit, else "
                       "the bundled Battle of the Wilderness; when an earlier session ended without "
                       "saving, it first offers the drafts it kept. A running Warbench is reused: the "
                       "files go to it. Each FILE is, by its name:"));
  for (guint i = 0; warbench_operands[i].pattern != NULL; i++)
    roff_tagged (s, 'I', warbench_operands[i].pattern, _(warbench_operands[i].text));

  roff_section (s, "OPTIONS");
  roff_options (s, warbench_options);
  roff_options (s, warbench_gapplication_options);

  roff_section (s, "EXIT STATUS");
  roff_tagged (s, 'B', "0", _("Warbench ran and quit, or printed what an option asked for."));
  roff_tagged (s, 'B', "1", _("An unknown option, or the application could not start (no display)."));

  roff_section (s, "ENVIRONMENT");
  roff_tagged (s, 'B', "WARBENCH_DATADIR",
               _("A folder whose games/ holds the bundled games, looked in before the installed "
                 "ones (for a build that is not installed)."));
  roff_tagged (s, 'B', "WARBENCH_AUTOSAVE_SECONDS",
               _("The seconds after a change before the draft is written (at most 3600), instead of "
                 "the autosave-interval setting."));
  roff_tagged (s, 'B', "WARBENCH_BENCH_FIRST_FRAME",
               _("When 1, print the time to the first frame that shows the map, then quit (for "
                 "benchmarks)."));
  roff_tagged (s, 'B', "LANGUAGE, LC_ALL, LC_MESSAGES, LANG", _("The language of the interface."));
  roff_tagged (s, 'B', "WARBENCH_LOCALEDIR", locale_dir_text ());

  roff_section (s, "FILES");
  roff_tagged (s, 'I', "$XDG_DATA_HOME/" APP_ID "/drafts/",
               _("Drafts: each game with unsaved changes, autosaved some seconds after it changes "
                 "(never over the game's file) and offered back after a crash. XDG_DATA_HOME is "
                 "~/.local/share by default."));
  roff_tagged (s, 'I', PKGDATADIR "/games/", _("The games that come with Warbench."));
  {
    /* TRANSLATORS: %s is the settings schema's id */
    g_autofree char *settings = g_strdup_printf (_("The settings (recent files, the last game, the "
                                                   "window, the autosave interval) are kept by "
                                                   "GSettings under the schema %s."), APP_ID);

    roff_paragraph (s, settings);
  }

  roff_section (s, "EXAMPLES");
  roff_example (s, _("Open a game:"), "warbench my-game.warbench");
  roff_example (s, _("Go on with a playtest where it stands:"), "warbench game.warbench-play");

  roff_section (s, "SEE ALSO");
  g_string_append (s, ".BR warbench\\-cli (1)\n");

  finish (s);
  return STATUS_OK;
}

int
write_man_page (const char    *prog,
                const char    *page,
                const Command *commands,
                guint          n_commands)
{
  if (g_strcmp0 (page, "warbench-cli") == 0)
    return write_cli_page (prog, commands, n_commands);
  if (g_strcmp0 (page, "warbench") == 0)
    return write_app_page ();
  return usage_error (prog, NULL, _("--man takes the page: warbench-cli or warbench"));
}
