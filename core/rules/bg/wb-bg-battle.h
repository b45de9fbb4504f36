/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The Blue & Gray Campaign Series battle board (base rules 11.1–11.5):
 * plain data, no pointers, no map. The family copies a WbBgBattle into its
 * match blob (memcpy), adds the units of the battle location (and the
 * units in adjacent locations that may reinforce), and drives it with one
 * call per decision or roll; what the board waits for, and from which side,
 * is wb_bg_battle_stage (). Dice come from the caller (WbBgBattleIo.die: the
 * match's dice or the players' typed rolls); an action whose die is missing
 * returns FALSE and leaves the board exactly as it was. Every step says what
 * happened through WbBgBattleIo.say. When the stage is WB_BG_STAGE_OVER the
 * family applies wb_bg_battle_result () and the units' SP to the map.
 *
 * Strength is counted in whole SP (the series has no half SP; the match
 * keeps halves = 2 × SP). A hit takes the unit to its next lower block step
 * when the family gave its steps, else 1 SP; below its lowest step or at
 * 0 SP it is eliminated. */

#define WB_BG_BATTLE_MAX_UNITS  32
#define WB_BG_BATTLE_MAX_STEPS  12
#define WB_BG_BATTLE_MAX_SP     24

typedef enum {
  WB_BG_ATTACKER = 0,
  WB_BG_DEFENDER = 1,
} WbBgSide;

typedef enum {
  WB_BG_CLASS_INFANTRY = 0,
  WB_BG_CLASS_GARRISON,
  WB_BG_CLASS_CAVALRY,          /* stands in reserve, does not fire */
  WB_BG_CLASS_LEADER,           /* stands in reserve, takes no hits (0 SP) */
  WB_BG_CLASS_FIGHTING_CAVALRY, /* Jackson & Sheridan 1864 (Part 1, 3): fights as infantry */
} WbBgClass;

/* In this order: the line boxes first, then the rest of the battle,
 * then the units not in it. */
typedef enum {
  WB_BG_BOX_LINE = 0,
  WB_BG_BOX_CROSSING,    /* the attacker's river/mountain line: crossing_dice in round 1 */
  WB_BG_BOX_FORTIFIED,   /* the defender's fortified city line: fortress_dice */
  WB_BG_BOX_RESERVE,
  WB_BG_BOX_FAILED,      /* failed morale: for the rest of the battle */
  WB_BG_BOX_OFF,         /* a reinforcement candidate not (yet) in the battle */
  WB_BG_BOX_GONE,        /* eliminated, or a candidate dropped */
} WbBgBox;

typedef enum {
  WB_BG_UNIT_RIVER      = 1 << 0,  /* attacked along a road crossing a river: the crossing line */
  WB_BG_UNIT_TRENCH     = 1 << 1,  /* a trench marker (Grant's Gamble 3): trench_dice each round */
  WB_BG_UNIT_GRANT      = 1 << 2,  /* a leader whose side may re-roll one failed morale check a
                                    * round while he is in reserve (Grant's Gamble 11) */
  WB_BG_UNIT_ELIMINATED = 1 << 3,
  WB_BG_UNIT_ENTERED    = 1 << 4,  /* a candidate that reinforced the battle */
  WB_BG_UNIT_FAILED_NOW = 1 << 5,  /* failed its morale check this round */
  WB_BG_UNIT_DROPPED    = 1 << 6,  /* a candidate the family took back (wb_bg_battle_drop) */
  WB_BG_UNIT_MOUNTAIN   = 1 << 7,  /* … crossing a mountain (both: one die less all the same) */
} WbBgUnitFlags;

/* Crossed a river or a mountain to attack (base rules 2, 11.1). */
#define WB_BG_UNIT_CROSSED (WB_BG_UNIT_RIVER | WB_BG_UNIT_MOUNTAIN)

