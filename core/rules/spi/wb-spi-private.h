/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The SPI Blue & Gray family (Napoleon at Waterloo system): shared between
 * its files. docs/rules-engine.md says how a family is built; the rules
 * are quoted by number from the Battle of the Wilderness rulebook. */

#include "wb-hex-map.h"
#include "rules/wb-family.h"
#include "rules/wb-hex-movement.h"

G_BEGIN_DECLS

/* The steps of a game turn: each player's movement then combat phase. */
enum {
  SPI_FIRST_MOVEMENT,
  SPI_FIRST_COMBAT,
  SPI_SECOND_MOVEMENT,
  SPI_SECOND_COMBAT,
  SPI_N_STEPS,
};

/* Unit flags of the family (WbUnitState.flags). */
enum {
  SPI_ENTERED     = WB_UNIT_FAMILY_FLAG << 0,   /* came on the map this phase */
  SPI_DEFENDED    = WB_UNIT_FAMILY_FLAG << 1,   /* attacked this phase (7.14) */
  SPI_ATTACKER    = WB_UNIT_FAMILY_FLAG << 2,   /* in the combat being resolved, adjacent */
  SPI_BOMBARDING  = WB_UNIT_FAMILY_FLAG << 3,   /* in it, bombarding from 2-3 hexes (8.1) */
  SPI_DEFENDER    = WB_UNIT_FAMILY_FLAG << 4,   /* defending in it */
  SPI_MUST_RETREAT = WB_UNIT_FAMILY_FLAG << 5,  /* owes a retreat (7.7) */
  SPI_INEFFECTIVE = WB_UNIT_FAMILY_FLAG << 6,   /* lost Attack Effectiveness (11.0) */
  SPI_ADVANCED    = WB_UNIT_FAMILY_FLAG << 7,   /* advanced after combat (7.75) */
  SPI_MAY_RETREAT = WB_UNIT_FAMILY_FLAG << 8,   /* bombarding, may elect an Ar (8.16) */
  SPI_DISPLACED   = WB_UNIT_FAMILY_FLAG << 9,   /* displaced this phase (7.81): where it went obliges no attack */
};

typedef enum {
  SPI_PENDING_NONE,
  SPI_PENDING_EXCHANGE,   /* the attacker chooses units to lose */
  SPI_PENDING_RETREAT,    /* units flagged SPI_MUST_RETREAT (or SPI_MAY_RETREAT), their owner active */
  SPI_PENDING_ADVANCE,    /* the victor may advance one unit */
} SpiPending;

#define SPI_MAX_VACATED 8

/* The family's state of a match (WbMatch.fstate): plain data, copied byte
 * for byte with the match, zero at the start. */
typedef struct {
  SpiPending pending;      /* what the combat being resolved waits for */
  int        ex_needed;    /* an exchange: the printed half SP the attacker still owes (7.5) */
  int        advance_side; /* the side that may advance after combat (7.7), + 1; 0 none */
  int        n_vacated;    /* the hexes the combat vacated (row * 1000 + col + 1), … */
  int        vacated[SPI_MAX_VACATED];   /* … the first SPI_MAX_VACATED of them */
  int        lost[2];      /* the half SP each side has lost in the game (the VP for losses) */
  guint16    command_held;   /* this phase's command rolls holding their formation, bit i: roll i (19.2) */
  guint16    command_rolled; /* … and those rolled */
  /* Who holds each objective of the scenario's occupy conditions, in their
   * order: side + 1, 0 nobody yet (sized by _wb_spi_score: spi_holders). */
  guint8     holder[];
} SpiState;

/* @m's SpiState (@m a match of this family). */
static inline SpiState *
spi_state (WbMatch *m)
{
  if (G_LIKELY (m->fstate_size >= sizeof (SpiState)))
    return (SpiState *) m->fstate;
  return wb_match_family_state (m, sizeof (SpiState));
}

/* @m's @n objective holders (SpiState.holder): the state grows to hold
 * them, so a SpiState taken before may have moved. */
static inline guint8 *
spi_holders (WbMatch *m, gsize n)
{
  return ((SpiState *) wb_match_family_state (m, sizeof (SpiState) + n))->holder;
}

/* Unit data (WbUnitState.data), named by index: a struct laid over the
 * engine's array would read it through another type (strict aliasing). */
