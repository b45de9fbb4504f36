/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"
#include "wb-scenario.h"
#include "wb-chits.h"
#include "rules/wb-family.h"
#include "wb-hex-map.h"
#include "rules/blind-swords/wb-bs-params.h"
#include "rules/blind-swords/wb-bs-combat.h"

G_BEGIN_DECLS

/* The Blind Swords family's private parts (docs/rules-engine.md, "The
 * Blind Swords family: the sequence of play and the chit draw"). */

#define BS_MAX_CHITS      64
#define BS_MAX_BRIGADES   64
#define BS_MAX_BROKEN     8
#define BS_MAX_ORDERS     8
#define BS_MAX_OBJECTIVES 32
#define BS_MAX_BONUS_TURNS 64
#define BS_MAX_CONTROL    128

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
  BS_FIRE,        /* 9.0: the Fire Combat Step (a Limited Activation's only step, 7.3) */
  BS_MOVE,        /* 10.0: the Movement Step */
  BS_OPFIRE,      /* 10.7: the enemy's Opportunity Fire at a unit about to move */
  BS_CLOSE,       /* 11.0: the Close Combat Step */
  BS_ADVANCE,     /* 12.7: Advance After Close Combat */
  BS_RALLY,       /* 13.0: the Rally Step */
  BS_ART_HEX,     /* 6.1: the artillery of the hex activated fires or moves */
  BS_ART_RALLY,   /* 6.4: the Artillery Rally Step, the USA first */
  BS_CHAOS,       /* 7.3b: the opposing player marks a hex for Battlefield Chaos */
  BS_WAYWARD,     /* 7.3b: the opposing player makes a Wayward Move */
  BS_EVENT_HEX,   /* 7.3: the owner places the Event played on a hex (an Epaulement, Good Ground) */
  BS_WITHDRAW,    /* 10.8: the enemy's cavalry may withdraw from a unit that moved near it */
  BS_PONTOON,     /* excl. 17.6g: a Pontoon Bridge placed, rolled for, moved; repaired (wb-bs-pontoon.c) */
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
#define BS_UNIT_WORN       (WB_UNIT_FAMILY_FLAG << 1)  /* on its Battleworn side (halves: the BW SP) */
#define BS_UNIT_SHAKEN     (WB_UNIT_FAMILY_FLAG << 2)  /* a Shaken marker (12.5) */
#define BS_UNIT_DISRUPTED  (WB_UNIT_FAMILY_FLAG << 3)  /* a Disrupted marker (12.5) */
#define BS_UNIT_FIRED      (WB_UNIT_FAMILY_FLAG << 4)  /* fired in this Fire Combat Step or Artillery Step (9.1) */
#define BS_UNIT_MOVED      (WB_UNIT_FAMILY_FLAG << 5)  /* moved in this Movement Step (BS_DATA_SPENT holds its MP) */
#define BS_UNIT_SKIRMISH   (WB_UNIT_FAMILY_FLAG << 6)  /* in Skirmish Order (excl. 15.0) */
#define BS_UNIT_COMMITTED  (WB_UNIT_FAMILY_FLAG << 7)  /* committed to a Close Combat this step (11.2) */
#define BS_UNIT_CHARGED    (WB_UNIT_FAMILY_FLAG << 8)  /* made a Charge Move this step (10.10) */
#define BS_UNIT_RALLIED    (WB_UNIT_FAMILY_FLAG << 9)  /* rallied in this Rally Step (13.2) */
#define BS_UNIT_RETURNED   (WB_UNIT_FAMILY_FLAG << 10) /* came back from the Broken Track (13.2 Rebuild Option) */
#define BS_UNIT_CHAOS      (WB_UNIT_FAMILY_FLAG << 11) /* under a Battlefield Chaos chit (excl. 7.3b) */
#define BS_UNIT_DISMOUNTED (WB_UNIT_FAMILY_FLAG << 12) /* mounted cavalry on foot: infantry for all purposes (10.9) */
#define BS_UNIT_OUT        (WB_UNIT_FAMILY_FLAG << 13) /* withdrew off the map, out of the game (10.12) */
#define BS_UNIT_MORALE     (BS_UNIT_SHAKEN | BS_UNIT_DISRUPTED)

/* 0 no marker, 1 Shaken, 2 Disrupted (12.5). */
static inline int
bs_morale (const WbUnitState *u)
{
  return (u->flags & BS_UNIT_DISRUPTED) ? 2 : (u->flags & BS_UNIT_SHAKEN) ? 1 : 0;
}

/* What a unit is to the rules, from its class's role (wb-bs-prepare.c). */
typedef enum {
  BS_ROLE_INFANTRY,   /* no role: infantry, dismounted cavalry (10.9) */
  BS_ROLE_CAVALRY,    /* mounted */
  BS_ROLE_ARTILLERY,
  BS_ROLE_PIONEER,
  BS_ROLE_MARKER,     /* no fighting unit: a pontoon bridge */
} BsRole;

/* What the unit's counter prints (wb-bs-prepare.c), per unit. */
typedef struct {
  guint8      role;       /* BsRole */
  guint8      sp[2];      /* printed SP in halves: FR, BW (a Fragile unit: its BW side in both) */
  guint8      cr[2];      /* printed CR: FR, BW */
  guint8      fragile;
  const char *weapon;     /* interned Weapon Type code ("RM"), or NULL */
} BsCounter;

