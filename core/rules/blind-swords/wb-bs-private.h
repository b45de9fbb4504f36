/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"
#include "wb-scenario.h"
#include "wb-chits.h"
#include "rules/wb-family.h"
#include "rules/blind-swords/wb-bs-params.h"

G_BEGIN_DECLS

/* The Blind Swords family's private parts (docs/rules-engine.md, "The
 * Blind Swords family: the sequence of play and the chit draw"). */

#define BS_MAX_CHITS      64
#define BS_MAX_BRIGADES   64
#define BS_MAX_BROKEN     8
#define BS_MAX_ORDERS     8
#define BS_MAX_OBJECTIVES 32
#define BS_MAX_BONUS_TURNS 64

/* The steps of the sequence of play (series 4.0). */
typedef enum {
  BS_COMMAND,     /* 5.1: each side's Key Chit(s), the first side first */
  BS_ARTILLERY,   /* 6.1-6.3: alternating Artillery Steps */
  BS_HELD,        /* 7.1 (and 14.1 when the cup is empty): held chits offered */
  BS_DRAW,        /* 7.2, 7.3: the chit puller draws */
  BS_EVENT,       /* 7.3: the owner plays or holds the Event drawn */
  BS_FOG,         /* 7.3b: the non-puller rolls on the Fog of War table */
  BS_ROLL,        /* 7.3: the Command Roll of a CIC or Division chit (or CIC held) */
  BS_BRIGADE,     /* 7.3: the owner picks the brigade */
  BS_ORDERS,      /* 8.1: the brigade's order */
  BS_ACTIVATION,  /* 8.0: the brigade's steps, ended by its owner */
  BS_N_STEPS
} BsStep;

/* Where a chit is this turn (BsState.at). */
typedef enum {
  BS_AT_OUT,       /* not in play this turn */
  BS_AT_POOL,      /* an eligible Event not yet chosen (5.1) */
  BS_AT_CUP,
  BS_AT_HELD,      /* held by its owner, face down (7.3) */
  BS_AT_DRAWN,     /* drawn, being resolved */
  BS_AT_DISCARD,   /* 7.4 */
  BS_AT_EXCLUDED,  /* 5.2 */
} BsChitAt;

/* How the brigade being activated acts (BsState.activation). */
typedef enum {
  BS_ACT_NONE,
  BS_ACT_FULL,
  BS_ACT_LIMITED,  /* 7.3: a Fire Combat Step only */
  BS_ACT_NEGATED,  /* 7.3a: marked activated, doing nothing */
} BsActivation;

/* A unit's flags (WbUnitState.flags). */
#define BS_UNIT_ARTILLERY_DONE WB_UNIT_FAMILY_FLAG   /* activated this Artillery Phase (6.1) */

/* A unit's integers (WbUnitState.data). */
#define BS_DATA_DELAYED 0   /* the turn its arrival was delayed by the enemy (10.11), 0: never */

/* BsState.brigade flags. */
#define BS_BDE_ACTIVATED 1u   /* its Brigade Activation Status marker on "Activated" (2.3) */

typedef struct {
  guint8 at[BS_MAX_CHITS];          /* BsChitAt */
  guint8 clarity_used[BS_MAX_CHITS];/* Command Clarity used with this chit (excl. 17.xd) */
  guint8 brigade[BS_MAX_BRIGADES];  /* BS_BDE_* */
  gint8  holder[BS_MAX_OBJECTIVES]; /* the side that last held each occupy place, -1: none */
  guint8 drawn;                     /* the chit being resolved + 1, 0: none */
  guint8 negate;                    /* 7.3a: the next chit drawn is negated */
  guint8 passes;                    /* passes in a row (6.3, 7.1) */
  guint8 keys;                      /* Key Chits chosen by the side choosing now */
  guint8 acting;                    /* the brigade being activated + 1 */
  guint8 activation;                /* BsActivation */
  guint8 order;                     /* its order + 1 */
  guint8 roll;                      /* the last Command Roll (the die), 0: none */
  guint8 cic;                       /* the activation is a CIC's (its marker is not flipped) */
  guint8 final;                     /* BS_HELD is 14.1's Final Held Chit Play */
  guint8 started;
} BsState;

