/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "warbench-core.h"
#include "rules/wb-play.h"
#include "rules/wb-play-json.h"
#include "warbench-cli-private.h"

/* warbench-cli: the open engine (docs/engine-cli.md) — `state` (a saved
 * playtest's state as JSON), `actions` (the actions the engine accepts
 * now, as JSON lines), `play --script` (actions read as JSON lines, played
 * and appended to a save) and what `replay` prints of a refused entry. */

/* The most actions `actions` lists. */
#define MAX_ACTIONS 5000

static void
print_json (JsonNode *node, gboolean pretty)
{
  g_autofree char *text = json_to_string (node, pretty);

  out (stdout, "%s\n", text);
}

void
print_state_json (WbPlay *play, const char *viewer)
{
  g_autoptr(JsonNode) node = wb_play_state_to_json (play, viewer);

  print_json (node, TRUE);
}

/* The game a saved playtest names (beside it) or @game_path. */
/* The game of a saved playtest: @game_path when given, else the file the
 * journal names if unchanged, else the game it carries
 * (wb_play_find_game: a playtest mailed alone still opens); the note of
 * which, if any, on stderr. */
WbGame *
load_game_of (const char *save, WbJournal *journal, const char *game_path, GError **error)
{
  g_autofree char *note = NULL;
  WbGame *game = wb_play_find_game (journal, save, game_path != NULL ? WB_PLAY_GAME_FILE : WB_PLAY_GAME_AUTO,
                                    game_path, &note, error);

  if (game != NULL && note != NULL)
    out (stderr, "%s\n", note);
  return game;
}

/* A saved playtest, read (not reopened for appending: nothing is written
 * to it), with its game; NULL after printing why. */
static WbPlay *
open_save (const char *save, const char *game_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbJournal) journal = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autofree char *data = NULL, *cut = NULL, *warning = NULL;
  gsize len = 0;
  WbPlay *play;

  if (!g_file_get_contents (save, &data, &len, &error) ||
      (journal = wb_journal_load_from_data (data, len, save, &cut, &error)) == NULL)
    {
      out (stderr, "%s\n", error->message);
      return NULL;
    }
  game = load_game_of (save, journal, game_path, &error);
  if (game == NULL)
    {
      out (stderr, "%s\n", error->message);
      return NULL;
    }
  play = wb_play_open_journal (game, journal, save, &warning, &error);
  if (play == NULL)
    {
      out (stderr, "%s\n", error->message);
      return NULL;
    }
  if (cut != NULL)
    out (stderr, "%s\n", cut);
  if (warning != NULL)
    out (stderr, "%s\n", warning);
  return play;
}

static const char *
side_index_id (WbGame *game, const char *viewer)
{
  GPtrArray *sides = wb_game_get_sides (game);

  for (guint i = 0; i < sides->len; i++)
    if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, i))->id, viewer) == 0)
      return ((WbSide *) g_ptr_array_index (sides, i))->id;
  return NULL;
}

int
cmd_state (const char  *prog,
           int          argc,
           char       **argv)
{
  g_autofree char *game_path = NULL, *viewer = NULL, *entry_arg = NULL;
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_FILENAME, &game_path,
      N_("The game file (default: the one the journal names, beside it)"), N_("FILE") },
    { "entry", 'e', 0, G_OPTION_ARG_STRING, &entry_arg,
      N_("The state after this entry of the journal (default: at its cursor)"), N_("K") },
    { "viewer", 0, 0, G_OPTION_ARG_STRING, &viewer,
      N_("What this side sees: where the counters hide, the other sides' units as their side and place"),
      N_("SIDE") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  guint64 entry = 0;

  if (!parse_options (prog, "state", _("SAVE"),
                      _("Prints a saved playtest's state as JSON: the turn, the step, the active side, VP, "
                        "the result, what the step awaits, every unit with its place, strength and flags, "
                        "and the markers."),
                      _("See docs/engine-cli.md for the members."), entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "state", argc < 2 ? _("No playtest given") : _("Give exactly one playtest"));
  if (entry_arg != NULL && !g_ascii_string_to_unsigned (entry_arg, 10, 0, G_MAXUINT32, &entry, NULL))
    return usage_error (prog, "state", _("The entry is a whole number, 0 or more"));
  play = open_save (argv[1], game_path);
  if (play == NULL)
    return STATUS_FAILED;
  if (viewer != NULL && side_index_id (wb_play_get_game (play), viewer) == NULL)
    {
      out (stderr, _("%s: the game has no side “%s”\n"), argv[1], viewer);
      return STATUS_FAILED;
    }
  if (entry_arg != NULL && !wb_play_go_to (play, (guint32) entry, &error))
    {
      out (stderr, "%s: %s\n", argv[1], error->message);
      return STATUS_FAILED;
    }
  print_state_json (play, viewer);
  return STATUS_OK;
}

int
cmd_actions (const char  *prog,
             int          argc,
             char       **argv)
{
  g_autofree char *game_path = NULL;
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_FILENAME, &game_path,
      N_("The game file (default: the one the journal names, beside it)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  gboolean truncated = FALSE;

  if (!parse_options (prog, "actions", _("SAVE"),
                      _("Lists the actions the engine accepts now in a saved playtest, one JSON object a "
                        "line: {\"action\": {…}, \"source\": …, \"label\": …}; the action is what "
                        "`play --script` reads."),
                      _("The step's picks enumerated, the prompt's buttons, the family's offers, ending the "
                        "step and the automatic player's suggestion (\"suggested\": true), each kept only "
                        "when the rules accept it. The designer's overrides are always accepted and not "
                        "listed. See docs/engine-cli.md."), entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "actions", argc < 2 ? _("No playtest given") : _("Give exactly one playtest"));
  play = open_save (argv[1], game_path);
  if (play == NULL)
    return STATUS_FAILED;
  actions = wb_play_list_actions (play, MAX_ACTIONS, &truncated);
  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), g_ptr_array_index (actions, i));

      print_json (node, FALSE);
    }
  if (truncated)
    out (stderr, _("%s: more than %d actions: the first %d listed\n"), argv[1], MAX_ACTIONS, MAX_ACTIONS);
  return STATUS_OK;
}