/* A unit's integers (WbUnitState.data). */
#define BS_DATA_DELAYED 0   /* the turn its arrival was delayed by the enemy (10.11), 0: never */
#define BS_DATA_SPENT   1   /* quarter MP spent in this Movement Step (or Artillery Step) */

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
  /* The map steps (wb-bs-activation.c). */
  gint16   mover;                   /* 10.7: the unit (index + 1) whose move waits for Opportunity Fire */
  WbOffset mover_to;
  guint8   resume;                  /* the step BS_OPFIRE and BS_ADVANCE go back to */
  guint8   resume_active;
  WbOffset target;                  /* BS_ADVANCE: the hex emptied; BS_ART_HEX: the hex activated */
  guint8   advance;                 /* BS_ADVANCE: hexes the victors may advance (12.7) */
  guint8   n_advancers;
  gint16   advancers[16];           /* BS_ADVANCE: the units that may advance (indexes) */
  guint8   art_rally;               /* 6.4: the sides done with their Artillery Rally Step, a bit each */
  /* The scenario's rules (wb-bs-scenario.c). */
  guint8   released;                /* restricted entries freed, a bit each */
  gint8    control[BS_MAX_CONTROL]; /* the side controlling each control_feature hex, -1: none */
  guint8   arrived;                 /* arrivals triggered, a bit each */
  guint64  entered[8];              /* enter-mark arrivals: the mark's hexes entered, a bit each */
  /* The Fog of War (wb-bs-fog.c). */
  guint8   fog_side;                /* the side a Fog of War result affects */
  guint8   fog_resume_active;
  guint8   chaos_on;                /* a Battlefield Chaos chit is on chaos_hex */
  WbOffset chaos_hex;
  /* The Events in force (wb-bs-events.c). */
  guint8   event_chit;              /* BS_EVENT_HEX: the Event being placed + 1 */
  guint8   event_resume;            /* the step it was played in (BS_EVENT, BS_HELD) */
  guint8   event_active;
  guint8   n_placed;
  guint8   placed_chit[4];          /* Events on a hex until the end of the turn (+ 1) */
  WbOffset placed_hex[4];
  guint8   pending_close[2];        /* an Event (+ 1) for the side's next Close Combat */
  /* wb-bs-exclusive.c */
  guint8   pending;                 /* BsPending: what waits for Opportunity Fire with mover */
  guint8   go;                      /* BS_GO_*: the choices of the move waiting */
  guint8   path_n;                  /* the move waiting: its hexes (BsPath) */
  guint32  path_road;
  gint16   path_cost[24];
  WbOffset path[24];
  gint16   barred_turn;             /* excl. 2.10h: the turn barred_* are for */
  guint8   n_barred;
  gint16   barred_unit[8];          /* a unit (index) prohibited from a Bayou hex this turn */
  WbOffset barred_hex[8];
  gint16   wd_mover;                /* 10.8: the enemy unit (index + 1) the cavalry may withdraw from */
  guint8   wd_resume, wd_resume_active;
  guint8   n_wd;
  gint16   wd_units[8];             /* 10.8: the cavalry units that may withdraw (indexes) */
  /* bs-series */
  guint8   cc_wd;                   /* 11.3b: BS_WITHDRAW is the attacked cavalry's, before Defensive Fire */
  guint8   cc_n;                    /* 11.3b: the Close Combat waiting: its attackers (indexes) */
  gint16   cc_units[16];
  WbOffset cc_hex;                  /* 11.3b: the hex it attacks */
  WbOffset cc_assault;              /* 12.7: the last Close Combat's Assaulting Hex */
  guint8   cc_def_advance;          /* 12.7: hexes its defenders may advance into cc_assault, 0: none */
  gint16   rt_unit;                 /* 10.7: the unit (index + 1) whose retreat is walked now */
  guint8   rt_extra;                /* 10.7: hexes its Opportunity Fire's Retreat results add */
  /* wb-bs-pontoon.c */
  guint8   pt_n;                    /* the scenario's Pontoon Bridges (excl. 2.1b, 17.6g) */
  gint16   pt_unit[2];              /* their unit indexes; damaged: BS_UNIT_WORN (its flipped side) */
  guint8   pt_phase;                /* BS_PONTOON: BsPontoonPhase */
  guint8   pt_k;                    /* BS_PONTOON: the bridge placed, rolled for or repaired */
  guint8   pt_resume, pt_resume_active; /* the step BS_PONTOON goes back to after the set-up */
  WbOffset pt_from;                 /* BS_PT_MOVE: the hex Patterson Gets Lost was rolled at */
  guint8   pt_hit;                  /* bit k: bridge k damaged in this Artillery Phase (17.6g) */
} BsState;

typedef struct _BsMapFx BsMapFx;   /* wb-bs-los.c */
typedef struct _BsMove  BsMove;    /* wb-bs-move.c */
typedef struct _BsScenario BsScenario; /* wb-bs-scenario.c */
typedef struct _BsFog   BsFog;     /* wb-bs-fog.c */