typedef struct {
  WbGame      *game;
  WbScenario  *scenario;
  guint        n_chits;
  WbChit      *chit[BS_MAX_CHITS];      /* the game's, borrowed */
  int          from_turn[BS_MAX_CHITS]; /* in the cup from this turn on; 0: not in this scenario */
  gboolean     clarity[BS_MAX_CHITS];
  gboolean     clarity_per_division;
  int          owner[BS_MAX_CHITS];     /* side index, -1: a Wild chit */
  int          key_chits[2];
  int          included[2];
  guint        n_brigades;
  const char  *brigade[BS_MAX_BRIGADES];     /* interned formation ids */
  const char  *division[BS_MAX_BRIGADES];    /* its parent */
  char        *brigade_name[BS_MAX_BRIGADES];
  guint        brigade_side[BS_MAX_BRIGADES];
  int         *unit_brigade;                 /* per unit: brigade index, -1 */
  gboolean    *artillery;                    /* per unit: the artillery role */
  guint        n_units;
  guint        n_broken;
  const char  *broken[BS_MAX_BROKEN];        /* the Broken Track's boxes, 3 … Available */
  guint        n_orders;
  const char  *orders[BS_MAX_ORDERS];
  WbTable     *fog;                          /* the Fog of War Chit Table, or NULL */
  guint        n_objectives;
  int          first_holder;                 /* side holding the occupy places at the start, -1 */
  int          bonus[2][BS_MAX_BONUS_TURNS]; /* added to the Command Ratings by turn (excl. 17.6i) */
} BsData;

static inline BsState *
bs_state (WbMatch *m)
{
  return wb_match_family_state (m, sizeof (BsState));
}

/* wb-bs.c */
gboolean     _wb_bs_fail            (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
guint        _wb_bs_puller          (BsData *data, WbMatch *m);
int          _wb_bs_side_index      (WbGame *game, const char *id);
int          _wb_bs_brigade_index   (BsData *data, const char *id);
/* wb-bs-prepare.c: the family's prepare and release. */
gpointer     _wb_bs_prepare         (WbGame *game, const WbMatch *setup, GError **error);
void         _wb_bs_release         (gpointer data);
gboolean     _wb_bs_brigade_eligible (BsData *data, WbMatch *m, guint b);
/* Whether @b may be picked for the chit being resolved now (7.3). */
gboolean     _wb_bs_brigade_pickable (BsData *data, WbMatch *m, guint b);
gboolean     _wb_bs_artillery_hex   (BsData *data, WbMatch *m, guint side, WbOffset hex);
/* The hexes of @side's artillery not yet activated this phase (transfer
 * full: "0414" strings, sorted, each once). */
GPtrArray   *_wb_bs_artillery_hexes (BsData *data, WbMatch *m, guint side);
gboolean     _wb_bs_clarity_available (BsData *data, WbMatch *m, guint chit);
/* The chit's Command Rating this turn (excl. 17.6i's bonus added), or
 * WB_CHIT_RATING_UNKNOWN / _NONE as the chit has it. */
int          _wb_bs_rating          (BsData *data, WbMatch *m, guint chit);
int          _wb_bs_chit_index      (BsData *data, const char *id);
/* "Attack" for "attack" (translated): the orders the family knows (8.1). */
const char  *_wb_bs_order_name      (const char *order);
const WbRulesFamily *wb_bs_family   (void);

/* wb-bs-auto.c */
JsonObject  *_wb_bs_suggest         (BsData *data, WbMatch *m, WbRng *rng);

/* wb-bs-steps.c */
void         _wb_bs_step            (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject  *_wb_bs_step_action     (BsData *data, WbMatch *m, const WbPicks *picks);
WbBoard     *_wb_bs_board           (BsData *data, WbMatch *m);

G_END_DECLS
