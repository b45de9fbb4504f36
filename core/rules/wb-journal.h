/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The playtest journal: a match is its scenario, a seed and a tree of
 * actions (docs/rules-engine.md). Entry 0 is the start (the scenario's
 * set-up); every other entry is one action played after its parent. The
 * cursor is where the match is now: undo moves it to the parent, redo to
 * the child last visited, and playing an action where the cursor already
 * has children starts a branch. Entries may carry a bookmark and a note.
 *
 * On disk (`.warbench-play`) the journal is JSON Lines, only ever appended
 * to while playing, each line made durable (fsync) before the call returns,
 * so a crash loses nothing but the line being written: the header line, then one line per event —
 * {"entry": N, "parent": P, "action": {…}}, {"cursor": N},
 * {"bookmark": N, "name": S}, {"note": N, "text": S}. Loading replays the
 * lines; a last line cut short by a crash is left out (and reported), any
 * other bad line is an error naming its line number. */

#define WB_PLAY_FORMAT_NAME    "warbench-play"
/* 1: the first; 2: the header records the versions of the engine and of
 * the rules family that played it (a version 1 journal is read as played
 * by engine version 1, and by version 1 of the families the engine played
 * then — spi-blue-gray, bg-campaign — or in free play: see
 * wb_play_open_journal); 3: the header carries the game it was played
 * with ("embedded_game"), so the playtest replays wherever it is copied
 * (a journal of version 1 or 2 reads as before, without it, and carries it
 * once saved again: see wb_play_open_journal). */
#define WB_PLAY_FORMAT_VERSION 3
/* WbPlayHeader.family_version of a version 1 journal, which did not say. */
#define WB_FAMILY_VERSION_UNKNOWN G_MAXUINT
#define WB_JOURNAL_MAX_ENTRIES 1000000
#define WB_JOURNAL_MAX_LINE    (64 * 1024)
/* The longest bookmark name or note, in bytes. */
#define WB_JOURNAL_MAX_TEXT    (WB_JOURNAL_MAX_LINE / 2)
/* The game a journal carries: at most the largest game file once
 * uncompressed, and the header line that carries it (compressed, in
 * base64) at most this long. */
#define WB_JOURNAL_MAX_GAME        (96 * 1024 * 1024)
#define WB_JOURNAL_MAX_HEADER_LINE (32 * 1024 * 1024)

/* What the journal is of: the game file (its id, title, the SHA-256 of its
 * text, its path relative to the journal's folder when saved, and from
 * format 3 the text itself), the scenario, its options, the seed, the dice
 * mode and the rule settings. */
typedef struct {
  char       *game_id;
  char       *game_title;
  char       *game_sha256;
  char       *game_path;
  /* The game's text as it was played (wb_game_to_data; its SHA-256 is
   * game_sha256), kept gzip-compressed in the file: NULL when the journal
   * does not carry it (format 1 and 2). */
  char       *game_text;
  char       *scenario;
  char      **options;       /* NULL-terminated, or NULL */
  guint64     seed;
  gboolean    physical_dice; /* players type their own rolls into the actions */
  GHashTable *settings;      /* rule check id → "enforce" | "warn" | "off" */
  /* What played it (docs/rules-engine.md, "Versions and old playtests"):
   * the engine's version (WB_ENGINE_VERSION), the Warbench release (for
   * messages), the rules family's id and version (0: free play, the engine
   * did not play the family then). */
  guint       engine_version;
  char       *warbench_version;
  char       *family_id;
  guint       family_version;
  /* The format version the file was written in (0 for a new journal). */
  guint       format_version;
} WbPlayHeader;

void          wb_play_header_clear (WbPlayHeader *header);

typedef struct {
  guint32     id;
  guint32     parent;        /* 0 for the first actions; unused for entry 0 */
  JsonObject *action;        /* NULL for entry 0 */
  char       *bookmark;      /* or NULL */
  char       *note;          /* or NULL */
  guint32     last_child;    /* redo goes here; 0: none */
  guint32     n_children;
  guint32     depth;         /* actions from the start: 0 for entry 0 */
  guint32     line;          /* its line in the file (1 the header), 0 without a file */
} WbJournalEntry;

