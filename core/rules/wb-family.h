/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-match.h"
#include "rules/wb-json-access.h"
#include "rules/wb-step.h"
#include "rules/wb-params.h"
#include "rules/wb-tally.h"

G_BEGIN_DECLS

/* A rules family (docs/rules-engine.md): the C code that plays one game
 * system — its sequence of play, its actions and its checks — with what a
 * game changes within the system taken from the game file (rules.params,
 * tables, the legend). Families register by id; nothing outside one knows
 * which family a game uses. */

typedef enum {
  WB_RULE_OFF,
  WB_RULE_WARN,
  WB_RULE_ENFORCE,
} WbRuleLevel;

/* A rule the family checks: a stable id ("spi.zoc-exit"), what it says and
 * where the rulebook says it. Every check is enforced unless the match's
 * settings say otherwise. */
typedef struct {
  const char *id;
  const char *title;     /* N_() */
  const char *rule;      /* "5.13, 6.3" */
} WbRuleCheck;

/* What an action would do, without doing it: an attack's odds and the
 * column of its table, before the roll. */
typedef struct {
  char    *text;     /* "13 to 4 → 3-1" */
  WbTable *table;    /* the table the roll is read on, or NULL */
  int      column;   /* its column, or -1 */
} WbPreview;

/* The dice an action may roll before its next log line (a battle round
 * draws every unit's dice first, then writes a line for each). */
#define WB_RULE_MAX_ROLLED 64

/* What an action being applied may use: the match's rule levels, and the
 * log events it writes (WbLogEvent*). */
typedef struct {
  GHashTable *settings;  /* rule id → "enforce" | "warn" | "off", or NULL */
  GPtrArray  *events;
  const WbRuleCheck *checks;
  guint       n_checks;
  gboolean    physical_dice;   /* the players roll and type the rolls */
  WbMatch    *match;           /* its rule_levels come first, when set */
  WbPreview  *preview;         /* set: check and describe the action, roll nothing, stop there */
  /* Written by wb_rule_die: the dice rolled since the last log line (the
   * next one gets them), and in physical-dice mode the die a refused
   * action lacked (needed_sides 0: none). */
  guint       n_rolled;
  int         rolled[WB_RULE_MAX_ROLLED];
  int         rolled_sides[WB_RULE_MAX_ROLLED];
  guint       needed_index;
  int         needed_sides;
  /* A table cell the rulebook does not give ("?") came up: the players
   * give the result (wb_rule_needs_result); NULL: none. */
  WbTable    *needed_table;
  int         needed_column;
  int         needed_roll;
  /* The family hides units (WbRulesFamily.hidden_units). */
  gboolean    hidden_units;
  /* The version of the family that played the journal (its header's), at
   * most WbRulesFamily.version: a family that changed a reading on purpose
   * and keeps the old one for old journals tests it. 0 outside a play (a
   * test or a benchmark calling the family directly): the current one. */
  guint       family_version;
  /* The balance lab's tally of the action (rules/wb-tally.h), or NULL:
   * every wb_rule_check counts in it. */
  WbTally    *tally;
} WbRuleContext;

WbRuleLevel  wb_rule_level   (const WbRuleContext *ctx, const char *id);
/* A rule check: TRUE when @ok, or when the rule is off or only warned
 * about (then the log says so); FALSE with @error ("message (rule 5.13)")
 * when it is enforced and broken. */
gboolean     wb_rule_check   (WbRuleContext *ctx, WbMatch *m, const char *id, gboolean ok,
                              GError **error, const char *format, ...) G_GNUC_PRINTF (6, 7);
/* The @index-th die of @sides faces an action rolls: the match's dice, or
 * in physical-dice mode the players' roll from the action's "rolls" array.
 * FALSE with a message when a typed roll is missing or impossible. */
gboolean     wb_rule_die     (WbRuleContext *ctx, WbMatch *m, JsonObject *action, guint index,
                              int sides, int *face, GError **error);
/* A cell of @table the rulebook does not give came up (column @column,
 * roll @roll): refuses the action with a message, and tells the play
 * window to ask the players for the result (wb_play_needs_result); the
 * action is then played again with "result": a code of the table. */
void         wb_rule_needs_result (WbRuleContext *ctx, WbTable *table, int column, int roll, GError **error);
/* The code the players gave for the @k-th unknown cell an action met
 * (an action may meet several: a fire's CRT, then its Cohesion Test):
 * "result" for the first, then the strings of "results" in order; NULL
 * when not given yet. */
const char  *wb_rule_result  (JsonObject *action, guint k);
/* Gives @code as the answer to the next unknown cell of @action: "result"
 * when it has none, else appended to "results". */
