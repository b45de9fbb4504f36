/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-journal.h"
#include "rules/wb-match.h"
#include "rules/wb-family.h"

G_BEGIN_DECLS

/* A playtest (docs/rules-engine.md): a game, the journal of the match and
 * the state at the journal's cursor, rebuilt by replay (with snapshots on
 * the way, so going back and forth stays fast). Every action goes through
 * wb_play_act: it is applied to a copy of the state, and only when it
 * succeeds is it journalled (on disk first, when the journal has a file)
 * and the copy kept. The same seed and the same actions give the same
 * state and the same log.
 *
 * Actions every game has (the engine's own; the rules family adds its):
 *   {"type": "end_step"}                                   the active side is done
 *   {"type": "override_move", "unit": ID, "to": PLACE}     designer override: anywhere
 *   {"type": "override_strength", "unit": ID, "halves": N} designer override: strength
 *   {"type": "override_vp", "side": I, "vp": N}            designer override: VP
 *   {"type": "override_marker", "feature": ID, "hex": HEX[, "remove": true]}
 *                                                          designer override: a marker
 *                                                          (WbMatch.markers) put or taken off
 *   {"type": "roll", "dice": "2d6", "why": TEXT}           a roll for the log
 * where PLACE is {"hex": "0414"}, {"location": ID}, {"box": ID} or
 * {"eliminated": true}. Until a game's rules family is implemented, a match
 * is played with these alone (free play): the steps are one per side. */

/* The version of what the engine itself plays — the dice (the match
 * stream, how a die is drawn), the set-up of a match, the engine's own
 * actions — recorded in every journal with the family's version (see
 * WbRulesFamily.version and docs/rules-engine.md, "Versions and old
 * playtests"). Raised by a deliberate change of those, listed in
 * wb-play.c's engine_changes. */
#define WB_ENGINE_VERSION 2

#define WB_LOG_MAX_DICE 8

typedef struct {
  guint32  entry;     /* the journal entry that wrote it */
  int      turn;
  guint    side;      /* the active side then */
  char    *text;
  /* The dice rolled for it (before it was written), for the play window's
   * dice: their faces and how many faces each has. */
  guint    n_dice;
  int      dice[WB_LOG_MAX_DICE];
  int      dice_sides[WB_LOG_MAX_DICE];
  /* Hidden information: when @secret_side >= 0, @text is for that side
   * only and the other sides read @public_text (NULL: they see nothing of
   * it). -1: everybody reads @text. */
  int      secret_side;
  char    *public_text;
} WbLogEvent;

/* What @viewer (a side index, or -1 for the designer, who sees all) may
 * read of @event, or NULL when it is hidden from that side. */
const char *wb_log_event_text_for (const WbLogEvent *event, int viewer);
void        wb_log_event_free     (WbLogEvent *event);


/* What changed, for the WbPlay::changed signal ("changed", a guint of these
 * flags): the state at the cursor, the cursor, the log to the cursor, the
 * tree of branches (an entry added). */
typedef enum {
  WB_PLAY_CHANGED_STATE    = 1 << 0,
  WB_PLAY_CHANGED_CURSOR   = 1 << 1,
  WB_PLAY_CHANGED_LOG      = 1 << 2,
  WB_PLAY_CHANGED_BRANCHES = 1 << 3,
} WbPlayChange;

#define WB_TYPE_PLAY (wb_play_get_type ())
G_DECLARE_FINAL_TYPE (WbPlay, wb_play, WB, PLAY, GObject)

/* A new match of @scenario; @game_path (may be NULL) is recorded in the
 * journal with the SHA-256 of @game's text. */
WbPlay          *wb_play_new          (WbGame             *game,
                                       const char         *game_path,
                                       const char         *scenario,
                                       const char * const *options,
                                       guint64             seed,
                                       GError            **error);
/* The same, with the players rolling their own dice (each action that
 * rolls carries "rolls": [n, …]) and the rule settings (rule id →
 * "enforce", "warn" or "off"; copied; NULL: every rule enforced). */
WbPlay          *wb_play_new_full     (WbGame             *game,
                                       const char         *game_path,
                                       const char         *scenario,
                                       const char * const *options,
                                       guint64             seed,
                                       gboolean            physical_dice,
                                       GHashTable         *settings,
                                       GError            **error);
/* Resumes a saved playtest of @game: refused when the journal is of
 * another game; @warning (transfer full) when the game's text changed since
 * (the SHA-256 differs) or a crash cut the last line. */
WbPlay          *wb_play_open         (WbGame             *game,
                                       const char         *path,
                                       char              **warning,
                                       GError            **error);

/* The SHA-256 of @game's text (wb_game_to_data), as a journal records it
 * (transfer full). */
char            *wb_play_game_sha256  (WbGame             *game);