/* One line of a script, without its end of line; FALSE at the end. */
static gboolean
read_line (FILE *in, GString *line)
{
  int c;

  g_string_truncate (line, 0);
  while ((c = fgetc (in)) != EOF)
    {
      if (c == '\n')
        return TRUE;
      g_string_append_c (line, (char) c);
    }
  return line->len > 0;
}

static void
print_events_since (WbPlay *play, guint *printed, gboolean quiet)
{
  GPtrArray *log = wb_play_get_log (play);

  for (; *printed < log->len; (*printed)++)
    if (!quiet)
      out (stdout, "%s\n", ((WbLogEvent *) g_ptr_array_index (log, *printed))->text);
}

/* Whether @path holds a saved playtest (a journal) rather than a game. */
WbJournal *
sniff_journal (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, NULL))
    return NULL;
  return wb_journal_load_from_data (data, len, path, NULL, NULL);
}

/* --respond: one JSON line on stdout — the entry, what the last action
 * wrote to the log or why it was refused, the state and the legal actions
 * — flushed, for the program on the other end of the pipe. */
static void
respond (WbPlay *play, guint *printed, const GError *refused)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  GPtrArray *log = wb_play_get_log (play);
  gboolean truncated = FALSE;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "entry");
  json_builder_add_int_value (b, wb_journal_get_cursor (wb_play_get_journal (play)));
  if (refused != NULL)
    {
      json_builder_set_member_name (b, "refused");
      json_builder_add_string_value (b, refused->message);
    }
  json_builder_set_member_name (b, "log");
  json_builder_begin_array (b);
  for (; *printed < log->len; (*printed)++)
    json_builder_add_string_value (b, ((WbLogEvent *) g_ptr_array_index (log, *printed))->text);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "state");
  json_builder_add_value (b, wb_play_state_to_json (play, NULL));
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  actions = wb_play_list_actions (play, MAX_ACTIONS, &truncated);
  for (guint i = 0; i < actions->len; i++)
    json_builder_add_value (b, json_node_init_object (json_node_alloc (), g_ptr_array_index (actions, i)));
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  print_json (root, FALSE);
  fflush (stdout);
}

