/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The Columbia block family (Shenandoah: Jackson's Valley Campaign and
 * the system's other games): shared between its files. Rules are quoted
 * by the Shenandoah rulebook's sections ("5.13"); docs/rules-engine.md
 * describes the state layout. */

#include "wb-point-map.h"
#include "rules/wb-family.h"
#include "rules/columbia/wb-col-battle.h"

G_BEGIN_DECLS

#define WB_COL_N_PARAMS 27
extern const WbParam _wb_col_params[WB_COL_N_PARAMS];

/* The sequence of play (2.0): one step each, Player 1 before Player 2. */
enum {
  COL_INITIATIVE,      /* 2.1 */
  COL_MOVE_1,          /* 2.2, 5.0: Player 1 */
  COL_MOVE_2,          /* Player 2 */
  COL_BATTLE,          /* 2.3, 6.0 */
  COL_SUPPLY_1,        /* 2.4, 7.0: Player 1 */
  COL_SUPPLY_2,        /* Player 2 */
  COL_N_STEPS,
};

/* Unit flags (WbUnitState.flags); WB_UNIT_MOVED is a block turned face
 * down after its move (5.2). */
enum {
  COL_ACTIVE    = WB_UNIT_FAMILY_FLAG << 0,  /* an HQ activated this player turn (5.1) */
  COL_STRAGGLER = WB_UNIT_FAMILY_FLAG << 1,  /* moved without command: rolls after movement (5.13) */
  COL_ATTACKER  = WB_UNIT_FAMILY_FLAG << 2,  /* entered an enemy or contested town (6.0, 6.5) */
  COL_PINNED    = WB_UNIT_FAMILY_FLAG << 3,  /* pinned by Player 1's attackers (5.4) */
  COL_RAIL      = WB_UNIT_FAMILY_FLAG << 4,  /* moved by rail (5.6) */
  COL_SUPPLIED  = WB_UNIT_FAMILY_FLAG << 5,  /* took its step this Supply Phase (7.1) */
  COL_OFF_BOARD_ONCE = WB_UNIT_FAMILY_FLAG << 6,  /* came back onto the map: no VP, no leaving (8.1) */
  COL_REINFORCE = WB_UNIT_FAMILY_FLAG << 7,  /* joined a battle already there: a reinforcement (6.5) */
  COL_STACKED   = WB_UNIT_FAMILY_FLAG << 14, /* lost its step to stacking this Supply Phase (3.3) */
};

/* Unit data (WbUnitState.data), by index. */
enum {
  COL_DATA_FROM,       /* the town it started its move from this player turn: index + 1 */
  COL_DATA_CONN,       /* the connection it entered its town by: index + 1 (the battle's road) */
  COL_N_DATA,
};
G_STATIC_ASSERT (COL_N_DATA <= G_N_ELEMENTS (((WbUnitState *) NULL)->data));

/* Role bits of a unit class (4.2, 4.3). */
enum {
  COL_HQ         = 1 << 0,
  COL_INFANTRY   = 1 << 1,
  COL_CAVALRY    = 1 << 2,
  COL_ARTILLERY  = 1 << 3,
  COL_DETACHMENT = 1 << 4,
};

/* Road roles, the index of a limit (3.4). */
typedef enum {
  COL_PIKE,
  COL_ROAD,
  COL_TRAIL,
  COL_FERRY,
  COL_RAILWAY,
  COL_GAP,
  COL_N_ROADS,
} ColRoad;

#define COL_MAX_CONN    1024
#define COL_MAX_BATTLES 32

/* A battle movement created (6.0): the contested town, the side that
 * attacked it, the roads the attack and the reinforcements came by. */
typedef struct {
  gint16  loc;          /* location index + 1; 0: none */
  guint8  attacker;     /* side index */
  guint8  by_player;    /* the player (1 or 2) whose move made it */
  gint16  main_conn;    /* the main attack's road: connection index + 1 (6.5) */
  gint16  response_conn;/* the defender's first declared road + 1 (6.51) */
} ColBattle;

/* The Battle Phase (6.0–6.8): what it waits for. */
enum {
  COL_BP_PICK,          /* Player 1 picks the next battle (6.1) */
  COL_BP_MAIN,          /* the attacker declares its main attack's road (6.5) */
  COL_BP_RESPONSE,      /* the defender declares its reinforcements' road (6.51) */
  COL_BP_FIGHT,         /* the battle engine waits for a block's turn or a hit's owner */
  COL_BP_REGROUP,       /* the victor regroups, then ends the regroup (6.8) */
};

/* The battle being fought: its town, its roads (the engine's road ids:
 * the connections out of the town, and the town at each one's end), the
 * victor's regroups per road and the engine's state. */
typedef struct {
  guint8      stage;                                   /* COL_BP_* */
  gint8       battle;                                  /* index in ColState.battles, or -1 */
  gint16      loc;                                     /* the battle's town */
  gint16      road_conn[WB_COL_BATTLE_MAX_ROADS];
  gint16      road_to[WB_COL_BATTLE_MAX_ROADS];
  guint8      regrouped[WB_COL_BATTLE_MAX_ROADS];
  WbColBattle engine;
} ColFight;

/* The family's state of a match (WbMatch.fstate): plain data, copied byte
 * for byte with the match. Road usage is per road section (connection) for
 * the player turn being played (5.21): both players get the maximum. */
typedef struct {
  guint8    moved[COL_MAX_CONN];       /* blocks that moved along it this player turn */
  guint8    attacked[COL_MAX_CONN];    /* blocks that attacked or reinforced along it */
  int       initiative[2];             /* this turn's rolls per side (0: none, turn 1) */
  int       sp[2];                     /* Supply Points left this Supply Phase */
  int       vp_halves[2];              /* eliminations' VP, in halves (8.0: ½ VP detachments) */
  int       deployed[2];               /* detachments deployed this Supply Phase */
  guint     n_battles;
  ColBattle battles[COL_MAX_BATTLES];
  ColFight  fight;
} ColState;

static inline ColState *
col_state (WbMatch *m)
{
  if (G_LIKELY (m->fstate_size >= sizeof (ColState)))
    return (ColState *) m->fstate;
  return wb_match_family_state (m, sizeof (ColState));
}

typedef struct {
  int      to;         /* location index */
  int      conn;       /* connection index */
  int      move, attack;   /* limits (3.4, 6.2; the gap's when lower, 3.7) */
  gboolean rail;       /* a rail-move line (5.6) */
  gboolean stack;      /* pike or railway: stacking +2 (3.3) */
  gboolean gap;        /* crosses a gap (7.32) */
  guint    good_gap;   /* bit per side: every gap on it is good supply for the side */
} ColEdge;

typedef struct {
  WbGame     *game;
  WbPointMap *map;
  const char *scenario;
  guint       n_loc;
  GPtrArray  *locs;            /* WbLocation* */
  GHashTable *loc_index;       /* interned id → index + 1 */
  GArray    **adj;             /* per location: ColEdge */
  guint       n_conn;
  guint8     *stack_town;      /* per location: on a pike or railway */
  gint8      *home;            /* per major town: the side it is friendly to when vacant (3.21), else -1 */
  /* per unit of the game, by its index in the match */
  guint      *roles;           /* COL_* role bits */
  guint      *det_type;        /* detachments: the role bit of their "type" attribute (infantry,
                                * cavalry, artillery), else 0 (the Detachments sidebar) */
  const char **division;       /* interned formation id (echelon division) or NULL */
  gboolean   *is_static;       /* 4.4 */
  int        *base;            /* supply base location index, or -1 */
  GPtrArray  *army[2];         /* unit indices (int as pointer + 1): army commanders by seniority */
  int         move_towns, attack_towns, command_range, hq_cost;
  int         straggle_towns, straggle_lose;
  int         stack_base, stack_plus, stack_loss;
  int         init_dice;
  guint       tie_side, first_turn_side;
  int         sp[2];
  int         steps_per_block, cost_good, cost_bad;
  guint       rail_sides;
  double      vp_block, vp_hq, vp_det, vp_hq_det, vp_off;
  const char *pool[2];         /* interned box ids */
  int         dets_per_phase;
  const char *off_formation;   /* interned, or NULL */
  int         off_loc;
  int         off_map;         /* location index, or -1 */
  int         off_exit_before, off_return_after, off_attack_limit;
} ColData;

gboolean     _wb_col_fail      (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
int          _wb_col_loc       (ColData *data, const WbWhere *where);
int          _wb_col_loc_id    (ColData *data, const char *id);
const char  *_wb_col_loc_name  (ColData *data, int loc);
int          _wb_col_unit_index (WbMatch *m, const WbUnitState *u);
const char  *_wb_col_unit_name (ColData *data, const WbUnitState *u);
/* Town control (3.2): the side whose blocks alone are there, -1 neutral
 * or contested (@contested set). Vacant major towns belong to their side. */
int          _wb_col_control   (ColData *data, WbMatch *m, int loc, gboolean *contested);
const ColEdge *_wb_col_edge    (ColData *data, int from, int to);
int          _wb_col_strength  (const WbUnitState *u);
/* Steps: one down (FALSE when the block is eliminated) or one up. */
gboolean     _wb_col_reduce    (ColData *data, WbMatch *m, WbUnitState *u, WbRuleContext *ctx);
gboolean     _wb_col_raise     (ColData *data, WbMatch *m, WbUnitState *u);
gboolean     _wb_col_can_raise (ColData *data, WbMatch *m, const WbUnitState *u);
/* A step down that does not eliminate the block. */
gboolean     _wb_col_can_reduce (ColData *data, WbMatch *m, const WbUnitState *u);

/* wb-col-move.c */
WbApplyResult _wb_col_activate (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
WbApplyResult _wb_col_move     (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
gboolean      _wb_col_end_movement (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx,
                                    GError **error);
void          _wb_col_start_movement (ColData *data, WbMatch *m);
gboolean      _wb_col_commanded (ColData *data, WbMatch *m, const WbUnitState *u);
GArray       *_wb_col_destinations (ColData *data, WbMatch *m, const char *unit);
/* How @u would reach @to now: through @via (-1: none), or by @rail;
 * FALSE when it cannot (the destinations' own search). */
gboolean      _wb_col_way      (ColData *data, WbMatch *m, const WbUnitState *u, int to, int *via, gboolean *rail);
/* The towns after @from along @side's rail move to @to, -1 ended
 * (transfer full), or NULL. */
int          *_wb_col_rail_path (ColData *data, WbMatch *m, int from, int to, guint side);

/* wb-col-steps.c: the play UI's steps (rules/wb-step.h). */
void          _wb_col_step     (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
/* The board of the blocks the owner picks from (5.4 pinned, 3.3 stacking
 * losses), or NULL. */
WbBoard      *_wb_col_choose_board (ColData *data, WbMatch *m);
JsonObject   *_wb_col_step_action (ColData *data, WbMatch *m, const WbPicks *picks);
GArray       *_wb_col_route    (ColData *data, WbMatch *m, const char *unit, const WbWhere *to);
/* 5.4: the town where Player 2 must choose the blocks Player 1's @n
 * attackers pin (fewer attackers than defenders), or -1. */
int           _wb_col_pin_due  (ColData *data, WbMatch *m, int *n);
WbApplyResult _wb_col_pin      (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);

/* wb-col-supply.c */
void          _wb_col_begin_supply (ColData *data, WbMatch *m, WbRuleContext *ctx);
WbApplyResult _wb_col_supply   (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
WbApplyResult _wb_col_deploy   (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
/* The Detachments sidebar (the scenario option "detachments-optional"):
 * a brigade reduced a step for a detachment of its division and type from
 * the pool, and a detachment merged back into such a brigade. */
WbApplyResult _wb_col_create_detachment (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx,
                                         GError **error);
WbApplyResult _wb_col_merge    (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
#define COL_OPTION_DETACHMENTS "detachments-optional"
/* 3.3: the town where the supplying player must choose the @over blocks
 * that lose a step to stacking, or -1. */
int           _wb_col_stack_due (ColData *data, WbMatch *m, int *over);
int           _wb_col_stack_limit (ColData *data, int loc);
WbApplyResult _wb_col_stack_loss (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
/* The blocks of @action's "units" (a list of distinct ids of the active
 * side's blocks at @loc, @n of them) as unit indices; FALSE with @error. */
gboolean      _wb_col_read_units (ColData *data, WbMatch *m, JsonObject *action, int loc, int n, int *out,
                                  GError **error);
/* 7.3: the block's supply: 0 none, 1 bad (through a gap), 2 good. */
int           _wb_col_supply_of (ColData *data, WbMatch *m, const WbUnitState *u);
void          _wb_col_final_victory (ColData *data, WbMatch *m, WbRuleContext *ctx);

const WbRulesFamily *wb_col_family (void);

/* wb-col-battles.c: the Battle Phase (6.0–6.8) */
/* Starts the next battle, or asks Player 1 for it; TRUE when none is left. */
gboolean      _wb_col_next_battle (ColData *data, WbMatch *m, WbRuleContext *ctx);
WbApplyResult _wb_col_battle_apply (ColData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error);
const char   *_wb_col_battle_awaiting (WbMatch *m);
const char   *_wb_col_battle_hint (WbMatch *m);
JsonObject   *_wb_col_battle_suggest (ColData *data, WbMatch *m, WbRng *rng);
/* wb-col-battle-steps.c: the Battle Phase in the play UI (rules/wb-step.h).
 * TRUE when the match is in the Battle Phase and @step is filled. */
gboolean      _wb_col_battle_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject   *_wb_col_battle_step_action (ColData *data, WbMatch *m, const WbPicks *picks);
/* The battle being fought (or regrouped after) as a board, or NULL. */
WbBoard      *_wb_col_board (ColData *data, WbMatch *m);
/* wb-col.c: the Battle Phase is over: on to the Supply Phase. */
void          _wb_col_end_battle_phase (ColData *data, WbMatch *m, WbRuleContext *ctx);

/* wb-col-steps.c: the turn bar's tracks: the initiative rolls, the
 * Supply Points left in a Supply Phase. */
void          _wb_col_tracks (gpointer data, WbMatch *m, GPtrArray *tracks);

/* wb-col-auto.c */
JsonObject   *_wb_col_suggest  (ColData *data, WbMatch *m, WbRng *rng);

G_END_DECLS