void         wb_rule_add_result (JsonObject *action, const char *code);
/* How many answers @action carries. */
guint        wb_rule_n_results (JsonObject *action);
/* Writes a log line for the active side: "Turn 3 (May 5, 3), Union: …"; the
 * dice rolled since the last line go with it. */
void         wb_rule_say     (WbRuleContext *ctx, WbMatch *m, const char *format, ...)
                              G_GNUC_PRINTF (3, 4);
/* The same, with only the first @n_dice of those dice: the rest wait for
 * the next lines (a battle round's dice, one line per unit). */
void         wb_rule_say_dice (WbRuleContext *ctx, WbMatch *m, guint n_dice, const char *format, ...)
                               G_GNUC_PRINTF (4, 5);
/* A log line only @side may read in full (hidden information: a block's
 * name); the other sides read @public_text (NULL: nothing), with the same
 * "Turn …, Side: " start. */
void         wb_rule_say_secret (WbRuleContext *ctx, WbMatch *m, guint side, const char *public_text,
                                 const char *format, ...) G_GNUC_PRINTF (5, 6);

typedef enum {
  WB_APPLY_NOT_MINE,     /* not one of the family's actions: the engine tries its own */
  WB_APPLY_DONE,
  WB_APPLY_REFUSED,      /* @error says why */
} WbApplyResult;

/* Where a unit may go now, and what it costs (quarter MP on hex maps). */
typedef struct {
  WbWhere where;
  int     cost;
} WbDestination;

/* A value the players keep on a track beside the map — a side's Command
 * Action Points left this turn, this turn's weather — shown on the play
 * window's turn bar (the family's tracks hook; wb_play_tracks). */
typedef struct {
  int   side;      /* the side it belongs to, or -1: the game's */
  char *label;     /* "CAP", "Weather" (translated) */
  char *value;     /* "3", "Rain" */
  char *tooltip;   /* what it is, with the rule: "Command Action Points left this turn (Base 9)"; or NULL */
} WbTrack;

/* Appends a new WbTrack to @tracks (a wb_play_tracks array). */
void wb_track_add (GPtrArray *tracks, int side, const char *label, const char *value, const char *tooltip);
void wb_track_free (WbTrack *track);

/* An action the step offers besides clicks on the map, for a button of
 * the play window: "Roll for General Burnside". */
typedef struct {
  char       *label;
  JsonObject *action;
} WbOffer;

/* A deliberate change of what a family (or the engine) plays, from
 * @version on (docs/rules-engine.md, "Versions and old playtests"). A
 * journal played by an older version either replays as it did — @old_kept:
 * the family keeps the old reading, choosing by
 * WbRuleContext.family_version — or is refused with @text, which says what
 * changed. */
typedef struct {
  guint       version;
  gboolean    old_kept;
  const char *text;      /* N_() */
} WbRulesChange;

/* What a role may be given to (docs/file-format.md, "Roles"). */
typedef enum {
  WB_ROLE_ON_UNIT_CLASS = 1 << 0,
  WB_ROLE_ON_HEX        = 1 << 1,   /* hex features (and markers) */
  WB_ROLE_ON_HEXSIDE    = 1 << 2,
  WB_ROLE_ON_CONNECTION = 1 << 3,   /* connection classes of maps of locations */
  WB_ROLE_ON_CROSSING   = 1 << 4,
} WbRoleOn;

/* A role the family knows: something it treats specially (cavalry that
 * screens, a river crossing, a rail line), which a game gives to a unit
 * class or a feature whatever its id. */
typedef struct {
  const char *id;        /* "cavalry" */
  WbRoleOn    on;
  const char *doc;       /* N_(): one line, with the rulebook section */
} WbRole;

typedef struct _WbRulesFamily WbRulesFamily;