/* Which game a saved playtest replays with (wb-play-load.c). */
typedef enum {
  /* The game file it names (beside it) if it is still the game it was
   * played with; else the game the playtest carries (format 3), with a
   * note saying why; a playtest older than format 3 uses the file as it
   * is, as before. */
  WB_PLAY_GAME_AUTO,
  /* The game the playtest carries: an error when it carries none. */
  WB_PLAY_GAME_EMBEDDED,
  /* A game file (the one given, or else the one it names) even when it has
   * been edited since: "try the edited one". */
  WB_PLAY_GAME_FILE,
} WbPlayGameChoice;

/* The game file @journal names, resolved against the folder of
 * @journal_path (may be NULL), or NULL when it names none (transfer full). */
char            *wb_play_named_game_path (WbJournal       *journal,
                                          const char      *journal_path);
/* The game @journal carries, loaded (transfer full); NULL with @error when
 * it carries none (a journal older than format 3). */
WbGame          *wb_play_load_carried_game (WbJournal     *journal,
                                            const char    *journal_path,
                                            GError       **error);
/* The game to replay @journal (read from @journal_path, may be NULL) with,
 * as @choice says; @game_file for WB_PLAY_GAME_FILE (NULL: the one it
 * names). @note (transfer full, may be NULL) says when the game the
 * playtest carries stands in for the file, and why (the file is not there,
 * or it has been edited: both SHA-256 named). The error when there is no
 * game names the file looked for and what was expected. */
WbGame          *wb_play_find_game    (WbJournal          *journal,
                                       const char         *journal_path,
                                       WbPlayGameChoice    choice,
                                       const char         *game_file,
                                       char              **note,
                                       GError            **error);
/* Opens the saved playtest @path (appending to it) with the game
 * wb_play_find_game finds: the playtest replays wherever it was copied.
 * @warning (transfer full) gathers the notes: a cut-short last line, the
 * game used and why, a game changed since. */
WbPlay          *wb_play_load         (const char         *path,
                                       WbPlayGameChoice    choice,
                                       const char         *game_file,
                                       char              **warning,
                                       GError            **error);

/* The same from a journal already read (a reference is taken; it keeps
 * appending to its file, if it has one); @name names it in messages. */
WbPlay          *wb_play_open_journal (WbGame             *game,
                                       WbJournal          *journal,
                                       const char         *name,
                                       char              **warning,
                                       GError            **error);
/* The whole playtest as text, to compare across versions (the golden
 * playtests, `warbench-cli replay --transcript`): the header, every entry's
 * action and the log lines it wrote (with their dice, and what the other
 * sides read of a secret line), the bookmarks and notes, the state at the
 * end of every branch (each replayed afresh from the start, without
 * snapshots) and at the cursor, with what the step there waits for and
 * offers. Only what a player can see or a later action depends on:
 * never the family's private fields or the game file's checksum. NULL with
 * @error when an entry does not replay (transfer full). */
char            *wb_play_transcript   (WbPlay *self, GError **error);

WbGame          *wb_play_get_game     (WbPlay *self);
WbJournal       *wb_play_get_journal  (WbPlay *self);
/* The state at the cursor (owned by the play; valid until the next call). */
WbMatch         *wb_play_get_state    (WbPlay *self);
/* The log from the start to the cursor (WbLogEvent*, owned by the play). */
GPtrArray       *wb_play_get_log      (WbPlay *self);
/* The step now, as the turn bar shows it: "Turn 3 (May 5, 2 PM) · Union". */
char            *wb_play_describe_step (WbPlay *self);
/* The same for @state, a state of this play (from wb_play_state_at). */
char            *wb_play_describe_state (WbPlay *self, WbMatch *state);
/* The state after @entry (transfer full), from the snapshots on its path:
 * the cursor, the state and the log stay where they are. */
WbMatch         *wb_play_state_at     (WbPlay *self, guint32 entry, GError **error);

/* A branch of the journal: its last entry, how many actions deep, the VP
 * when it ends, whether the game is over there, the bookmark nearest its
 * end (or NULL; the journal's), and the turn and step it ends at (the step
 * as wb_play_describe_step words it; freed with the array). */
typedef struct {
  guint32     leaf;
  guint32     depth;
  int         vp[WB_MATCH_MAX_SIDES];
  gboolean    over;
  const char *bookmark;
  int         turn;
  char       *step;
} WbBranch;

/* Every branch of the journal, oldest first, each replayed to its end
 * (WbBranch, transfer full: the array frees the steps); NULL with @error if
 * one does not replay. The cursor, the state and the log stay as they are. */
GArray          *wb_play_branches     (WbPlay *self, GError **error);
/* The family's rule checks, for a settings view (n in @n_checks). */
const WbRuleCheck *wb_play_get_checks (WbPlay *self, guint *n_checks);
/* Counts in @tally (not owned; NULL: none) every rule check and table read
 * of the actions played from now on with wb_play_act, and the refusals
 * (rules/wb-tally.h): the balance lab's counts. */
void             wb_play_set_tally    (WbPlay *self, WbTally *tally);
/* The automatic player's next action (transfer full), chosen with @policy;
 * NULL when the game is over or the game is in free play. */
