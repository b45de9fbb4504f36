/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "warbench-core.h"
#include "rules/wb-play.h"
#include "rules/wb-roles.h"
#include "warbench-cli-private.h"

/* warbench-cli: playtests — `play` (a whole game by the automatic player,
 * for both sides) and `replay` (a saved playtest's log and final state). */

static void
print_new_events (WbPlay *play, guint *printed, gboolean quiet)
{
  GPtrArray *log = wb_play_get_log (play);

  for (; *printed < log->len; (*printed)++)
    if (!quiet)
      out (stdout, "%s\n", ((WbLogEvent *) g_ptr_array_index (log, *printed))->text);
}

void
print_result (WbPlay *play)
{
  WbMatch *m = wb_play_get_state (play);
  g_autofree char *step = wb_play_describe_step (play);
  GString *vp = g_string_new (NULL);
  int winner = wb_match_winner (m);
  gboolean tie = winner < 0;

  for (guint s = 0; s < wb_match_n_sides (m); s++)
    g_string_append_printf (vp, "%s%s %d VP", s ? ", " : "", wb_match_side_name (m, s), m->vp[s]);
  out (stdout, _("Now: %s\n"), step);
  out (stdout, _("Victory points: %s\n"), vp->str);
  if (m->over)
    out (stdout, tie ? _("Result: a draw\n") : _("Result: %s wins\n"),
         tie ? "" : wb_match_side_name (m, (guint) winner));
  g_string_free (vp, TRUE);
}

int
cmd_play (const char  *prog,
          int          argc,
          char       **argv)
{
  g_autofree char *scenario_id = NULL, *save = NULL, *script = NULL, *game_path = NULL;
  g_auto(GStrv) chosen = NULL;
  g_autofree char *seed_arg = NULL;
  guint64 seed = 1;
  int max_actions = 100000;
  gboolean automatic = FALSE, quiet = FALSE, physical = FALSE, respond = FALSE;
  const GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario_id, N_("The scenario (default: the first)"), N_("ID") },
    { "option", 'O', 0, G_OPTION_ARG_STRING_ARRAY, &chosen, N_("An optional rule in force (repeatable)"), N_("ID") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_arg,
      N_("The match's seed: its dice, 0 to 18446744073709551615 (default 1)"), N_("N") },
    { "auto", 0, 0, G_OPTION_ARG_NONE, &automatic, N_("Both sides played by the automatic player"), NULL },
    { "script", 0, 0, G_OPTION_ARG_FILENAME, &script,
      N_("Play the actions of this file (- for stdin), one JSON object a line (docs/engine-cli.md)"),
      N_("FILE|-") },
    { "game", 'g', 0, G_OPTION_ARG_FILENAME, &game_path,
      N_("With --script on a saved playtest: its game file (default: the one it names, beside it)"), N_("FILE") },
    { "physical-dice", 0, 0, G_OPTION_ARG_NONE, &physical,
      N_("Physical dice: the automatic player types its own rolls into each action"), NULL },
    { "save", 'o', 0, G_OPTION_ARG_FILENAME, &save, N_("Write the playtest journal (.warbench-play)"), N_("FILE") },
    { "max-actions", 0, 0, G_OPTION_ARG_INT, &max_actions, N_("Stop after this many actions (default 100000)"), N_("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Only the result, not the log"), NULL },
    { "respond", 0, 0, G_OPTION_ARG_NONE, &respond,
      N_("With --script: answer each action with a JSON line of the state and the legal actions (a program "
         "drives the engine through stdin and stdout; docs/engine-cli.md)"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = NULL;
  WbScenario *scenario;
  WbRng policy, players_dice;
  guint printed = 0;
  int n = 0;

  if (!parse_options (prog, "play", _("FILE --auto | FILE --script FILE|-"),
                      _("Plays a whole game of a scenario with the automatic player on both sides: "
                        "a random legal policy that answers every prompt and makes every mandatory "
                        "attack. Prints the log as the game goes and the result."),
                      _("The same seed gives the same game. With --save the journal is written "
                        "after every action, and `replay` plays it back. With --script, the actions are "
                        "read as JSON lines instead and FILE may be a saved playtest, which they are "
                        "appended to; a refused action stops with its line number (exit status 1)."),
                      entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "play", argc < 2 ? _("No game file given") : _("Give exactly one game file"));
  /* The journal keeps a 64-bit unsigned seed: every one of them, and only
   * those, can be asked for. */
  if (seed_arg != NULL && !g_ascii_string_to_unsigned (seed_arg, 10, 0, G_MAXUINT64, &seed, NULL))
    return usage_error (prog, "play", _("The seed is a whole number from 0 to 18446744073709551615"));
  if (script != NULL)
    {
      PlayScriptArgs args = { game_path, save, scenario_id, (const char * const *) chosen, seed,
                              seed_arg != NULL, physical, quiet, respond };

      if (automatic)
        return usage_error (prog, "play", _("Give --auto or --script, not both"));
      return play_script (prog, argv[1], script, &args);
    }
  if (game_path != NULL)
    return usage_error (prog, "play", _("--game is for --script on a saved playtest"));
  if (respond)
    return usage_error (prog, "play", _("--respond is for --script"));
  if (!automatic)
    return usage_error (prog, "play", _("Only automatic games are played here (--auto, or --script); play hot-seat in the app"));
  if (max_actions < 0)
    return usage_error (prog, "play", _("--max-actions is a whole number, 0 or more"));
  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }
  scenario = scenario_id != NULL ? wb_game_find_scenario (game, scenario_id)
           : wb_game_get_scenarios (game)->len > 0 ? g_ptr_array_index (wb_game_get_scenarios (game), 0) : NULL;
  if (scenario == NULL)
    {
      out (stderr, _("%s: no scenario “%s”\n"), argv[1], scenario_id != NULL ? scenario_id : "");
      return STATUS_FAILED;
    }
  {
    g_autofree char *base = g_path_get_basename (argv[1]);
    play = wb_play_new_full (game, base, wb_scenario_get_id (scenario), (const char * const *) chosen,
                             seed, physical, NULL, &error);
  }
  if (play == NULL)
    {
      out (stderr, "%s: %s\n", argv[1], error->message);
      return STATUS_FAILED;
    }
  if (wb_play_is_free_play (play))
    {
      out (stderr, _("%s: the engine does not play the “%s” rules yet: no automatic game\n"), argv[1],
           wb_game_get_rules (game)->family);
      return STATUS_FAILED;
    }
  if (save != NULL && !wb_play_save (play, save, &error))
    {
      out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  /* The automatic player's own choices, apart from the match's dice. */
  wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
  /* With physical dice, the rolls the players type: dice of their own. */
  wb_rng_seed (&players_dice, seed, WB_RNG_MATCH_STREAM + 2);
  for (;;)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      print_new_events (play, &printed, quiet);
      if (a == NULL)
        break;
      if (n++ >= max_actions)
        {
          out (stderr, _("Stopped after %d actions\n"), max_actions);
          print_result (play);
          return STATUS_FAILED;
        }
      if (!wb_play_act_as_players (play, a, &players_dice, &policy, &error))
        {
          g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), a);
          g_autofree char *text = json_to_string (node, FALSE);

          out (stderr, _("The automatic player's action %s was refused: %s\n"), text, error->message);
          print_result (play);
          return STATUS_FAILED;
        }
    }
  out (stdout, _("%d actions\n"), n);
  print_result (play);
  return STATUS_OK;
}