#define WB_TYPE_JOURNAL (wb_journal_get_type ())
G_DECLARE_FINAL_TYPE (WbJournal, wb_journal, WB, JOURNAL, GObject)

/* A new journal of @header (copied), its cursor at the start. */
WbJournal       *wb_journal_new           (const WbPlayHeader *header);
const WbPlayHeader *wb_journal_get_header (WbJournal *self);

/* What played a journal read from format 1, which did not record it, once
 * the play knows (wb_play_open_journal): kept when the journal is saved. */
void             wb_journal_set_played_by (WbJournal *self, guint engine_version, const char *family_id,
                                           guint family_version);
/* The game's text to carry (see WbPlayHeader.game_text) in a journal that
 * did not (format 1 and 2): written at the next save. */
void             wb_journal_set_game_text (WbJournal *self, const char *text);
guint            wb_journal_get_n_entries (WbJournal *self);
const WbJournalEntry *wb_journal_get_entry (WbJournal *self, guint32 id);
guint32          wb_journal_get_cursor    (WbJournal *self);

/* Plays @action (an object; a reference is taken) after the cursor: a new
 * entry, the cursor on it. With a file attached, the line is on disk before
 * this returns; FALSE (and nothing changed) when it could not be written or
 * the journal is full. */
gboolean         wb_journal_append        (WbJournal  *self,
                                           JsonObject *action,
                                           guint32    *id,
                                           GError    **error);
/* The cursor to the parent (FALSE at the start) / the child last visited
 * (FALSE without children) / any entry. */
gboolean         wb_journal_undo          (WbJournal *self, GError **error);
gboolean         wb_journal_redo          (WbJournal *self, GError **error);
gboolean         wb_journal_go_to         (WbJournal *self, guint32 id, GError **error);
/* A bookmark name or a note on an entry (NULL or "" clears it). */
gboolean         wb_journal_set_bookmark  (WbJournal *self, guint32 id, const char *name,
                                           GError **error);
gboolean         wb_journal_set_note      (WbJournal *self, guint32 id, const char *text,
                                           GError **error);

/* The entries from the start to @id, the start (0) first (transfer full). */
GArray          *wb_journal_path_to       (WbJournal *self, guint32 id);
/* The children of @id, oldest first (transfer full). */
GArray          *wb_journal_children      (WbJournal *self, guint32 id);
/* The ends of the branches: entries without children, oldest first
 * (transfer full; just the start for an empty journal). */
GArray          *wb_journal_leaves        (WbJournal *self);

/* Writes the whole journal to @path (atomically) and keeps appending to it.
 *
 * Appending: the file is opened for writing at the first line written to
 * it (never by reading it), and a line is on disk before the call that
 * writes it returns. A line that cannot be written whole (a full disk, a
 * failing one) is cut off again: the call fails with an error naming the
 * file, what failed and the line, nothing changes in memory, and the file
 * ends at its last whole line, so it reopens. A file that cannot be opened
 * for writing (read-only) replays: cursor moves then stay in memory, and
 * actions, bookmarks and notes are refused until it is saved elsewhere. */
gboolean         wb_journal_save          (WbJournal *self, const char *path, GError **error);
/* Reads a journal and keeps appending to its file (opened for writing only
 * when something is written). @warning is set (transfer full) when a last
 * line cut short by a crash was left out: the file keeps it until the next
 * line written cuts it off. */
WbJournal       *wb_journal_open          (const char *path, char **warning, GError **error);
/* The same from text, without a file. */
WbJournal       *wb_journal_load_from_data (const char *data, gsize len, const char *name,
                                            char **warning, GError **error);
/* The journal as the file holds it after a save: the header and the tree,
 * without the history of cursor moves (transfer full). */
char            *wb_journal_to_data       (WbJournal *self);
/* The file appended to, or NULL. */
const char      *wb_journal_get_path      (WbJournal *self);

G_END_DECLS