typedef enum {
  WB_BG_STAGE_SETUP = 0,     /* units being added: wb_bg_battle_start () */
  WB_BG_STAGE_DEPLOY,        /* defender: which units take the fortified city line (over capacity) */
  WB_BG_STAGE_FIRE,          /* side fires its line (roll): the defender first, then the attacker */
  WB_BG_STAGE_ALLOCATE,      /* side allocates the hits it took */
  WB_BG_STAGE_MORALE,        /* side checks morale of the units hit (roll): attacker first */
  WB_BG_STAGE_REROLL,        /* side may re-roll one failed morale check (Grant) */
  WB_BG_STAGE_RETREAT_FIRE,  /* side fires at the retreating enemy (roll) */
  WB_BG_STAGE_RETREAT,       /* side decides whether to retreat voluntarily: attacker first */
  WB_BG_STAGE_REINFORCE,     /* side chooses which candidates try to reinforce (defender first) */
  WB_BG_STAGE_OVER,
} WbBgStage;

typedef enum {
  WB_BG_RETREAT_NONE = 0,
  WB_BG_RETREAT_VOLUNTARY,
  WB_BG_RETREAT_FORCED,
} WbBgRetreat;

typedef struct {
  gint16  index;      /* the family's (its index in WbMatch.units) */
  guint8  side;       /* WbBgSide */
  guint8  klass;      /* WbBgClass */
  guint8  sp;         /* current SP, whole */
  guint8  box;        /* WbBgBox */
  guint8  prev_box;   /* where a unit that failed morale this round stood */
  guint8  morale;
  guint8  dice;       /* its own battle dice; 0: the board's dice_by_sp */
  guint8  hits;       /* hits taken this round (its morale check rolls one die each) */
  guint8  flags;      /* WbBgUnitFlags */
  guint8  n_steps;
  guint8  steps[WB_BG_BATTLE_MAX_STEPS];  /* SP values of its blocks, any order */
} WbBgBattleUnit;

typedef struct {
  guint8  stage;            /* WbBgStage */
  guint8  side;             /* WbBgSide that must act */
  guint8  round;            /* 1, 2, … */
  guint8  n_units;
  /* Parameters (wb_bg_battle_init sets the series' values). */
  guint8  hit_on;           /* a die ≥ this is a hit: 6 */
  gint8   crossing_dice;    /* −1 */
  gint8   fortress_dice;    /* +2 */
  gint8   trench_dice;      /* +1 */
  guint8  fortress_capacity;/* 0: no fortress */
  guint8  rating[2];        /* army commander rating by side (reinforcement roll) */
  guint8  no_retreat[2];    /* the family: no location to retreat to */
  /* Progress. */
  guint8  pending_hits;     /* for ALLOCATE */
  guint8  retreat_fire;     /* the hits being allocated are retreat fire: any unit takes them */
  guint8  retreat_side;     /* the side that retreats or was wiped out; 0xff: none */
  guint8  retreat;          /* WbBgRetreat (NONE for a side wiped out) */
  guint8  ending;           /* the battle ends after the other side's reinforcement */
  guint8  reroll_used;      /* bit per side, this round */
  guint8  grant;            /* bit per side: it has a GRANT unit */
  guint8  dice_by_sp[WB_BG_BATTLE_MAX_SP + 1];
  WbBgBattleUnit units[WB_BG_BATTLE_MAX_UNITS];
} WbBgBattle;

/* What the board needs from the family. @die: one die of @sides faces in
 * *face, or FALSE with @error (a typed roll missing); @say: a line of the
 * log (may be NULL); @say_dice: a line that reports the next @n_dice of
 * the dice drawn (a unit's fire, morale check or reinforcement roll; NULL:
 * @say); @name: a unit's name for those lines, by the family's index
 * ("Union VI"); @side_name: "Union" (both may be NULL). */
typedef struct {
  gboolean    (*die)       (gpointer data, int sides, int *face, GError **error);
  void        (*say)       (gpointer data, const char *text);
  const char *(*name)      (gpointer data, int index);
  const char *(*side_name) (gpointer data, WbBgSide side);
  gpointer      data;
  void        (*say_dice)  (gpointer data, const char *text, int n_dice);
} WbBgBattleIo;