int
play_script (const char          *prog,
             const char          *file,
             const char          *script,
             const PlayScriptArgs *args)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(WbJournal) sniffed = sniff_journal (file);
  g_autoptr(GString) line = g_string_new (NULL);
  FILE *in;
  guint printed = 0, line_no = 0;
  int played = 0, status = STATUS_OK;

  if (sniffed != NULL)
    {
      g_autofree char *warning = NULL;

      if (args->scenario != NULL || args->seeded || args->options != NULL || args->physical)
        return usage_error (prog, "play", _("A saved playtest goes on with its own scenario, options, seed "
                                            "and dice: --scenario, --option, --seed and --physical-dice "
                                            "are for a new match"));
      game = load_game_of (file, sniffed, args->game, &error);
      if (game == NULL)
        {
          out (stderr, "%s\n", error->message);
          return STATUS_FAILED;
        }
      /* Reopened for appending: each action played is on disk at once. */
      play = wb_play_open (game, file, &warning, &error);
      if (play != NULL && warning != NULL)
        out (stderr, "%s\n", warning);
    }
  else
    {
      WbScenario *scenario;
      g_autofree char *base = g_path_get_basename (file);

      if (args->game != NULL)
        return usage_error (prog, "play", _("--game is for a saved playtest"));
      game = load_game (file, &error);
      if (game == NULL)
        {
          print_load_error (file, error);
          return STATUS_FAILED;
        }
      scenario = args->scenario != NULL ? wb_game_find_scenario (game, args->scenario)
               : wb_game_get_scenarios (game)->len > 0 ? g_ptr_array_index (wb_game_get_scenarios (game), 0)
               : NULL;
      if (scenario == NULL)
        {
          out (stderr, _("%s: no scenario “%s”\n"), file, args->scenario != NULL ? args->scenario : "");
          return STATUS_FAILED;
        }
      play = wb_play_new_full (game, base, wb_scenario_get_id (scenario), args->options, args->seed,
                               args->physical, NULL, &error);
    }
  if (play == NULL)
    {
      out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  if (args->save != NULL && !wb_play_save (play, args->save, &error))
    {
      out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  printed = wb_play_get_log (play)->len;
  if (args->respond)
    respond (play, &printed, NULL);
  if (strcmp (script, "-") == 0)
    in = stdin;
  else if ((in = fopen (script, "r")) == NULL)
    {
      out (stderr, _("%s: cannot read the script: %s\n"), script, g_strerror (errno));
      return STATUS_FAILED;
    }
  while (read_line (in, line))
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      const char *name = in == stdin ? _("(stdin)") : script;
      JsonNode *root;
      const char *text = line->str;

      line_no++;
      while (*text == ' ' || *text == '\t' || *text == '\r')
        text++;
      if (*text == '\0' || *text == '#')
        continue;
      if (!json_parser_load_from_data (parser, text, -1, &error) ||
          (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        {
          if (args->respond)
            {
              g_autoptr(GError) bad = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                                   _("%s:%u: not an action (one JSON object a line)%s%s"), name,
                                                   line_no, error != NULL ? ": " : "",
                                                   error != NULL ? error->message : "");
              respond (play, &printed, bad);
              g_clear_error (&error);
              status = STATUS_FAILED;
              continue;
            }
          out (stderr, _("%s:%u: not an action (one JSON object a line)%s%s\n"), name, line_no,
               error != NULL ? ": " : "", error != NULL ? error->message : "");
          status = STATUS_FAILED;
          break;
        }
      if (!wb_play_act (play, json_node_get_object (root), &error))
        {
          /* Answered, and the session goes on: the program may try
           * another action (the exit status says one was refused). */
          if (args->respond)
            {
              respond (play, &printed, error);
              g_clear_error (&error);
              status = STATUS_FAILED;
              continue;
            }
          print_events_since (play, &printed, args->quiet);
          out (stderr, _("%s:%u: refused: %s\n"), name, line_no, error->message);
          status = STATUS_FAILED;
          break;
        }
      played++;
      if (args->respond)
        {
          respond (play, &printed, NULL);
          continue;
        }
      print_events_since (play, &printed, args->quiet);
      /* A program on the other end of a pipe reads each action's lines as
       * they come. */
      fflush (stdout);
    }
  if (in != stdin)
    fclose (in);
  if (args->respond)
    {
      /* stdout carries only the answers. */
      out (stderr, g_dngettext (NULL, "%d action played\n", "%d actions played\n", played), played);
      return status;
    }
  out (stdout, g_dngettext (NULL, "%d action played\n", "%d actions played\n", played), played);
  print_result (play);
  return status;
}

/* `replay` of a journal whose entry @error refused: replayed again action
 * by action on a copy of its header, the log printed up to the entry
 * refused, then the error and the state before it (as `state` prints it).
 * Returns FALSE when the journal cannot even be started (the error was
 * not an entry's). */
gboolean
replay_to_refusal (WbGame *game, WbJournal *journal, const char *name, gboolean quiet, const GError *refusal)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbJournal) fresh = wb_journal_new (wb_journal_get_header (journal));
  g_autoptr(WbPlay) play = wb_play_open_journal (game, fresh, name, NULL, NULL);
  g_autoptr(GArray) path = NULL;
  guint printed = 0;

  if (play == NULL)
    return FALSE;
  path = wb_journal_path_to (journal, wb_journal_get_cursor (journal));
  for (guint i = 1; i < path->len; i++)
    {
      const WbJournalEntry *e = wb_journal_get_entry (journal, g_array_index (path, guint32, i));

      if (!wb_play_act (play, e->action, &error))
        {
          print_events_since (play, &printed, quiet);
          out (stderr, "%s\n", refusal->message);
          out (stdout, _("State before entry %u:\n"), e->id);
          print_state_json (play, NULL);
          return TRUE;
        }
      print_events_since (play, &printed, quiet);
    }
  /* Every entry played one by one: what refused was not an entry. */
  return FALSE;
}