int
cmd_replay (const char  *prog,
            int          argc,
            char       **argv)
{
  g_autofree char *game_path = NULL, *with_game = NULL, *render = NULL, *note = NULL;
  gboolean quiet = FALSE, transcript = FALSE;
  WbPlayGameChoice choice = WB_PLAY_GAME_AUTO;
  const GOptionEntry entries[] = {
    { "with-game", 0, 0, G_OPTION_ARG_FILENAME, &with_game,
      N_("Replay with the game the playtest carries (embedded) or with this game file, even if it has "
         "been edited since (default: the game file it names, beside it, if it is the game it was played "
         "with, else the one it carries)"), N_("embedded|FILE") },
    { "game", 'g', 0, G_OPTION_ARG_FILENAME, &game_path,
      N_("The same as --with-game FILE"), N_("FILE") },
    { "render", 'o', 0, G_OPTION_ARG_FILENAME, &render,
      N_("Draw the map as the match stands to a PNG, SVG or PDF"), N_("OUT") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Only the final state, not the log"), NULL },
    { "transcript", 't', 0, G_OPTION_ARG_NONE, &transcript,
      N_("Print the whole playtest as text to compare across versions: every entry with its log lines, "
         "the state at the end of every branch"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbJournal) journal = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(WbPlay) play = NULL;
  g_autofree char *warning = NULL, *cut = NULL;
  g_autofree char *data = NULL;
  gsize len = 0;
  guint printed = 0;

  if (!parse_options (prog, "replay", _("SAVE"),
                      _("Replays a saved playtest (.warbench-play) from its seed and actions and prints "
                        "its log and the state where it stands."), NULL, entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc != 2)
    return usage_error (prog, "replay", argc < 2 ? _("No playtest given") : _("Give exactly one playtest"));
  if (game_path != NULL && with_game != NULL)
    return usage_error (prog, "replay", _("Give --with-game or --game, not both"));
  if (with_game != NULL && strcmp (with_game, "embedded") == 0)
    choice = WB_PLAY_GAME_EMBEDDED;
  else if (with_game != NULL || game_path != NULL)
    {
      choice = WB_PLAY_GAME_FILE;
      if (game_path == NULL)
        game_path = g_steal_pointer (&with_game);
    }
  /* The journal names its game and may carry it: read it first. */
  if (!g_file_get_contents (argv[1], &data, &len, &error) ||
      (journal = wb_journal_load_from_data (data, len, argv[1], &cut, &error)) == NULL)
    {
      out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  game = wb_play_find_game (journal, argv[1], choice, game_path, &note, &error);
  if (game == NULL)
    {
      if (choice == WB_PLAY_GAME_FILE)
        print_load_error (game_path, error);
      else if (g_error_matches (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING))
        /* TRANSLATORS: the error says which game file was looked for */
        out (stderr, _("%s\nGive the game file with --with-game FILE.\n"), error->message);
      else
        out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  /* The journal as read, not reopened for appending: replaying writes nothing. */
  play = wb_play_open_journal (game, journal, argv[1], &warning, &error);
  if (play == NULL)
    {
      if (choice == WB_PLAY_GAME_FILE)
        /* TRANSLATORS: the playtest, the game file the user gave */
        out (stderr, _("%s does not replay with the game file %s:\n"), argv[1], game_path);
      /* An entry refused: the log up to it and the state before it. */
      if (!transcript && replay_to_refusal (game, journal, argv[1], quiet, error))
        return STATUS_FAILED;
      out (stderr, "%s\n", error->message);
      return STATUS_FAILED;
    }
  if (cut != NULL)
    out (stderr, "%s\n", cut);
  if (note != NULL)
    {
      g_autofree char *named = wb_play_named_game_path (journal, argv[1]);

      out (stderr, "%s\n", note);
      if (named != NULL && g_file_test (named, G_FILE_TEST_IS_REGULAR))
        out (stderr, _("To replay with the edited game: --with-game %s\n"), named);
    }
  if (warning != NULL)
    out (stderr, "%s\n", warning);
  if (transcript)
    {
      g_autofree char *text = wb_play_transcript (play, &error);

      if (text == NULL)
        {
          out (stderr, "%s: %s\n", argv[1], error->message);
          return STATUS_FAILED;
        }
      fputs (text, stdout);
      return STATUS_OK;
    }
  print_new_events (play, &printed, quiet);
  if (render != NULL)
    {
      WbRenderOptions options;
      WbExportFormat format;
      WbMatch *m = wb_play_get_state (play);

      wb_render_options_init (&options);
      options.match = m;
      if (!wb_export_format_from_path (render, &format))
        return usage_error (prog, "replay", _("The picture is a .png, .svg or .pdf file"));
      if (!wb_render_map_to_file (game, m->map, render, format, &options, &error))
        {
          out (stderr, "%s\n", error->message);
          return STATUS_FAILED;
        }
    }
  out (stdout, _("%u entries, at entry %u\n"), wb_journal_get_n_entries (wb_play_get_journal (play)) - 1,
       wb_journal_get_cursor (wb_play_get_journal (play)));
  print_result (play);
  return STATUS_OK;
}

/* docs/rules-params.md, written by `warbench-cli rules --markdown` (the
 * data test rules-params-doc compares the two, so the page cannot drift
 * from the declarations). */
static void
print_markdown (GPtrArray *families, const char *only)
{
  g_autoptr(GString) md = g_string_new (NULL);

  g_string_append (md,
    "# Rules parameters\n\n"
    "<!-- Generated by `warbench-cli rules --markdown > docs/rules-params.md`: do not edit. -->\n\n"
    "What each rules family reads from a game file's `rules.params`, as the family declares it\n"
    "(`core/rules/wb-params.h`). When a game loads, its `rules.params` is checked against its\n"
    "family's declaration: a member the family does not declare is refused (with the nearest\n"
    "declared name: \"did you mean\"), and so is a value of the wrong type, out of its range or not\n"
    "among the values the family plays, an id that names nothing in the game (a side, unit, class,\n"
    "formation, location, location tag, table, feature, terrain, scenario option), or a table of a\n"
    "kind the family cannot play. The error has the file, line:column and JSON path like every\n"
    "load error, so `warbench-cli validate`, `play` and the app report it the same way. A game\n"
    "without `rules.params` loads (a game being written); the family asks for the parameters it\n"
    "requires when the game is played.\n\n"
    "A family the engine does not play yet declares nothing: its parameters are kept as they\n"
    "are, unchecked.\n\n"
    "A parameter a family declares is one it plays. Where it plays one way only, the declaration\n"
    "allows that one value (\"only\"), so a file asking for another is refused rather than\n"
    "ignored. A *note* is documentation for the players, kept in the file and never read by the\n"
    "family. A value marked *may be given per scenario* may instead be an object of values by\n"
    "scenario id (`{\"1862\": …, \"1864\": …}`). `a.b` is member `b` of the object `a`; `a[].b` a\n"
    "member of each object of the list `a`; `a.ID.b` a member of each value of a map keyed by ids.\n");
  for (guint i = 0; i < families->len; i++)
    {
      const WbRulesFamily *f = g_ptr_array_index (families, i);

      if (only != NULL && g_strcmp0 (only, f->id) != 0)
        continue;
      g_string_append_printf (md, "\n## `%s` — %s, version %u\n\n", f->id, f->name, MAX (f->version, 1));
      if (f->n_params == 0)
        g_string_append (md, "No parameters.\n");
      else
        wb_params_describe (f->params, f->n_params, TRUE, md);
    }
  fputs (md->str, stdout);
}

/* The families the engine plays and their rule checks: the ids a designer
 * sets to enforce, warn or off in a playtest (the New Playtest dialog, a
 * journal's "settings"), with the rulebook section each models; then the
 * parameters each reads from rules.params. */
int
cmd_rules (const char  *prog,
           int          argc,
           char       **argv)
{
  gboolean markdown = FALSE;
  const GOptionEntry entries[] = {
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown,
      N_("The parameter reference as Markdown (docs/rules-params.md)"), NULL },
    { NULL }
  };
  g_autoptr(GPtrArray) families = NULL;
  gboolean found = FALSE;

  if (!parse_options (prog, "rules", _("[FAMILY]"),
                      _("Lists the rules families the engine plays, by id, with their version and each "
                        "rule check: its id (for a playtest's settings: enforce, warn or off), what it "
                        "says and the rulebook section it models; then the roles a game gives its unit "
                        "classes and features for the family to treat them specially; then each parameter "
                        "the family reads from rules.params: its type, default, what it says and the rule. "
                        "A game whose family is not listed is played in free play."), NULL, entries, &argc, &argv))
    return STATUS_USAGE;
  if (argc > 2)
    return usage_error (prog, "rules", _("Give at most one family"));
  families = wb_rules_family_list ();
  for (guint i = 0; i < families->len; i++)
    {
      const WbRulesFamily *f = g_ptr_array_index (families, i);

      if (argc == 2 && g_strcmp0 (argv[1], f->id) != 0)
        continue;
      found = TRUE;
      if (markdown)
        continue;
      out (stdout, "%s%s — %s, version %u\n", i > 0 && argc < 2 ? "\n" : "", f->id, _(f->name),
           MAX (f->version, 1));
      for (guint k = 0; k < f->n_checks; k++)
        out (stdout, "  %-24s %s (%s)\n", f->checks[k].id, _(f->checks[k].title),
             f->checks[k].rule != NULL ? f->checks[k].rule : "");
      /* The roles a game gives its unit classes and features (format 7). */
      for (guint k = 0; k < f->n_roles; k++)
        {
          WbRoleOn on = 1;

          while (!(f->roles[k].on & on))
            on <<= 1;
          if (k == 0)
            out (stdout, "  %s\n", _("Roles:"));
          /* TRANSLATORS: a role of `warbench-cli rules`: its id, what it may be given to, what it does */
          out (stdout, _("  %-24s (%s) %s\n"), f->roles[k].id, wb_role_on_describe (on), _(f->roles[k].doc));
        }
      if (f->n_params > 0)
        {
          g_autoptr(GString) text = g_string_new (NULL);

          wb_params_describe (f->params, f->n_params, FALSE, text);
          out (stdout, _("  Parameters (rules.params):\n%s"), text->str);
        }
    }
  if (!found)
    {
      out (stderr, _("No rules family “%s”; the engine plays:"), argc == 2 ? argv[1] : "");
      for (guint i = 0; i < families->len; i++)
        out (stderr, " %s", ((const WbRulesFamily *) g_ptr_array_index (families, i))->id);
      out (stderr, "\n");
      return STATUS_FAILED;
    }
  if (markdown)
    print_markdown (families, argc == 2 ? argv[1] : NULL);
  return STATUS_OK;
}