typedef struct {
  WbGame      *game;
  WbScenario  *scenario;
  WbHexMap    *map;                     /* the scenario's, borrowed */
  WbHexLayout  layout;
  int          cols, rows;
  BsCounter   *counter;                 /* per unit */
  WbBsTables  *tables;                  /* compiled for the scenario and its options */
  BsMapFx     *fx;                      /* terrain effects, LOS (wb-bs-los.c) */
  BsMove      *move;                    /* movement graphs (wb-bs-move.c) */
  BsScenario  *sc;                      /* the scenario's own rules (wb-bs-scenario.c) */
  BsFog       *fog_results;             /* what the Fog of War results do (wb-bs-fog.c) */
  int          stacking_halves;         /* 3.1: the most SP in a hex, in halves */
  int          rally_distance;          /* 13.1: hexes from the enemy to rally */
  /* terrain_effects read for the exclusive rules (wb-bs-prepare.c). */
  guint        n_climb;
  const char  *climb[4];                /* interned hexside features with artillery_climb (excl. 6.5a) */
  guint        n_work;
  const char  *work[4];                 /* interned markers pioneers reduce (excl. 2.1a, 14.4) */
  const char  *work_to[4];              /* what each is reduced to, NULL: removed */
  const char  *dismount_attr;           /* 10.9's attribute (dismount_attribute) */
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

/* What unit @i is to the rules now: its counter's role, dismounted
 * cavalry being infantry (10.9). */
static inline BsRole
bs_role (const BsData *data, const WbMatch *m, guint i)
{
  BsRole r = (BsRole) data->counter[i].role;

  if (r == BS_ROLE_CAVALRY && (g_array_index (m->units, WbUnitState, i).flags & BS_UNIT_DISMOUNTED))
    return BS_ROLE_INFANTRY;
  return r;
}

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

/* ---- wb-bs-los.c: the map's effects on combat (9.1-9.3, 11.0c, 12.4) ---- */

/* Reads rules.params' terrain_effects, weapon_effects, fire_shifts,
 * close_shifts, close_odds_shifts and the Weapon Ranges Table into
 * data->fx; FALSE with @error naming the parameter or table. */
gboolean     _wb_bs_map_compile     (BsData *data, const WbParams *params, GError **error);
void         _wb_bs_map_free        (BsMapFx *fx);

typedef enum {
  BS_LOS_CLEAR,
  BS_LOS_OBSCURED,
  BS_LOS_BLOCKED,
} BsLosKind;

/* A line of sight from a hex to another (excl. 9.1a): what it crosses. */
typedef struct {
  guint8 kind;              /* BsLosKind */
  guint8 obscuring;         /* obscuring hexes at the level of both units passed (9.3 vii) */
  guint8 over_units;        /* intervening hexes with units passed over (9.3 viii; pioneers not) */
  guint8 over_friendly;     /* of those, hexes with units of @side (9.1b) */
  guint8 friendly_by_target;/* a hex passed over with units of @side is next to the target (9.1b) */
} BsLos;

/* The line of sight from @from to @to for a unit of @side: Blocked,
 * Obscured or Clear, by elevation, terrain_effects' los and the units on
 * the way (intervening hexes only; adjacent hexes always see each other). */
void         _wb_bs_los             (BsData *data, WbMatch *m, WbOffset from, WbOffset to, guint side, BsLos *out);

/* The Range band (WbBsRange) of @weapon at @distance hexes, -1 beyond
 * its Extreme range; @canister: the artillery's Canister band instead
 * when the distance is in it. Defensive-fire-only types (CC): -1 unless
 * @defensive (then Effective at distance 1). */
int          _wb_bs_range           (BsData *data, const char *weapon, int distance, gboolean canister,
                                     gboolean defensive);
/* Whether @weapon has no ranges (CC: Defensive Fire only, 9.1c). */
gboolean     _wb_bs_close_only      (BsData *data, const char *weapon);

/* What terrain_effects say of @hex now (its terrain, hex features and
 * the markers placed there): no Rally (excl. 2.10h, j), the Cohesion
 * Check of infantry entering it (2.10j), the table rolled before entering
 * (2.10h), or NULL. */
gboolean     _wb_bs_hex_no_rally    (BsData *data, WbMatch *m, WbOffset hex);
gboolean     _wb_bs_hex_entry_check (BsData *data, WbMatch *m, WbOffset hex);
WbTable     *_wb_bs_hex_entry_table (BsData *data, WbMatch *m, WbOffset hex);

/* Whether unit @u (index) has Unit Support now (12.4, excl. 12.4a). */
gboolean     _wb_bs_supported       (BsData *data, WbMatch *m, guint u);
/* The CR adjustment of unit @u now: Unsupported (unsupported_cr), a
 * terrain cr_bonus for its side unless @attacking_close. */
int          _wb_bs_cr_adjust       (BsData *data, WbMatch *m, guint u, gboolean attacking_close);
/* Unit @u as the combat engine sees it (its side up, morale, adjust). */
void         _wb_bs_engine_unit     (BsData *data, WbMatch *m, guint u, gboolean attacking_close, WbBsUnit *out);

/* A column shift and what it is for (translated, static). */
typedef struct {
  const char *what;
  gint8       shift;
} BsShift;
#define BS_MAX_SHIFTS 24
typedef struct {
  guint8  n;
  BsShift s[BS_MAX_SHIFTS];
} BsShifts;
static inline int
bs_shifts_total (const BsShifts *s)
{
  int t = 0;
  for (guint i = 0; i < s->n; i++)
    t += s->s[i].shift;
  return t;
}

/* The Fire Combat shifts (excl. 9.3 i-xvii) for @firers (unit indexes)
 * at @target through @los (the worst of the firers'), at Canister range
 * or Long/Extreme as @range_of gives per firer (WbBsRange), @flanking. */
void         _wb_bs_fire_shifts     (BsData *data, WbMatch *m, const guint *firers, guint n_firers,
                                     const guint8 *range_of, WbOffset target, const BsLos *los,
                                     gboolean flanking, BsShifts *out);
/* The Close Combat shifts (excl. 11.0c i-xxii): @assault the units of the
 * Assaulting Hex, @flank those of the Flanking Hexes, the defenders at
 * @target; @charge: the Lead attacker made a Charge Move. */
void         _wb_bs_close_shifts    (BsData *data, WbMatch *m, const guint *assault, guint n_assault,
                                     const guint *flank, guint n_flank, WbOffset target, gboolean charge,
                                     BsShifts *out);
/* Whether @u may fire at @target now (9.1: LOS, range, overhead fire;
 * not whether it fired already): the range band in *range, the LOS in
 * *los; FALSE with a reason (translated, static) in *why. */
gboolean     _wb_bs_can_fire        (BsData *data, WbMatch *m, guint u, WbOffset target, gboolean defensive,
                                     int *range, BsLos *los, const char **why);

/* ---- wb-bs-move.c: movement, stacking, engagement, retreats (3.0, 10.0, 12.3) ---- */

gboolean     _wb_bs_move_compile    (BsData *data, const WbParams *params, GError **error);
void         _wb_bs_move_free       (BsMove *move);

/* The SP unit @u counts for stacking (3.1: printed SP; artillery through
 * the Artillery Stacking Table; pioneers and markers 0), in halves. */
int          _wb_bs_stack_halves    (BsData *data, WbMatch *m, guint u);
/* What the units of @side at @hex count, @skip (an index, or -1) left out. */
int          _wb_bs_hex_stack       (BsData *data, WbMatch *m, WbOffset hex, int skip);
gboolean     _wb_bs_enemy_at        (BsData *data, WbMatch *m, guint side, WbOffset hex);
/* Whether an enemy of @side is within @range hexes of @hex (1: adjacent). */
gboolean     _wb_bs_enemy_within    (BsData *data, WbMatch *m, guint side, WbOffset hex, int range);
/* 10.6: infantry and cavalry adjacent to an enemy, artillery within
 * artillery_engagement_range. */
gboolean     _wb_bs_engaged         (BsData *data, WbMatch *m, guint u);
/* The Movement Allowance of @u under @order (8.2-8.5, 10.2; artillery:
 * artillery_movement), quarter MP. */
int          _wb_bs_allowance       (BsData *data, WbMatch *m, guint u, const char *order);
/* Where @u may move now with @left quarter MP (WbDestination, costs in
 * quarter MP; NULL when nowhere): terrain and roads (10.3, 10.5), the
 * March Column rate when @march, stacking at the end (3.1) and along
 * roads (10.5b), no entering an enemy's hex, a move ending on entering a
 * hex next to an enemy (engagement, 10.6), none into one at all unless
 * @may_engage, artillery never closer to the enemy once Engaged, one hex
 * always (10.3). */
GArray      *_wb_bs_reach           (BsData *data, WbMatch *m, guint u, int left, gboolean march,
                                     gboolean may_engage);
/* The hexes of the move of @u to @to found by the last search, from the
 * first hex after its place (WbOffset, transfer full), NULL when @to was
 * not reached. */
GArray      *_wb_bs_reach_path      (BsData *data, WbMatch *m, guint u, WbOffset to);

/* 12.3: the retreat of @u by @hexes, away from @causers (unit indexes of
 * the units that caused it): the hexes in order (the last: where it ends)
 * or where it goes instead. */
typedef enum {
  BS_RETREAT_DONE,
  BS_RETREAT_BROKEN3,      /* no retreat meets the first requirements: Broken Box 3 */
  BS_RETREAT_OFF_MAP,      /* off the map: Broken Box 1 */
  BS_RETREAT_ELIMINATED,   /* artillery or Fragile unit that cannot retreat */
} BsRetreatEnd;
#define BS_MAX_RETREAT 16
typedef struct {
  guint8   end;            /* BsRetreatEnd */
  guint8   n;
  WbOffset hex[BS_MAX_RETREAT];
} BsRetreat;
void         _wb_bs_retreat         (BsData *data, WbMatch *m, guint u, int hexes, const guint *causers,
                                     guint n_causers, BsRetreat *out);
/* 13.2b: the hexes a unit of @side rebuilt from the Available box may be
 * placed in (at least rally_enemy_distance from the enemy, within 3 of
 * a unit of @brigade, else of its division, else of its side); transfer
 * full, sorted, NULL when none. */
GArray      *_wb_bs_rebuild_hexes   (BsData *data, WbMatch *m, guint u);

/* ---- wb-bs-fight.c: Fire and Close Combat on the map (9.0, 11.0, 12.0) ---- */

/* An action being applied: its dice are taken in order, and its answers
 * for the unknown cells ("result", "results") in order. */
typedef struct {
  BsData        *data;
  WbMatch       *m;
  JsonObject    *action;
  WbRuleContext *ctx;
  guint          die;
  guint          result;
} BsAct;

typedef enum {
  BS_FIRE_NORMAL,        /* a Fire Combat Step or an Artillery Step */
  BS_FIRE_OPPORTUNITY,   /* 10.7: halved, the mover the Lead Unit */
  BS_FIRE_DEFENSIVE,     /* 11.3a: from the attacked hex, on C at worst */
  BS_FIRE_SUPPORTING,    /* 11.3a: halved */
} BsFirePurpose;

/* @firers (unit indexes, one side) fire at @target (every unit there, or
 * only unit @only when >= 0: Opportunity Fire's mover); the results
 * applied on the map and logged. With ctx->preview, only describes it. */
gboolean     _wb_bs_fire            (BsAct *a, const guint *firers, guint n_firers, WbOffset target,
                                     BsFirePurpose purpose, int only, GError **error);

typedef struct {
  gboolean vacated;      /* the target hex emptied of the enemy (12.7) */
  guint8   advance;      /* hexes the victors may advance: 0, 1 or 2 */
} BsCloseOutcome;

/* @attackers (next to @target, one side) attack it in Close Combat:
 * Defensive Fire, the Assaulting Hex, the CRT, the Close Combat Cohesion
 * Test, Panic, retreats; with ctx->preview, only describes it. */
gboolean     _wb_bs_close           (BsAct *a, const guint *attackers, guint n_attackers, WbOffset target,
                                     BsCloseOutcome *out, GError **error);

/* ---- wb-bs-activation.c: the Brigade Activation's steps and the Artillery Steps on the map ---- */

/* After the order (8.1) or a Limited Activation (7.3): the first step the
 * order allows, its units' step flags cleared. */
void         _wb_bs_begin_steps     (BsData *data, WbMatch *m, WbRuleContext *ctx);
/* The map steps' actions (fire, move, close_combat, advance, rally and
 * end_step in those steps); WB_APPLY_NOT_MINE for the others. */
WbApplyResult _wb_bs_map_apply      (BsData *data, WbMatch *m, const char *type, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* 6.1: the artillery of @hex is activated: its units act one by one. */
void         _wb_bs_begin_art_hex   (BsData *data, WbMatch *m, WbOffset hex, WbRuleContext *ctx);
/* 6.4: after the Artillery Steps. */
void         _wb_bs_enter_art_rally (BsData *data, WbMatch *m, WbRuleContext *ctx);
const char  *_wb_bs_map_describe    (WbMatch *m);
const char  *_wb_bs_map_awaiting    (WbMatch *m);
const char  *_wb_bs_map_hint        (WbMatch *m);
/* Whether unit @i is of the brigade being activated. */
gboolean     _wb_bs_in_brigade      (BsData *data, WbMatch *m, guint i);
/* 13.1 (and 6.4 in the Artillery Rally Step): whether @i may rally now,
 * and how; @why says why not when it can. */
gboolean     _wb_bs_may_rally       (BsData *data, WbMatch *m, guint i, gboolean *recover, gboolean *rebuild,
                                     const char **why);
/* The quarter MP @i has left this step, and whether it moves at the March
 * Column rate and may become Engaged. */
int          _wb_bs_mp_left         (BsData *data, WbMatch *m, guint i, gboolean *march, gboolean *may_engage);
/* What moving @i to @to costs now (quarter MP), -1 when it may not. */
int          _wb_bs_move_cost       (BsData *data, WbMatch *m, guint i, WbOffset to);
/* The order the acting brigade was given, or NULL (a Limited Activation). */
const char  *_wb_bs_acting_order    (BsData *data, WbMatch *m);

/* wb-bs.c, for the map steps */
void         _wb_bs_activation_done (BsData *data, WbMatch *m, WbRuleContext *ctx);
void         _wb_bs_artillery_next  (BsData *data, WbMatch *m, WbRuleContext *ctx);
void         _wb_bs_after_artillery (BsData *data, WbMatch *m, WbRuleContext *ctx);

/* wb-bs-steps-map.c: the play UI's steps on the map */
void         _wb_bs_map_step        (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject  *_wb_bs_map_step_action (BsData *data, WbMatch *m, const WbPicks *picks);
/* Where unit @id may move now (WbDestination, quarter MP), NULL when it may not. */
GArray      *_wb_bs_destinations    (gpointer data, WbMatch *m, const char *id);

/* wb-bs-auto-map.c: the automatic player on the map */
JsonObject  *_wb_bs_map_suggest     (BsData *data, WbMatch *m, WbRng *rng);

/* ---- wb-bs-scenario.c: the scenario's rules (excl. 17.1-17.6) ---- */

gboolean     _wb_bs_scenario_compile (BsData *data, const WbParams *params, GError **error);
void         _wb_bs_scenario_free   (BsScenario *sc);
/* Whether unit @unit may not move (or, @fire, fire) yet (excl. 17.1e, 17.3f, 17.4f). */
gboolean     _wb_bs_restricted      (BsData *data, WbMatch *m, guint unit, gboolean fire);
/* Frees the restricted units whose condition holds now (after each action). */
void         _wb_bs_check_releases  (BsData *data, WbMatch *m, WbRuleContext *ctx);
/* @unit was fired upon (excl. 17.1e). */
void         _wb_bs_fired_upon      (BsData *data, WbMatch *m, guint unit, WbRuleContext *ctx);
/* Whether @side's units enter entry_table terrain without rolling this turn (excl. 17.6h). */
gboolean     _wb_bs_entry_exempt    (BsData *data, WbMatch *m, guint side);
/* The control of the control_feature's hexes (at the start, and each End Turn Phase). */
void         _wb_bs_update_control  (BsData *data, WbMatch *m, gboolean at_start);
int          _wb_bs_controls        (BsData *data, WbMatch *m, guint side);
gboolean     _wb_bs_has_levels      (BsData *data);
/* Units drawn from a box to arrive later, when their trigger happens (after each action). */
void         _wb_bs_check_arrivals  (BsData *data, WbMatch *m, WbRuleContext *ctx);
/* The hex unit @unit, drawn from its set-up box, arrives at; FALSE for a unit of no such box. */
gboolean     _wb_bs_arrival_hex     (BsData *data, WbMatch *m, guint unit, WbOffset *hex);
/* The end-of-game VP and the Victory Level (14.5, excl. 17.1f-17.6k). */
void         _wb_bs_final_victory   (BsData *data, WbMatch *m, WbRuleContext *ctx);

/* ---- wb-bs-fog.c: the Fog of War's results (7.3b, excl. 7.3b) ---- */

typedef enum {
  BS_FOG_CHAOS,
  BS_FOG_WAYWARD,
  BS_FOG_CASUALTY,
} BsFogEffect;

gboolean     _wb_bs_fog_compile     (BsData *data, const WbParams *params, GError **error);
void         _wb_bs_fog_free        (BsFog *fog);
/* Plays the Fog of War result @code: TRUE when it waits for the opposing
 * player's choice (BS_CHAOS, BS_WAYWARD), FALSE when it is over (logged). */
gboolean     _wb_bs_fog_result      (BsData *data, WbMatch *m, const char *code, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
WbApplyResult _wb_bs_fog_apply      (BsData *data, WbMatch *m, const char *type, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* Battlefield Chaos ends for units that left its hex, and at the end of the turn. */
void         _wb_bs_chaos_update    (BsData *data, WbMatch *m, gboolean end_of_turn);
void         _wb_bs_fog_step        (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject  *_wb_bs_fog_step_action (BsData *data, WbMatch *m, const WbPicks *picks);
JsonObject  *_wb_bs_fog_suggest     (BsData *data, WbMatch *m, WbRng *rng);
/* wb-bs.c: the chit is done with, the next one is drawn. */
void         _wb_bs_fog_finished    (BsData *data, WbMatch *m, WbRuleContext *ctx);

/* ---- wb-bs-events.c: the Events whose effect is data (the chit's effect) ---- */

/* Plays Event @c's effect (played in step @resume): TRUE when it waits for
 * its hex (BS_EVENT_HEX), FALSE when done (logged). */
gboolean     _wb_bs_event_play      (BsData *data, WbMatch *m, guint c, guint8 resume, WbRuleContext *ctx);
WbApplyResult _wb_bs_event_apply    (BsData *data, WbMatch *m, const char *type, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* The shifts of the Events in force on a fire or Close Combat at @target
 * (the attacker's side for Close Combat, else -1). */
void         _wb_bs_event_shifts    (BsData *data, WbMatch *m, WbBsCombatKind kind, WbOffset target,
                                     int attacker_side, BsShifts *out);
void         _wb_bs_events_close_done (BsData *data, WbMatch *m, guint side);
void         _wb_bs_events_end_turn (BsData *data, WbMatch *m);
void         _wb_bs_event_step      (BsData *data, WbMatch *m, WbStep *step);
JsonObject  *_wb_bs_event_step_action (BsData *data, WbMatch *m, const WbPicks *picks);
JsonObject  *_wb_bs_event_suggest   (BsData *data, WbMatch *m);
/* wb-bs.c: the flow goes on after the Event placed. */
void         _wb_bs_event_resume    (BsData *data, WbMatch *m, guint8 resume, WbRuleContext *ctx);

/* wb-bs-reinforce.c: 10.11 */
gboolean     _wb_bs_due             (WbMatch *m, const WbUnitState *u);
void         _wb_bs_arrive          (BsData *data, WbMatch *m, WbUnitState *u, WbRuleContext *ctx);
void         _wb_bs_enter_reinforcements (BsData *data, WbMatch *m, guint b, WbRuleContext *ctx);

/* wb-bs-words.c: the step's words, the badges, the restricted units' refusal */
char        *_wb_bs_describe_step   (gpointer data, WbMatch *m);
const char  *_wb_bs_awaiting        (gpointer data, WbMatch *m);
const char  *_wb_bs_hint            (gpointer data, WbMatch *m);
void         _wb_bs_refresh_badges  (BsData *data, WbMatch *m);
gboolean     _wb_bs_restricted_ok   (BsData *data, WbMatch *m, JsonObject *action, const char *type,
                                     WbRuleContext *ctx, GError **error);

/* wb-bs-auto.c */
JsonObject  *_wb_bs_suggest         (BsData *data, WbMatch *m, WbRng *rng);

/* wb-bs-steps.c */
void         _wb_bs_step            (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject  *_wb_bs_step_action     (BsData *data, WbMatch *m, const WbPicks *picks);
WbBoard     *_wb_bs_board           (BsData *data, WbMatch *m);

/* ---- wb-bs-exclusive.c: the rules around movement (excl. 2.1a, 2.10h-k,
 * 15.0; series 6.5a, 10.8-10.10, 10.12, 14.4) ---- */

/* A unit's data[BS_DATA_EXCL] bits. */
#define BS_DATA_EXCL        2
#define BS_EX_MAY_PIONEER   1u   /* began this Full Activation in or next to Fallen Timber (excl. 2.1a) */
#define BS_EX_REMOVAL       2u   /* a pioneer on its Removal side (excl. 14.4) */
#define BS_EX_MODE_CHANGED  4u   /* mounted or dismounted in this Movement Step (10.9) */
#define BS_EX_CLIMBED       8u   /* artillery that moved up a Steep Slope this move (6.5a) */

/* What waits for Opportunity Fire with BsState.mover (BsState.pending). */
typedef enum {
  BS_PENDING_MOVE,
  BS_PENDING_MOUNT,
  BS_PENDING_DISMOUNT,
  BS_PENDING_OFF_MAP,      /* 10.12 */
} BsPending;

/* BsState.go: the move's choices. */
#define BS_GO_STAY   1u   /* excl. 2.10h: on a 3-4 of the Bayou Entry Table, stay out */
#define BS_GO_CHARGE 2u   /* 10.10: a Charge Move */

/* A move's way: the hexes entered after the unit's own, the quarter MP
 * spent on reaching each, and which were entered at a road rate. */
#define BS_MAX_PATH 24
typedef struct {
  guint8   n;
  guint32  road;           /* bit k: hex[k] entered at a road or March Column rate */
  gint16   cost[BS_MAX_PATH];
  WbOffset hex[BS_MAX_PATH];
} BsPath;
G_STATIC_ASSERT (BS_MAX_PATH == G_N_ELEMENTS (((BsState *) 0)->path));

/* The game's data the rules read by name until rules.params says it (the
 * report of issue 17's movement rules): the Fallen Timber markers'
 * features, the hexside artillery climbs by 6.5a, the cavalry attribute
 * of 10.9. */

/* The last reach's way to @to for @u into @path; FALSE when not reached
 * (wb-bs-move.c). */
gboolean     _wb_bs_reach_way       (BsData *data, WbMatch *m, guint u, WbOffset to, BsPath *path);
/* 15.3: where the skirmisher @u withdraws to from @mover (BsRetreat:
 * DONE with its hexes, or BROKEN3 when it cannot: Broken Box 1). */
void         _wb_bs_skirmish_withdrawal (BsData *data, WbMatch *m, guint u, guint mover, BsRetreat *out);
/* 10.8: whether mounted cavalry @u may withdraw into @to: next to it, a
 * hex it may enter and stop in mounted, no enemy, not over-stacked. */
gboolean     _wb_bs_cavalry_may_enter (BsData *data, WbMatch *m, guint u, WbOffset to);
/* 10.9: whether cavalry @u may mount where it is (terrain a mounted unit
 * may stop in, 3.1b's stacking). */
gboolean     _wb_bs_mounted_may_stand (BsData *data, WbMatch *m, guint u);

/* The move of @i along @path (Opportunity Fire done): the Bayou Entry
 * Table and the Cohesion Checks on entering (excl. 2.10h, j, k), pioneers
 * removed (2.1a), the skirmishers' withdrawal (15.3), the Morale Hit of
 * 6.5a, a Charge marked (10.10); then 10.8's reaction step when due. */
gboolean     _wb_bs_walk            (BsAct *a, guint i, const BsPath *path, guint go, GError **error);
/* After Opportunity Fire (or none): mounting, dismounting, moving off
 * the map (10.9, 10.12). */
gboolean     _wb_bs_excl_finish     (BsAct *a, guint i, BsPending what);
/* Excl. 2.10h, j: infantry entering @hex by a retreat takes a Cohesion
 * Check (wb-bs-fight.c's retreats). */
gboolean     _wb_bs_retreat_entry   (BsAct *a, guint i, WbOffset hex, GError **error);
/* The Cohesion Check (excl. 2.10h, j): one die over the modified CR is a
 * Morale Hit, a Disrupted unit then takes a Break Test. */
gboolean     _wb_bs_cohesion_check  (BsAct *a, guint i, GError **error);
/* wb-bs-activation.c: 10.7 for the Movement Step's other actions: whether
 * an enemy may give @i Opportunity Fire, and waiting for it (@what: a
 * BsPending, its MP paid by the caller). */
gboolean     _wb_bs_opportunity     (BsData *data, WbMatch *m, guint i);
void         _wb_bs_await_opfire    (BsData *data, WbMatch *m, guint i, BsPending what, WbRuleContext *ctx);
/* 10.10 a)-g): why @i may not charge along @path (translated), NULL when it may. */
const char  *_wb_bs_charge_refusal  (BsData *data, WbMatch *m, guint i, const BsPath *path);
/* The new actions of the Movement Step and the reaction steps: skirmish,
 * mount, dismount, withdraw, pioneer; withdraw and end_step in
 * BS_WITHDRAW; WB_APPLY_NOT_MINE for the others. */
WbApplyResult _wb_bs_excl_apply     (BsData *data, WbMatch *m, const char *type, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* After each map action: pioneers with no friendly infantry in or next to
 * their hex are removed (excl. 2.1a). */
void         _wb_bs_pioneers_check  (BsData *data, WbMatch *m, WbRuleContext *ctx);
/* At the start of a Full Activation: who may place a pioneer (excl. 2.1a). */
void         _wb_bs_excl_begin      (BsData *data, WbMatch *m);
/* The End Turn Phase's Fallen Timber Reduction (excl. 14.4): the lead
 * calls it. */
void         _wb_bs_fallen_timber_reduction (BsData *data, WbMatch *m, WbRuleContext *ctx);
/* Excl. 15.0: the side's units in Skirmish Order; 15.1's limits. */
guint        _wb_bs_skirmishers     (BsData *data, WbMatch *m, guint side);
/* The MP a Skirmish Order change, a mounting and an off-map withdrawal
 * cost (quarter MP), and how many skirmishers a side may have. */
int          _wb_bs_excl_param      (BsData *data, const char *name);
/* Whether @i may do @type ("skirmish", "mount", "dismount", "withdraw",
 * "pioneer") now, for the play UI's buttons (@hex: the pioneer's). */
gboolean     _wb_bs_excl_may        (BsData *data, WbMatch *m, guint i, const char *type, WbOffset *hex);
/* Whether a charged unit of the active brigade has not attacked yet (10.10). */
int          _wb_bs_charge_owed     (BsData *data, WbMatch *m);

/* ---- bs-series: the series rules played on the map (12.7 in full, 10.7
 * second paragraph, 11.3b, 13.2b's displacement, 6.4, the Rebuild
 * Option) ---- */

/* A unit's data[BS_DATA_SERIES]: the turn (<< 8) in whose Artillery Steps
 * it retreated or was flipped to Battleworn (6.4), and bits. */
#define BS_DATA_SERIES      3
#define BS_SR_WITHDREW      1u   /* 11.3b: withdrew instead of giving Defensive Fire in this Close Combat */
#define BS_SR_TURN_SHIFT    8
/* 11.3b: whether the mounted cavalry @u attacked at its hex by the
 * attackers of BsState.cc_units may withdraw into @to (NULL: anywhere):
 * one hex farther from an attacking infantry unit, a hex it may enter
 * mounted (wb-bs-exclusive.c). */
gboolean     _wb_bs_cc_may_withdraw (BsData *data, WbMatch *m, guint u, const WbOffset *to);
/* 11.3b: the Close Combat waiting for the cavalry's withdrawal goes on
 * (the dice are @action's) or, the hex emptied, ends in an advance
 * (wb-bs-activation.c). */
gboolean     _wb_bs_close_resume    (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx,
                                     GError **error);
/* Whether @u may step from @from (its hex for this test) into the
 * adjacent @to: terrain, the Bayou bars, no enemy, stacking for itself
 * (wb-bs-activation.c; 12.7's second hex, 13.2b's displacement). */
gboolean     _wb_bs_may_step        (BsData *data, WbMatch *m, guint u, WbOffset from, WbOffset to);
/* ---- wb-bs-pontoon.c: Pontoon Bridges (excl. 2.1b, 17.6g) ---- */

/* What BS_PONTOON waits for (BsState.pt_phase). */
typedef enum {
  BS_PT_PLACE,     /* the bridge's side places it (17.6g) */
  BS_PT_ROLL,      /* the other side rolls on the placement table (Patterson Gets Lost) */
  BS_PT_MOVE,      /* the other side moves it to another hex of the terrain nearby */
  BS_PT_REPAIR,    /* the start of the Artillery Phase: its side may roll to repair it */
} BsPontoonPhase;

/* bs_start, after the first step is set: the scenario's bridges
 * (rules.params pontoon_bridges) found; those its set-up leaves in a box
 * are placed before the game begins (BS_PONTOON, then back to that step). */
void         _wb_bs_pontoon_start   (BsData *data, WbMatch *m);
/* enter_artillery, its units ready: TRUE when a damaged bridge's side may
 * roll to repair it first (BS_PONTOON); the Artillery Steps then begin. */
gboolean     _wb_bs_pontoon_artillery (BsData *data, WbMatch *m, WbRuleContext *ctx);
/* Whether an undamaged bridge is at @hex (2.1b: 1 MP, no Bayou roll). */
gboolean     _wb_bs_pontoon_open    (BsData *data, WbMatch *m, WbOffset hex);
/* The actions of BS_PONTOON (place, roll, repair, end_step) and
 * fire_pontoon in an Artillery Step; WB_APPLY_NOT_MINE for the others. */
WbApplyResult _wb_bs_pontoon_apply  (BsData *data, WbMatch *m, const char *type, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
void         _wb_bs_pontoon_step    (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject  *_wb_bs_pontoon_step_action (BsData *data, WbMatch *m, const WbPicks *picks);
/* An Artillery Step's buttons: fire at a bridge in range. */
void         _wb_bs_pontoon_buttons (BsData *data, WbMatch *m, WbStep *step);
/* The automatic player's answer in BS_PONTOON, or its fire at a bridge
 * in the Artillery Phase; NULL when it has none. */
JsonObject  *_wb_bs_pontoon_suggest (BsData *data, WbMatch *m, WbRng *rng);
const char  *_wb_bs_pontoon_describe (WbMatch *m);
const char  *_wb_bs_pontoon_awaiting (WbMatch *m);
const char  *_wb_bs_pontoon_hint    (WbMatch *m);

G_END_DECLS
