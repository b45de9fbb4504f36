/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"
#include "wb-scenario.h"
#include <json-glib/json-glib.h>

#include "rules/wb-rng.h"

G_BEGIN_DECLS

/* The state of a match (docs/rules-engine.md): where every unit is and its
 * strength, the turn, the step of the sequence of play, the active side,
 * VP and the dice. Rebuilt by replaying the journal; copied cheaply (plain
 * arrays and interned strings) so an action is applied to a copy and kept
 * only when it succeeds. */

#define WB_MATCH_MAX_SIDES 8
#define WB_MATCH_MAX_RULES 64

typedef enum {
  WB_WHERE_WAITING,     /* not on the map yet (a reinforcement, or not in the scenario) */
  WB_WHERE_HEX,
  WB_WHERE_LOCATION,
  WB_WHERE_BOX,         /* an off-map box of the scenario */
  WB_WHERE_ELIMINATED,
} WbWhereKind;

typedef struct {
  WbWhereKind kind;
  WbOffset    hex;      /* WB_WHERE_HEX */
  const char *place;    /* interned location or box id */
} WbWhere;

/* Flags the engine knows; families use the bits from WB_UNIT_FAMILY_FLAG up. */
typedef enum {
  WB_UNIT_IN_SCENARIO = 1 << 0,   /* set up or arriving in this scenario */
  WB_UNIT_MOVED       = 1 << 1,   /* this step */
  WB_UNIT_ATTACKED    = 1 << 2,
  WB_UNIT_REVEALED    = 1 << 3,   /* its face is known to the enemy */
  WB_UNIT_DEPLOYED    = 1 << 4,   /* placed by its side in the deployment step */
} WbUnitFlags;
#define WB_UNIT_FAMILY_FLAG (1u << 16)

typedef struct {
  const char *id;          /* interned unit id */
  guint       side;        /* index into the game's sides */
  WbWhere     where;
  gint16      halves;      /* current strength, half SP */
  gint16      arrives;     /* the turn it arrives (reinforcements), else 0 */
  guint32     flags;
  gint32      data[4];     /* the family's */
  /* A status marker the family shows on the counter ("Shaken"), interned;
   * NULL: none. The map draws it as a tag on the unit. */
  const char *badge;
} WbUnitState;

/* A marker a designer put on the map during play (override_marker): a hex
 * feature of the game's legend (where "hex": a trench, fallen timber) at a
 * hex, drawn with the units. The rules do not read these (yet). */
typedef struct {
  const char *feature;     /* interned feature id */
  WbOffset    hex;
} WbMatchMarker;

typedef struct {
  WbGame     *game;        /* a reference */
  WbScenario *scenario;    /* the game's */
  WbMap      *map;         /* the scenario's map */
  char      **options;     /* the scenario options chosen */
  GArray     *units;       /* WbUnitState, in the game's unit order */
  GHashTable *index;       /* interned id → index + 1; shared by copies */
  int         turn;        /* 1-based */
  int         step;        /* index into the family's steps */
  guint       active;      /* the active side */
  guint       first_side;  /* the side that moves first each turn */
  int         vp[WB_MATCH_MAX_SIDES];
  WbRng       rng;
  gboolean    over;
  int         decided;     /* side + 1 that won outright (an automatic victory); 0: by VP */
  /* The deployment step (wb-deploy.c): the side + 1 placing the units its
   * set-up gives a choice of places, 0 when none is; the sides still to
   * deploy after it, a bit each; the side active once every side has. */
  guint8      deploying;
  guint8      deploy_pending;
  guint8      deploy_resume;
  /* The family's own state: a plain struct of its (no pointers: it is
   * copied byte for byte with the match), reached through the family's
   * typed accessor over wb_match_family_state (); NULL until first used. */
  guint8     *fstate;
  gsize       fstate_size;
  /* Rule levels set during play (a set_rule action), by the family's check
   * index: 0 as the journal's settings say, else WbRuleLevel + 1. */
  guint8      rule_levels[WB_MATCH_MAX_RULES];
  GArray     *markers;     /* WbMatchMarker, in the order placed; copied with the state */
} WbMatch;

/* The start of @scenario with @options: every unit its set-up places (the
 * first place when the set-up offers a choice), reinforcements waiting for
 * their turn, the dice seeded with @seed; the first side active on turn 1.
 * NULL with a message when the scenario, its map or a place is unknown. */
WbMatch     *wb_match_new          (WbGame             *game,
                                    const char         *scenario,
                                    const char * const *options,
                                    guint64             seed,
                                    GError            **error);
WbMatch     *wb_match_copy         (const WbMatch *match);
/* The family's state, at least @size bytes: zeroed when first asked for;
 * when @size is larger than before, grown with the bytes it had kept and
 * the new ones zeroed (so it may move: take the pointer again after). */
gpointer     wb_match_family_state (WbMatch *match, gsize size);
void         wb_match_free         (WbMatch *match);

WbUnitState *wb_match_find_unit    (WbMatch *match, const char *id);
/* The units at @where, in unit order (transfer container). */
GPtrArray   *wb_match_units_at     (WbMatch *match, const WbWhere *where);
gboolean     wb_where_equal        (const WbWhere *a, const WbWhere *b);
/* "0414", "Harpers Ferry", the box's name, "eliminated", "not arrived"
 * (transfer full). */
char        *wb_match_where_text   (WbMatch *match, const WbWhere *where);
/* Parses a place as actions write it: {"hex": "0414"}, {"location": ID},
 * {"box": ID}, {"eliminated": true}. */
gboolean     wb_match_parse_where  (WbMatch *match, JsonObject *o, WbWhere *where, GError **error);
JsonObject  *wb_match_where_to_json (WbMatch *match, const WbWhere *where);
/* A place of the scenario (a set-up's, a reinforcement's) as a WbWhere of
 * the match's map; FALSE with a message when the map has no such place. */
gboolean     wb_match_place_where  (WbMatch *match, const WbPlace *place, WbWhere *where, GError **error);
/* The index of @feature's marker at @hex in @match->markers, or -1. */
int          wb_match_find_marker  (const WbMatch *match, const char *feature, WbOffset hex);
/* "Stafrd (5)": the designation and the current strength. */
char        *wb_match_unit_text    (WbMatch *match, const WbUnitState *unit);
const char  *wb_match_side_name    (WbMatch *match, guint side);
/* Adds @vp to @side's VP, held within ±WB_MATCH_MAX_VP: a family's VP are
 * products of values from the file (VP times the units counted, every
 * turn), which must never overflow an int. */
#define WB_MATCH_MAX_VP 1000000000
void         wb_match_add_vp       (WbMatch *match, guint side, gint64 vp);
guint        wb_match_n_sides      (WbMatch *match);
/* The turn's label from the turn track ("May 5, 6 AM") or its number. */
char        *wb_match_turn_text    (WbMatch *match, int turn);
gboolean     wb_match_turn_is_night (WbMatch *match, int turn);
/* Whether the scenario option @id was chosen for this match. */
gboolean     wb_match_has_option   (WbMatch *match, const char *id);
int          wb_match_n_turns      (WbMatch *match);
/* The side that won outright (@decided), else the side with the most VP
 * (-1 for a draw, or while the game goes on): "the Player with the higher
 * total wins" (SPI 18.0). */
int          wb_match_winner       (WbMatch *match);
/* "Confederate wins, 47 VP to 30" or "A draw at 30 VP" (transfer full);
 * NULL while the game goes on. */
char        *wb_match_result_text  (WbMatch *match);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbMatch, wb_match_free)

G_END_DECLS