typedef struct {
  gboolean     over;
  int          retreat_side;       /* WbBgSide, or -1 (none, or the side was wiped out) */
  WbBgRetreat  retreat;
  int          retreat_locations;  /* 1 voluntary, 2 forced, 0 none */
  gboolean     retreat_blocked;    /* forced with no retreat location: all eliminated */
  int          holder;             /* the side left in the location, or -1 */
  int          eliminated[2];      /* units eliminated, by side */
} WbBgBattleResult;

void         wb_bg_battle_init        (WbBgBattle *b);
/* A unit in the battle location (@flags: RIVER, MOUNTAIN, TRENCH, GRANT), or with
 * @candidate a unit in an adjacent location that may reinforce. Its slot,
 * or -1 when the board is full or the arguments are wrong. */
int          wb_bg_battle_add         (WbBgBattle *b, int index, WbBgSide side, WbBgClass klass,
                                       int sp, int morale, int dice, guint flags, gboolean candidate);
void         wb_bg_battle_set_steps   (WbBgBattle *b, int slot, const int *steps, int n_steps);
/* A candidate that may no longer reinforce (it moved, it fought elsewhere). */
void         wb_bg_battle_drop        (WbBgBattle *b, int slot);
int          wb_bg_battle_find        (const WbBgBattle *b, int index);

/* Deploys (11.1): line, crossing line, reserve; the fortified city line
 * for up to @fortress_capacity defending units (waits for the defender's
 * choice when there are more). Then the first round's defender fire. */
gboolean     wb_bg_battle_start       (WbBgBattle *b, int fortress_capacity,
                                       const WbBgBattleIo *io, GError **error);

WbBgStage    wb_bg_battle_stage       (const WbBgBattle *b, WbBgSide *side);
/* TRUE when the stage waits for a roll (wb_bg_battle_roll), not a choice. */
gboolean     wb_bg_battle_stage_rolls (WbBgStage stage);
const char  *wb_bg_battle_stage_name  (WbBgStage stage);

/* DEPLOY: @mask (bit per slot) of defending line units for the fortified line. */
gboolean     wb_bg_battle_fortify     (WbBgBattle *b, guint32 mask, const WbBgBattleIo *io,
                                       GError **error);
/* FIRE, MORALE, RETREAT_FIRE. */
gboolean     wb_bg_battle_roll        (WbBgBattle *b, const WbBgBattleIo *io, GError **error);
/* ALLOCATE: one slot per hit, in order (each must be able to take it then).
 * The board waits here only when the side has a choice; hits that only one
 * unit can take are applied when they are rolled. */
gboolean     wb_bg_battle_allocate    (WbBgBattle *b, const int *slots, int n, const WbBgBattleIo *io,
                                       GError **error);
/* REROLL: the slot of a unit that failed this round, or -1 to keep the results. */
gboolean     wb_bg_battle_reroll      (WbBgBattle *b, int slot, const WbBgBattleIo *io, GError **error);
/* RETREAT: the deciding side retreats or stays. */
gboolean     wb_bg_battle_decide      (WbBgBattle *b, gboolean retreat, const WbBgBattleIo *io,
                                       GError **error);
/* REINFORCE: @mask of the deciding side's candidates that try (0: none). */
gboolean     wb_bg_battle_reinforce   (WbBgBattle *b, guint32 mask, const WbBgBattleIo *io,
                                       GError **error);

/* Queries. */
/* How many dice the roll the stage waits for reads (the players' typed
 * rolls: "roll 7 dice"); 0 when it waits for a choice. A reinforcement
 * reads 2 per unit trying. */
int          wb_bg_battle_dice_needed (const WbBgBattle *b);
int          wb_bg_battle_unit_dice   (const WbBgBattle *b, int slot);
gboolean     wb_bg_battle_can_take_hit(const WbBgBattle *b, int slot);
int          wb_bg_battle_line_count  (const WbBgBattle *b, WbBgSide side);
/* A legal answer for the automatic player: the hits on the line unit with
 * the most SP each (returns how many slots it wrote, ≤ @max). */
int          wb_bg_battle_suggest_allocation (const WbBgBattle *b, int *slots, int max);
void         wb_bg_battle_result      (const WbBgBattle *b, WbBgBattleResult *result);

G_END_DECLS
