/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by the warbench-cli sources: warbench-cli.c (main, the helpers
 * below, validate/info/new/render/maps/format), warbench-cli-oob.c
 * (oob/setup/counters), warbench-cli-tables.c (table/chart) and
 * warbench-cli-play.c (play/replay), warbench-cli-export.c (vassal),
 * warbench-cli-files.c (tmx/scenario) and warbench-cli-print.c (print/kit). */

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
  const char *name;
  const char *parameters;   /* shown after the command name in --help */
  const char *summary;
  int       (*run) (const char *prog, int argc, char **argv);
} Command;

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