struct _WbRulesFamily
{
  const char        *id;
  const char        *name;     /* N_() */
  const WbRuleCheck *checks;
  guint              n_checks;
  /* What the family keeps for a match of @game, shared by all its states
   * (compiled maps, parameters read once); NULL with @error when the game's
   * data does not suit the family. */
  gpointer  (*prepare)       (WbGame *game, const WbMatch *setup, GError **error);
  void      (*release)       (gpointer data);
  /* Adjusts the set-up state (entry 0): the first step and family fields. */
  void      (*start)         (gpointer data, WbMatch *m);
  /* The current step's name: "Movement Phase". */
  char     *(*describe_step) (gpointer data, WbMatch *m);
  /* Where @unit may move now (WbDestination), for the play view's
   * highlights; NULL when it may not move. */
  GArray   *(*destinations)  (gpointer data, WbMatch *m, const char *unit);
  /* Whose player turn it is (the phasing side), which may differ from the
   * side that must answer a prompt now (a retreat, a reaction); the
   * hot-seat hand-over follows it. NULL: the active side. */
  guint       (*player)      (gpointer data, WbMatch *m);
  /* The kind of action the step waits for: "move", "attack", "retreat",
   * "advance", "eliminate" (a static string), for the CLI, the transcripts
   * and the family's tests; the play UI runs @step instead. */
  const char *(*awaiting)    (gpointer data, WbMatch *m);
  /* What the player does now, in a sentence for the play window's prompt
   * ("Click a unit, then one of the hexes shown…"; translated), or NULL. */
  const char *(*hint)        (gpointer data, WbMatch *m);
  /* The hexes from @unit's place to @hex along the way its move would go
   * (WbOffset, transfer full), or NULL. */
  GArray   *(*path)          (gpointer data, WbMatch *m, const char *unit, WbOffset hex);
  /* The places from @unit's place to @to along the way its move would go
   * (WbWhere, transfer full), or NULL — maps of locations (hex maps: path). */
  GArray   *(*route)         (gpointer data, WbMatch *m, const char *unit, const WbWhere *to);
  /* One legal action for the side to act, chosen with @rng — the automatic
   * player (warbench-cli play --auto); NULL when the game is over. */
  JsonObject *(*suggest)     (gpointer data, WbMatch *m, WbRng *rng);
  /* The actions the step offers besides clicks on the map (WbOffer*:
   * a command roll), appended to @offers; may be NULL. */
  void      (*offers)        (gpointer data, WbMatch *m, GPtrArray *offers);
  /* Plays @action on @m (a copy the engine keeps only when this succeeds). */
  WbApplyResult (*apply)     (gpointer data, WbMatch *m, JsonObject *action, WbRuleContext *ctx,
                              GError **error);
  /* Each side's units are hidden from the other (blocks): a rule broken
   * with the rule set to warn is logged in full only for the side that
   * broke it (its message may name a hidden unit). */
  gboolean  hidden_units;
  /* The version of what the family plays (0 is read as 1), recorded in
   * every journal: raised by each deliberate change of a result, a log line
   * or the automatic player's choice, and the change listed in @changes
   * (oldest first) so that an older journal replays as it did or is
   * refused with a message. */
  guint                version;
  const WbRulesChange *changes;
  guint                n_changes;
  /* The play UI's step (rules/wb-step.h): fills @step — what may be
   * picked now, given @picks so far, the legal candidates, the words —
   * for a generic controller and prompt; may be NULL (the prompt's
   * buttons only). */
  void        (*step)        (gpointer data, WbMatch *m, const WbPicks *picks, WbStep *step);
  /* The action @picks make in the step now (transfer full), or NULL when
   * they make none yet. */
  JsonObject *(*step_action) (gpointer data, WbMatch *m, const WbPicks *picks);
  /* The board the step is played on (a battle board), or NULL. */
  WbBoard    *(*board)       (gpointer data, WbMatch *m);
  /* The values the players would keep on tracks now (WbTrack*, added with
   * wb_track_add to @tracks): what the rules count besides the VP and the
   * turn (a side's command points left, the weather); may be NULL. */
  void        (*tracks)      (gpointer data, WbMatch *m, GPtrArray *tracks);
  /* The parameters the family reads from rules.params (wb-params.h):
   * checked when a game loads, printed by warbench-cli rules. */
  const WbParam       *params;
  guint                n_params;
  /* The roles the family knows (wb-roles.h): loading a game of the family
   * refuses any other. */
  const WbRole        *roles;
  guint                n_roles;
};

/* Whether a journal played by version @played of @what (a family's id, or
 * "the engine") replays with @current and @changes: FALSE with @error
 * naming both versions and the change when @played is newer than
 * @current, or when a change since @played does not keep the old reading. */
gboolean     wb_rules_version_check (const char *what, guint played, guint current,
                                     const WbRulesChange *changes, guint n_changes, GError **error);

/* Every family the engine plays, built in first, then those registered
 * (transfer container: the families are static). */
GPtrArray           *wb_rules_family_list (void);
/* The family registered under @id, or NULL. */
const WbRulesFamily *wb_rules_family_find (const char *id);
/* Adds @family to those found by id (a family not yet enabled for everyone,
 * in its tests); the built-in ones come first. */
void                 wb_rules_family_register (const WbRulesFamily *family);

G_END_DECLS
