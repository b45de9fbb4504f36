/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The Columbia block battle (Shenandoah 6.0–6.8, 3.5, 3.6, 4.23, 4.24, 4.4):
 * plain data, no pointers, no map, nothing allocated. The family fills a
 * WbColBattle with the roads into the battle town (wb_col_battle_add_road)
 * and the blocks in it or coming (wb_col_battle_add), starts it, and then
 * drives it with one call per decision: the acting block fires
 * (wb_col_battle_fire) or retreats (wb_col_battle_retreat); when a hit
 * falls on several blocks of the same highest strength their owner picks
 * one (wb_col_battle_choose_hit). What the battle waits for, from which
 * side, is wb_col_battle_stage (); wb_col_battle_suggest () gives the
 * automatic player's answer. Dice come from the caller (WbColBattleIo.die:
 * the family's wb_rule_die); an action whose die is missing returns FALSE
 * and leaves the battle exactly as it was. Each turn is reported as a
 * structured record (WbColBattleIo.record) the family turns into log lines.
 *
 * Sides are the family's (0, 1): the battle knows which of them attacks
 * (which changes when the battlefield flips, 6.51). Roads are the caller's
 * small ids: the connections out of the battle town with their attack
 * limit (6.2, applied to retreats per round, 6.71) and whether each side
 * may retreat along them at all (destination neither enemy-occupied nor
 * contested nor off-board, 5.7, 6.71). */

#define WB_COL_BATTLE_MAX_BLOCKS   32
#define WB_COL_BATTLE_MAX_ROADS    8
#define WB_COL_BATTLE_MAX_STRENGTH 6
#define WB_COL_BATTLE_ROUNDS       4
#define WB_COL_NO_ROAD             (-1)

typedef enum {
  WB_COL_INFANTRY = 0,
  WB_COL_CAVALRY,
  WB_COL_ARTILLERY,
  WB_COL_HQ,
} WbColKind;

typedef enum {
  WB_COL_BLOCK_CROSSED    = 1 << 0,  /* attacked or reinforced over a river crossing (3.5, 3.6) */
  WB_COL_BLOCK_STATIC     = 1 << 1,  /* may not retreat: win or be eliminated (4.4) */
  WB_COL_BLOCK_ELIMINATED = 1 << 2,
  WB_COL_BLOCK_RETREATED  = 1 << 3,
  WB_COL_BLOCK_FOUGHT     = 1 << 4,  /* has taken a battle turn: its first combat round is past */
  WB_COL_BLOCK_ACTED      = 1 << 5,  /* has taken its battle turn this round */
} WbColBlockFlags;

typedef struct {
  gint16  index;         /* the family's (its unit index) */
  guint8  side;          /* 0 or 1 */
  guint8  kind;          /* WbColKind */
  guint8  strength;      /* current; an HQ lives at 0 (6.62) */
  guint8  max_strength;
  guint8  letter;        /* 0 = A, 1 = B, 2 = C */
  guint8  fire;          /* the firepower number, 0–6 */
  guint8  arrival;       /* the round it enters the battle: 1, 2 or 3 (6.5, 6.51) */
  gint8   road;          /* the road it came by, or WB_COL_NO_ROAD (in the town) */
  guint8  flags;         /* WbColBlockFlags */
} WbColBattleBlock;

typedef struct {
  guint8  limit;         /* blocks per battle round (the attack limit, 6.2, 6.71) */
  guint8  open;          /* bit per side: that side may retreat along it */
  guint8  used;          /* retreats along it this round */
} WbColBattleRoad;

typedef enum {
  WB_COL_STAGE_SETUP = 0,  /* blocks and roads being added: wb_col_battle_start () */
  WB_COL_STAGE_TURN,       /* a block of side acts: fire or retreat */
  WB_COL_STAGE_HIT,        /* side picks which of its tied strongest blocks takes the next hit */
  WB_COL_STAGE_OVER,
} WbColStage;

typedef enum {
  WB_COL_REC_ROUND = 0,    /* round begins */
  WB_COL_REC_ARRIVE,       /* slot arrives (a reinforcement) */
  WB_COL_REC_FIRE,         /* slot fired: firepower, dice, hits and where they went */
  WB_COL_REC_RETREAT,      /* slot retreated along road */
  WB_COL_REC_NO_RETREAT,   /* slot had to retreat and could not: eliminated (6.73); reported
                            * with the block as it stood */
  WB_COL_REC_FLIP,         /* side is the defender from now on (6.51) */
  WB_COL_REC_OVER,         /* side won (holds the town) */
} WbColRecordKind;

typedef struct {
  guint8  kind;          /* WbColRecordKind */
  guint8  round;
  gint8   slot;          /* the block, or -1 */
  guint8  side;          /* FLIP, OVER: the side; else the block's side */
  gint8   firepower;     /* FIRE: the number it hit on (0: no dice rolled) */
  gint8   counter;       /* FIRE: the enemy artillery it declared counter-battery on, or -1 */
  gint8   road;          /* RETREAT */
  guint8  n_dice;
  guint8  dice[WB_COL_BATTLE_MAX_STRENGTH];
  guint8  n_hits;        /* FIRE: dice ≤ firepower */
  gint8   targets[WB_COL_BATTLE_MAX_STRENGTH]; /* the slot each hit went to; -1: wasted */
  guint8  killed;        /* FIRE: bit per hit that eliminated its target */
} WbColBattleRecord;

