/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Chits (format 8): the counters a chit-pull game draws from a cup —
 * activations, events and the Wild chits (Blind Swords series 2.4) — and a
 * scenario's draw cup (series 5.0). Plain records with public fields like
 * those of wb-records.h: the game owns its chits (wb_game_get_chits()), a
 * scenario its cup (wb_scenario_get_cup()). Every id is interned. */

#include <json-glib/json-glib.h>

#include "wb-types.h"

G_BEGIN_DECLS

typedef enum {
  WB_CHIT_ACTIVATION,      /* a leader's chit: CIC, division or brigade */
  WB_CHIT_EVENT,           /* a Unique Event (7.3) */
  WB_CHIT_WILD,            /* Fog of War or Fortunes of War (7.3a, b) */
} WbChitKind;

typedef enum {
  WB_CHIT_LEVEL_CIC,
  WB_CHIT_LEVEL_DIVISION,
  WB_CHIT_LEVEL_BRIGADE,
} WbChitLevel;

/* When an Event chit may be played (7.3): "Some Events must be played
 * immediately, and others can be played immediately or held." UNKNOWN ("?")
 * where the rulebook text does not say (the player aid does). */
typedef enum {
  WB_CHIT_PLAY_UNKNOWN,
  WB_CHIT_PLAY_IMMEDIATE,
  WB_CHIT_PLAY_IMMEDIATE_OR_HOLD,
  WB_CHIT_PLAY_HOLD,
} WbChitPlay;

typedef enum {
  WB_CHIT_WILD_FOG_OF_WAR,
  WB_CHIT_WILD_FORTUNES_OF_WAR,
} WbChitWild;

/* command_rating: 0..6, or one of these. */
#define WB_CHIT_RATING_NONE    (-2)   /* no rating (member absent): an automatic CIC */
#define WB_CHIT_RATING_UNKNOWN (-1)   /* "?": printed on the chit, not in the text */
#define WB_CHIT_RATING_MAX     6

typedef struct {
  const char *id;
  char       *name;
  const char *side;            /* NULL: a Wild chit both sides share */
  WbChitKind  kind;
  /* WB_CHIT_ACTIVATION */
  WbChitLevel level;
  const char *formation;       /* the formation it activates (NULL: any, a CIC) */
  int         command_rating;  /* 0..6, WB_CHIT_RATING_UNKNOWN or _NONE */
  gboolean    automatic;       /* a CIC that needs no roll (7.3) */
  const char *casualty_of;     /* the chit this red-cross leader casualty chit replaces (2.4) */
  /* WB_CHIT_EVENT */
  WbChitPlay  play;
  JsonNode   *effect;          /* an object with a string "type", or NULL */
  char       *text;            /* what the rulebook says of the event */
  /* WB_CHIT_WILD */
  WbChitWild  wild;
  char       *note;
  char       *source;          /* e.g. "reconstructed: …" */
} WbChit;

/* How many chits of one side (5.1, 5.2). */
typedef struct {
  const char *side;
  int         count;
} WbSideCount;

/* Chits that join the cup from a turn on: a division arriving later, a CIC
 * arriving with the reinforcements, a replacement chit. */
typedef struct {
  int         turn;            /* 1-based */
  GPtrArray  *chits;           /* interned chit ids */
  char       *note;
} WbCupAdd;

/* A scenario's draw cup and Command Decision Phase (5.0). */
typedef struct {
  GPtrArray  *chits;           /* interned chit ids: the eligible chits */
  GArray     *key_chits;       /* WbSideCount: Key Chits each side selects (5.1) */
  GArray     *included_events; /* WbSideCount: events drawn at random into the cup (5.2) */
  GArray     *excluded_events; /* WbSideCount: the text's own number of excluded events */
  GPtrArray  *clarity_chits;   /* interned chit ids that may use Command Clarity */
  gboolean    clarity_per_division; /* once per game per division, else once per game */
  GPtrArray  *add;             /* WbCupAdd* */
  char       *note;
} WbCup;

WbChit      *wb_chit_new               (const char *id, WbChitKind kind);
void         wb_chit_free              (WbChit *chit);
WbChit      *wb_chit_copy              (const WbChit *chit);
gboolean     wb_chit_equal             (const WbChit *a, const WbChit *b);

WbCup       *wb_cup_new                (void);
void         wb_cup_free               (WbCup *cup);
WbCup       *wb_cup_copy               (const WbCup *cup);
WbCupAdd    *wb_cup_add_new            (int turn);
void         wb_cup_add_free           (WbCupAdd *add);
/* The count for @side in @counts (a WbSideCount array), -1 if it has none;
 * setting a negative count removes the entry. */
int          wb_side_counts_get        (GArray *counts, const char *side);
void         wb_side_counts_set        (GArray *counts, const char *side, int count);
/* Whether the cup names @chit (among its chits, Command Clarity chits or
 * added chits). */
gboolean     wb_cup_uses_chit          (const WbCup *cup, const char *chit);

const char  *wb_chit_kind_to_string    (WbChitKind kind);
gboolean     wb_chit_kind_from_string  (const char *s, WbChitKind *kind);
const char  *wb_chit_level_to_string   (WbChitLevel level);
gboolean     wb_chit_level_from_string (const char *s, WbChitLevel *level);
const char  *wb_chit_play_to_string    (WbChitPlay play);
gboolean     wb_chit_play_from_string  (const char *s, WbChitPlay *play);
const char  *wb_chit_wild_to_string    (WbChitWild wild);
gboolean     wb_chit_wild_from_string  (const char *s, WbChitWild *wild);

G_END_DECLS