enum {
  SPI_DATA_SPENT,     /* quarter MP spent this phase (a reinforcement's column) */
  SPI_DATA_ENTRY,     /* the hex it entered at this phase: row * 1000 + col + 1 */
  SPI_DATA_RETREAT,   /* hexes of retreat still owed (with SPI_MUST_RETREAT / SPI_MAY_RETREAT) */
  SPI_DATA_ORIGIN,    /* the hex the retreat started from: row * 1000 + col + 1 */
  SPI_N_DATA,
};
G_STATIC_ASSERT (SPI_N_DATA <= G_N_ELEMENTS (((WbUnitState *) NULL)->data));

/* Zones of control (rules.params.zoc; docs/rules-engine.md defines each). */
typedef enum {
  SPI_ZOC_NONE,       /* no zones of control */
  SPI_ZOC_STICKY,     /* entering one stops a move; a unit may leave one at the start of its move */
  SPI_ZOC_LOCKING,    /* entering one stops a move; a unit may not leave one by movement */
  SPI_ZOC_RIGID,      /* the Wilderness's (SPI 5.13, 6.0-6.6): as locking */
} SpiZoc;

/* A movement profile read from rules.params.movement_profiles. */
typedef struct {
  const char   *side;        /* interned, or NULL: every side */
  const char   *klass;       /* interned, or NULL: every class */
  int           first_turn, last_turn;   /* 0: every turn */
  GHashTable   *costs;       /* id → double* */
  char        **terrain;
  WbEnterRule   enter;
  gboolean      zoc_exempt;
  char        **adjacent;
  char        **hexes_with;
  gboolean      no_enter_zoc, no_stack, no_attack;
  char         *rule;
} SpiProfile;

/* A roll before a formation may move (rules.params.command_rolls). */
typedef struct {
  const char *option;      /* interned scenario option, or NULL: always */
  const char *side;        /* interned */
  const char *formation;   /* interned: the formation and all under it */
  const char *except_class;
  guint32     held_on;     /* bit n: a roll of n holds the formation */
  char       *name;
  char       *rule;
} SpiCommandRoll;

/* What the rules read of a unit's game record again and again (its class,
 * its Movement Allowance, the profiles of its side and class), looked up
 * by its interned id: SpiData.units. The game does not change under a
 * prepared family (the movement graphs are cached the same way). */
typedef struct {
  const char *id;          /* interned; NULL: a free slot */
  guint       side;        /* the side `profiles` was worked out for */
  WbUnit     *unit;        /* the game's, or NULL (a probe) */
  const char *klass;       /* its class id, "infantry" without one */
  guint32     profiles;    /* the profiles of that side and class, whatever the turn */
  int         allowance;   /* _wb_spi_allowance () */
} SpiUnitInfo;

/* A movement graph by class and profile bits, found without formatting
 * the key of SpiData.graphs. */
typedef struct {
  char       *klass;
  guint32     bits;
  WbHexGraph *graph;
} SpiGraphEntry;

#define SPI_MAX_GRAPH_ENTRIES 16
/* The id of a probe unit (no unit of the game): any graph, no profile. */
#define SPI_NO_UNIT ""

