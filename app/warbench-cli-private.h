/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by the warbench-cli sources: warbench-cli.c (main, the helpers
 * below, validate/info/new/render/maps/format), warbench-cli-oob.c
 * (oob/setup/counters), warbench-cli-tables.c (table/chart) and
 * warbench-cli-play.c (play/replay), warbench-cli-export.c (vassal),
 * warbench-cli-files.c (tmx/scenario), warbench-cli-print.c (print/kit),
 * warbench-cli-man.c (the man pages, from the commands' own option tables)
 * and warbench-cli-complete.c (ids, and the shell completion scripts). */

#include <stdio.h>

#include "warbench-core.h"
#include "rules/wb-play.h"

G_BEGIN_DECLS

enum {
  STATUS_OK = 0,
  STATUS_FAILED = 1,
  STATUS_USAGE = 2,
};

typedef struct {
  const char         *name;
  const char         *parameters;   /* shown after the command name in --help */
  const char         *summary;
  int               (*run) (const char *prog, int argc, char **argv);
  /* A command that is a word then its options ("scenario export"): the
   * words, NULL-terminated; each calls parse_options on its own. */
  const char * const *actions;
} Command;

/* What a command (or a command's action) gave parse_options: what its
 * --help shows. The man pages and the completion scripts are written from
 * these (describe_commands), so they list what the commands parse. */
typedef struct {
  char          *name;          /* "play", "scenario export" */
  char          *parameters;    /* as --help shows them after the name */
  char          *summary;
  char          *description;   /* or NULL */
  GArray        *entries;       /* GOptionEntry, NULL-terminated, without arg_data; strings N_() */
} CommandHelp;

void       command_help_free (CommandHelp *help);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CommandHelp, command_help_free)
/* Runs each of @commands (and each of its actions) with parse_options
 * recording what it is given instead of parsing: CommandHelp*, in the
 * table's order. NULL, after a message on stderr, when a command returned
 * without calling parse_options (warbench-cli.c). */
GPtrArray *describe_commands (const Command *commands, guint n_commands);
/* The options of `warbench-cli` before a command (--help, --version). */
extern const GOptionEntry global_options[];

/* Hidden: `warbench-cli --man warbench-cli|warbench` (warbench-cli-man.c)
 * and `warbench-cli --completion TEMPLATE` (warbench-cli-complete.c),
 * which meson runs at build time. */
int       write_man_page   (const char *prog, const char *page, const Command *commands,
                            guint n_commands);
int       write_completion (const char *prog, const char *template_path, const Command *commands,
                            guint n_commands);
/* The words `ids` takes for KIND, NULL-terminated (warbench-cli-complete.c). */
extern const char * const id_kinds[];
/* What `print` lays out, NULL-terminated (warbench-cli-print.c). */
extern const char * const print_kinds[];

/* UTF-8 text as is, whatever the locale (scripts match on it). */
void      out              (FILE *stream, const char *format, ...) G_GNUC_PRINTF (2, 3);
int       usage_error      (const char *prog, const char *command, const char *message);
/* Parses a command's options; on error prints it and returns FALSE. */
gboolean  parse_options    (const char *prog, const char *command, const char *parameters,
                            const char *summary, const char *description,
                            const GOptionEntry *entries, int *argc, char ***argv);
WbGame   *load_game        (const char *path, GError **error);
void      print_load_error (const char *path, const GError *error);
/* "Maps: a, b" — the ids of @items, by @id_of. */
void      list_ids         (FILE *stream, const char *heading, GPtrArray *items,
                            const char *(*id_of) (gpointer item));

int       cmd_chart        (const char *prog, int argc, char **argv);
int       cmd_table        (const char *prog, int argc, char **argv);
int       cmd_counters     (const char *prog, int argc, char **argv);
int       cmd_setup        (const char *prog, int argc, char **argv);
int       cmd_oob          (const char *prog, int argc, char **argv);
int       cmd_play         (const char *prog, int argc, char **argv);
int       cmd_state        (const char *prog, int argc, char **argv);
int       cmd_actions      (const char *prog, int argc, char **argv);
int       cmd_replay       (const char *prog, int argc, char **argv);
int       cmd_rules        (const char *prog, int argc, char **argv);
int       cmd_vassal       (const char *prog, int argc, char **argv);
int       cmd_tmx          (const char *prog, int argc, char **argv);
int       cmd_scenario     (const char *prog, int argc, char **argv);
int       cmd_print        (const char *prog, int argc, char **argv);
int       cmd_kit          (const char *prog, int argc, char **argv);
int       cmd_balance      (const char *prog, int argc, char **argv);
int       cmd_ids          (const char *prog, int argc, char **argv);

/* `play --script` (warbench-cli-engine.c): what cmd_play parsed. */
typedef struct {
  const char         *game;       /* --game, for a saved playtest */
  const char         *save;
  const char         *scenario;
  const char * const *options;
  guint64             seed;
  gboolean            seeded;     /* --seed given */
  gboolean            physical;
  gboolean            quiet;
  gboolean            respond;   /* a JSON line of state and actions before and after each action */
} PlayScriptArgs;
int       play_script      (const char *prog, const char *file, const char *script, const PlayScriptArgs *args);
/* A saved playtest at @path (its journal), or NULL when it holds a game
 * (warbench-cli-engine.c). */
WbJournal *sniff_journal    (const char *path);
/* The game of a saved playtest: @game_path, else the one it names if
 * unchanged, else the one it carries; a note on stderr. */
WbGame   *load_game_of     (const char *save, WbJournal *journal, const char *game_path, GError **error);
/* The VP, the step and the result (warbench-cli-play.c). */
void      print_result     (WbPlay *play);
void      print_state_json (WbPlay *play, const char *viewer);
gboolean  replay_to_refusal (WbGame *game, WbJournal *journal, const char *name, gboolean quiet,
                             const GError *refusal);

G_END_DECLS