JsonObject      *wb_play_suggest      (WbPlay *self, WbRng *policy);
/* Where @unit may move now (WbDestination, transfer full), or NULL. */
GArray          *wb_play_destinations (WbPlay *self, const char *unit);
/* What the step waits for: "move", "attack", "retreat", "advance",
 * "eliminate", "over" when the game is over, "any" in free play (the CLI,
 * the transcripts; the play UI runs wb_play_step). */
const char      *wb_play_awaiting     (WbPlay *self);
/* Whose player turn it is (the phasing side; the active side when the
 * family does not say): the hot-seat hand-over follows it. */
guint            wb_play_player       (WbPlay *self);
/* Who holds the screen in hot-seat now, @before holding it before the last
 * action: the player whose turn it is (wb_play_player: a prompt the other
 * side answers in the middle of a turn — a retreat — is no hand-over),
 * except in a step that only asks for a roll (the family's awaiting
 * "roll": the weather, a side's CAP or initiative — nothing to decide and
 * nothing hidden to see), rolled at the screen as it is. */
guint            wb_play_screen_holder (WbPlay *self, guint before);
/* What the player does now, for the play window's prompt (translated). */
const char      *wb_play_hint         (WbPlay *self);
/* The way @unit's move to @hex would go (WbOffset, transfer full), or NULL. */
GArray          *wb_play_path         (WbPlay *self, const char *unit, WbOffset hex);
/* The way @unit's move to @to would go, as places (WbWhere, transfer full):
 * through hexes or locations, whichever the map has; NULL when none. */
GArray          *wb_play_route        (WbPlay *self, const char *unit, const WbWhere *to);
/* What @action would do, without doing it: refused with the rules' message
 * as wb_play_act would, else its description (an attack's odds and the
 * column, before the roll) in @preview (free its text with g_free). */
gboolean         wb_play_preview      (WbPlay *self, JsonObject *action, WbPreview *preview,
                                       GError **error);
/* TRUE when the game's rules family is not played by the engine yet: the
 * engine's own actions only (overrides, rolls, one step per side). */
gboolean         wb_play_is_free_play (WbPlay *self);
/* The actions the step offers as buttons (WbOffer*, transfer full; empty
 * when none). */
GPtrArray       *wb_play_offers       (WbPlay *self);
/* What the rules count on tracks besides the VP and the turn, now
 * (WbTrack*, transfer full; empty when the family keeps none): a side's
 * command points left, the weather — the turn bar shows them. */
GPtrArray       *wb_play_tracks       (WbPlay *self);
gboolean         wb_play_act          (WbPlay *self, JsonObject *action, GError **error);
/* Plays @action as players at a table would (the automatic player, the
 * CLI, the golden playtests): a die it lacks in physical-dice mode is
 * rolled with @dice and typed into its "rolls", a table cell the rulebook
 * does not give is answered with one of the table's codes chosen with
 * @policy ("result"), and the action is played again. @action is changed
 * to what was played. */
gboolean         wb_play_act_as_players (WbPlay *self, JsonObject *action, WbRng *dice, WbRng *policy,
                                         GError **error);
/* In physical-dice mode: whether the last action wb_play_act or
 * wb_play_preview refused lacked a typed roll — the @index-th die (0 the
 * first) of @sides faces, to be added to its "rolls" array. */
gboolean         wb_play_needs_roll   (WbPlay *self, guint *index, int *sides);
/* Whether the last action refused lacked the players' result for a cell
 * the rulebook does not give: the table (its codes are the choices), the
 * column and the roll. */
gboolean         wb_play_needs_result (WbPlay *self, WbTable **table, int *column, int *roll);
/* What the player may pick now, given @picks so far (may be NULL: none),
 * as the family describes it (transfer full; never NULL: over, free play
 * and a family without steps give a step with no lists). */
WbStep          *wb_play_step         (WbPlay *self, const WbPicks *picks);
/* The action @picks make in the step now (transfer full), or NULL. */
JsonObject      *wb_play_step_action  (WbPlay *self, const WbPicks *picks);
/* The board the step is played on (transfer full), or NULL. */
WbBoard         *wb_play_board        (WbPlay *self);
/* The events the action at the cursor wrote (WbLogEvent*, borrowed; NULL
 * at the start). */
GPtrArray       *wb_play_last_events  (WbPlay *self);
gboolean         wb_play_undo         (WbPlay *self, GError **error);
gboolean         wb_play_redo         (WbPlay *self, GError **error);
gboolean         wb_play_go_to        (WbPlay *self, guint32 entry, GError **error);
/* Saves the journal (and keeps writing each action to it). */
gboolean         wb_play_save         (WbPlay *self, const char *path, GError **error);
/* The state after replaying the journal's entries from the start to @entry
 * afresh, without snapshots (transfer full; tests compare it). */
WbMatch         *wb_play_replay       (WbPlay *self, guint32 entry, GPtrArray **log, GError **error);

G_END_DECLS