typedef struct {
  WbGame      *game;
  WbTable     *crt;
  int          crt_dice;        /* dice thrown on the CRT (its `dice`: 1d6 → 1, 2d6 and d66 → 2) */
  int          crt_faces;       /* faces of each */
  GPtrArray   *command_rolls;   /* SpiCommandRoll* */
  int          artillery_range;
  gboolean     los_either;      /* a line along a hexside is blocked by either hex (8.32: only by both) */
  SpiZoc       zoc_mode;
  gboolean     voluntary;       /* combat is voluntary (else 7.1: mandatory) */
  int          retreat_hexes;   /* a retreat result's length when its code gives none (7.7: 1) */
  int          advance;         /* hexes a victor may advance after combat: 0 or 1 (7.75) */
  gboolean     odds_for_attacker; /* odds and differences rounded up (else down, for the defender: 7.0) */
  gboolean     night_no_combat; /* 10.0: no Combat Phase on a night turn */
  gboolean     night_no_enter_zoc; /* 10.2: no entering enemy zones of control at night */
  gboolean     entry_free;      /* reinforcements enter with their whole allowance (else 15.15: in column) */
  gboolean     ae_optional;     /* 11.0 Attack Effectiveness with the scenario option "attack-effectiveness" */
  const char  *movement_attr;   /* interned unit attribute: a unit's own Movement Allowance */
  const char  *attack_attr;     /* interned unit attributes: separate attack and defence strengths */
  const char  *defense_attr;
  guint        objectives_side; /* 18.13: who holds the objectives at the start, + 1 (0: nobody) */
  WbHexMap    *map;
  int          cols, rows;
  int          allowance;       /* quarter MP: a unit without its own (movement_attr) */
  int          stacking;
  char       **no_end;          /* hex features a move may not end on (river ferry) */
  GPtrArray   *profiles;        /* SpiProfile* */
  GHashTable  *graphs;          /* "class|profile bits" → WbHexGraph* */
  SpiGraphEntry graph_entries[SPI_MAX_GRAPH_ENTRIES];
  guint        n_graph_entries;
  /* Open addressing by the id's address (interned: one address a text). */
  SpiUnitInfo *units;
  guint        units_mask;      /* slots − 1, a power of two minus one */
  guint        n_units;
  SpiUnitInfo  unit_scratch;    /* when the table is half full */
  /* _wb_spi_mark_enemies' marks: data->enemy and data->zoc point into
   * marks[side] (side 2: any other), which remember the enemies' hexes they
   * were made from (-1: a unit not marked) so that the same enemies'
   * hexes are not marked again — the automatic player asks for them for
   * every unit it considers, every combat and every score. */
  struct {
    guint8    *enemy, *zoc;
    int       *from;
    guint      n_from;
    gboolean   valid;
  } marks[3];
  guint8      *enemy;           /* cols × rows: the enemy hexes last marked */
  guint8      *zoc;             /* cols × rows: their zones of control */
  /* [hex × 6 + dir] whether a hexside prohibits crossing: 0 not known yet,
   * 1 no, 2 yes (the map does not change under the family). */
  guint8      *side_prohibited;
  guint8      *no_end_at;       /* cols × rows: 0 not known yet, 1 a move may end there, 2 not */
  guint16     *friends;         /* scratch, cols × rows, zero between uses */
  guint8      *friends_no_stack; /* scratch, cols × rows, zero between uses */
} SpiData;

/* @u's SpiUnitInfo (owned by @data; valid until the next call). */
SpiUnitInfo *_wb_spi_unit_info      (SpiData *data, const WbUnitState *u);
/* Frees what the caches of @data hold. */
void         _wb_spi_caches_free    (SpiData *data);

/* The profiles that apply to @unit's side and class on @turn, as a bit set
 * of indices into data->profiles. */
guint32      _wb_spi_profiles_for   (SpiData *data, WbMatch *m, const WbUnitState *unit, int turn);
/* The movement graph for @unit on @turn (owned by @data). */
WbHexGraph  *_wb_spi_graph          (SpiData *data, WbMatch *m, const WbUnitState *unit, int turn);
/* Marks in data->enemy the hexes of @side's enemies and in data->zoc their
 * zones of control. */
void         _wb_spi_mark_enemies   (SpiData *data, WbMatch *m, guint side);
const char  *_wb_spi_unit_class     (SpiData *data, const WbUnitState *unit);
/* @u's Movement Allowance in quarter MP: its class's movement attribute
 * when the class has one and the unit a value, else the game's. */
int          _wb_spi_allowance      (SpiData *data, const WbUnitState *u);
/* The strength @u attacks or defends with, in half SP: its class's attack
 * or defence attribute when the class has one, scaled by what is left of
 * its printed strength, else its strength. @printed: at full strength. */
int          _wb_spi_combat_halves  (SpiData *data, const WbUnitState *u, gboolean attack, gboolean printed);
/* The reach flags of the game's zones of control (rules.params.zoc). */
WbReachFlags _wb_spi_zoc_flags      (SpiData *data);