typedef struct {
  guint8  stage;         /* WbColStage */
  guint8  round;         /* 1–4 (0 before the start) */
  guint8  attacker;      /* the attacking side (0 or 1) */
  guint8  victor;        /* OVER: the side holding the town */
  guint8  flipped;       /* the battlefield changed hands (6.51) */
  guint8  n_blocks;
  guint8  n_roads;
  /* STAGE_HIT: the firing block's hits still to place (in cur). */
  guint8  pending_hits;
  guint8  next_hit;
  guint8  roads_used[2]; /* bit per road: the roads each side attacked or reinforced by */
  /* Bit per slot, kept by the engine from the blocks (wb_col_battle_start). */
  guint32 side_mask[2];
  guint32 present;       /* arrived: arrival ≤ round */
  guint32 gone;          /* eliminated or retreated */
  guint32 acted;         /* has taken its battle turn this round */
  guint32 order[6];      /* the firing order (6.4): A defender, A attacker, B defender, … */
  WbColBattleRecord cur; /* the turn in progress */
  WbColBattleRoad   roads[WB_COL_BATTLE_MAX_ROADS];
  WbColBattleBlock  blocks[WB_COL_BATTLE_MAX_BLOCKS];
} WbColBattle;

/* What the battle needs from the family: @die one d6 in *face, or FALSE
 * with @error (a typed roll missing); @record a turn's record (may be NULL:
 * automatic play, benchmarks). */
typedef struct {
  gboolean (*die)    (gpointer data, int *face, GError **error);
  void     (*record) (gpointer data, const WbColBattle *b, const WbColBattleRecord *rec);
  gpointer   data;
} WbColBattleIo;

/* A block as the family describes it (wb_col_battle_add). */
typedef struct {
  int       index;
  int       side;
  WbColKind kind;
  int       strength;
  int       max_strength;
  char      letter;      /* 'A', 'B' or 'C' */
  int       fire;
  int       arrival;     /* 1: the main attack and the defenders; 2: attacker reinforcements and
                          * the defender's declared road; 3: the defender's other roads */
  int       road;        /* WB_COL_NO_ROAD for blocks in the town */
  gboolean  crossed;     /* came over a river crossing or ferry */
  gboolean  is_static;   /* the Harper's Ferry garrison (4.4) */
} WbColBlockSpec;

/* What the automatic player does now (wb_col_battle_suggest). */
typedef struct {
  WbColStage stage;
  int        slot;       /* TURN: the block; HIT: the block that takes the hit */
  gboolean   retreat;    /* TURN: retreat along road, else fire */
  int        road;
  int        counter;    /* TURN, fire: counter-battery target, or -1 */
} WbColBattleChoice;

void       wb_col_battle_init        (WbColBattle *b, int attacker_side);
/* A road out of the town: its id, or -1 when full or wrong. */
int        wb_col_battle_add_road    (WbColBattle *b, int limit, gboolean open_side0,
                                      gboolean open_side1);
/* The caller's view of a destination changed (another battle's retreat). */
void       wb_col_battle_set_road_open (WbColBattle *b, int road, int side, gboolean open);
/* A block: its slot, or -1 with @error naming what is wrong. */
int        wb_col_battle_add         (WbColBattle *b, const WbColBlockSpec *spec, GError **error);
/* Round 1 begins. */
gboolean   wb_col_battle_start       (WbColBattle *b, const WbColBattleIo *io, GError **error);

WbColStage wb_col_battle_stage       (const WbColBattle *b, int *side);
gboolean   wb_col_battle_is_attacker (const WbColBattle *b, int slot);
/* In the town now: arrived, neither eliminated nor retreated. */
gboolean   wb_col_battle_in_town     (const WbColBattle *b, int slot);
/* TURN: the block that acts now (the first of its group), or -1. */
int        wb_col_battle_next_turn   (const WbColBattle *b);
/* TURN: bit per slot of the blocks that may act now (same letter, same
 * side: their owner picks the order, Battle Turn sidebar). */
guint32    wb_col_battle_turn_group  (const WbColBattle *b);
/* The number a block hits on this round (4.24, 3.5, 3.6, 6.73), 0–6. */
int        wb_col_battle_firepower   (const WbColBattle *b, int slot);
/* How many dice the block's fire reads now: its strength, or 0 when its
 * firepower is 0 (the play window's typed roll: "roll 3 dice"). */
int        wb_col_battle_fire_dice   (const WbColBattle *b, int slot);
/* HIT: bit per slot of the blocks among which the owner chooses. */
guint32    wb_col_battle_hit_choices (const WbColBattle *b);
/* Bit per road along which the block may retreat now (6.7–6.74). */
guint32    wb_col_battle_retreat_roads (const WbColBattle *b, int slot);
/* Whether the block must retreat on its turn (the attacker in round 4, 6.73). */
gboolean   wb_col_battle_must_retreat (const WbColBattle *b, int slot);

/* TURN: @slot (of the turn group) fires; @counter an enemy artillery in the
 * town for counter-battery (6.63), or -1. */
gboolean   wb_col_battle_fire        (WbColBattle *b, int slot, int counter,
                                      const WbColBattleIo *io, GError **error);
/* TURN: @slot retreats along @road; WB_COL_NO_ROAD for an attacker that
 * must retreat in round 4 and has no road left: it is eliminated. */
gboolean   wb_col_battle_retreat     (WbColBattle *b, int slot, int road,
                                      const WbColBattleIo *io, GError **error);
/* HIT: @slot (of wb_col_battle_hit_choices) takes the next hit. */
gboolean   wb_col_battle_choose_hit  (WbColBattle *b, int slot,
                                      const WbColBattleIo *io, GError **error);

void       wb_col_battle_suggest     (const WbColBattle *b, WbColBattleChoice *choice);
/* Plays the suggestions until the battle is over. */
gboolean   wb_col_battle_play_auto   (WbColBattle *b, const WbColBattleIo *io, GError **error);
/* Hits a block can still take before it is eliminated (strength, +1 for an HQ). */
int        wb_col_battle_block_hits_left (const WbColBattle *b, int slot);

G_END_DECLS