WbApplyResult _wb_spi_move          (SpiData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
WbApplyResult _wb_spi_command_roll  (SpiData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* The command roll (index) that holds @u from moving now, or -1; @unrolled
 * is set when the roll is owed and not made yet. */
int           _wb_spi_held          (SpiData *data, WbMatch *m, const WbUnitState *u,
                                     gboolean *unrolled);
WbApplyResult _wb_spi_enter         (SpiData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
GArray       *_wb_spi_destinations  (SpiData *data, WbMatch *m, const char *unit);
GArray       *_wb_spi_path          (SpiData *data, WbMatch *m, const char *unit, WbOffset hex);

/* Combat (wb-spi-combat.c). */
gboolean      _wb_spi_on_map        (const WbUnitState *u);
gboolean      _wb_spi_is_artillery  (SpiData *data, const WbUnitState *u);
gboolean      _wb_spi_profile_says  (SpiData *data, WbMatch *m, const WbUnitState *u, gsize offset);
WbApplyResult _wb_spi_attack        (SpiData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
WbApplyResult _wb_spi_answer        (SpiData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* Before a Combat Phase: train defense units next to the enemy retreat
 * (17.31). FALSE when nothing is owed. */
gboolean      _wb_spi_combat_start  (SpiData *data, WbMatch *m, WbRuleContext *ctx);
/* End of a Combat Phase with Attack Effectiveness: ineffective units still
 * in an enemy zone of control owe a retreat (11.31). TRUE when one does. */
gboolean      _wb_spi_ineffective_retreats (SpiData *data, WbMatch *m, WbRuleContext *ctx);
/* End of a Combat Phase: every attack the rules make mandatory was made
 * (7.11, 7.12, 8.41). */
gboolean      _wb_spi_check_mandatory (SpiData *data, WbMatch *m, WbRuleContext *ctx, GError **error);
/* The side that must answer now (the phasing side when nothing is owed). */
guint         _wb_spi_phasing       (WbMatch *m);
void          _wb_spi_eliminate     (SpiData *data, WbMatch *m, WbUnitState *u, WbRuleContext *ctx);
/* The automatic player (wb-spi-auto.c). */
JsonObject   *_wb_spi_suggest       (SpiData *data, WbMatch *m, WbRng *rng);
void          _wb_spi_offers        (SpiData *data, WbMatch *m, GPtrArray *offers);
/* Whether the combat waits on bombarding artillery electing an Ar (8.16). */
gboolean      _wb_spi_may_retreat   (WbMatch *m);
/* Retreats @u may make now: WbOffset hexes, free ones first; @displace
 * (may be NULL) is filled with, per hex, the unit to displace or NULL. */
GArray       *_wb_spi_retreats      (SpiData *data, WbMatch *m, const WbUnitState *u,
                                     GPtrArray *displace);
/* The hexes @u may enter at (15.13). */
GArray       *_wb_spi_entries       (SpiData *data, WbMatch *m, const WbUnitState *u);
gboolean      _wb_spi_may_advance   (SpiData *data, WbMatch *m, const WbUnitState *u, WbOffset *into);
gboolean      _wb_spi_side_prohibited (SpiData *data, WbOffset hex, int dir);
int           _wb_spi_direction     (SpiData *data, WbOffset a, WbOffset b);
gboolean      _wb_spi_line_of_sight (SpiData *data, WbOffset from, WbOffset to);
gboolean      _wb_spi_in_enemy_zoc  (SpiData *data, WbMatch *m, const WbUnitState *u);
/* An attack being declared (wb-spi-mandatory.c): TRUE with the enemy unit
 * it would leave owed an attack nobody else can make (7.23), or the
 * phasing unit it would leave with nobody to attack (7.12), in @left. */
gboolean      _wb_spi_leaves_unengaged (SpiData *data, WbMatch *m, WbUnitState * const *attackers,
                                        guint n_attackers, const WbOffset *dhex, guint n_dhex,
                                        const WbUnitState **left);
gboolean      _wb_spi_leaves_attacker_idle (SpiData *data, WbMatch *m, WbUnitState * const *attackers,
                                            guint n_attackers, const WbOffset *dhex, guint n_dhex,
                                            const WbUnitState **left);

/* Victory (18.0): VP of both sides from the losses, objectives and units
 * destroyed; objective control follows units and zones of control. */
void          _wb_spi_score         (SpiData *data, WbMatch *m);

/* The family's table (registered in wb-family.c once every phase plays). */
const WbRulesFamily *wb_spi_family  (void);

/* The play UI's steps (wb-spi-steps.c). */
void          _wb_spi_step          (SpiData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject   *_wb_spi_step_action   (SpiData *data, WbMatch *m, const WbPicks *picks);

G_END_DECLS
