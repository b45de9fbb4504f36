/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "wb-types.h"

G_BEGIN_DECLS

/* The Blind Swords fire and cohesion engine (series rules 2.8, 9.2–9.3,
 * 11.0–11.3, 12.0–12.6, 13.2b; docs/rules-engine.md, "The Blind Swords
 * family: combat"): plain data, no map, nothing allocated once the tables
 * are compiled. The family compiles the game's tables once per match
 * (wb_bs_tables_compile: the CRT, the Fire and Close Combat Cohesion Test
 * Tables, the Break Test, the Rebuild table and the Morale Hits chart, or
 * their rulebook-only twins when the scenario option says so), then for
 * each combat:
 *
 *   1. wb_bs_fire_strength (): the firing SPs with the Universal Rounding
 *      Rule (2.8), in half SPs (1 = "C");
 *   2. wb_bs_column (): the column for that strength and the net shift the
 *      family adds up (9.3 CRT Column Shifts, the ends);
 *   3. wb_bs_crt_read (): the d66 throw (coloured die, then white) and the
 *      Lead Unit's modified CR against the cell's coloured boxes (9.3b):
 *      the Cohesion Test to take, a Close Fight in Close Combat (11.0);
 *   4. wb_bs_cohesion_lookup () then wb_bs_cohesion_apply (): the Depletion
 *      Test (coloured die) applied in full, then the Skedaddle Test (white
 *      die), Break Tests rolled as they fall (12.1, 12.2, 12.5, 12.6), on
 *      the units the family describes (WbBsUnit); what happened is left in
 *      them as data the family applies to the map (SP side, markers,
 *      retreats, the Broken Track);
 *   5. wb_bs_panic_apply () on each unit the firing player picks for a
 *      Panic result (the count is in WbBsSkedaddle.panic).
 *
 * A cell that is "?" (the rulebook-only tables) is reported as unknown
 * (WB_BS_TEST_UNKNOWN, or FALSE from wb_bs_cohesion_lookup with the
 * table): the family asks the players (wb_rule_needs_result) and carries
 * on with the code they give (wb_bs_test_from_code,
 * wb_bs_depletion_from_code, wb_bs_skedaddle_parse). Dice come from the
 * caller (WbBsDie); an apply whose die is missing returns FALSE, and the
 * caller drops its copy of the units. */

#define WB_BS_MAX_COLUMNS 16
#define WB_BS_CR_SLOTS    16   /* modified CRs 0 … 15 (the game says which: cohesion_min … max) */
#define WB_BS_MAX_STACK   16
#define WB_BS_THROWS      36   /* d66: 11 … 66 */
#define WB_BS_ELIMINATED  4    /* WbBsUnit.broken: artillery or Fragile, eliminated (12.6, 12.8) */

typedef enum {
  WB_BS_FIRE = 0,
  WB_BS_CLOSE,
} WbBsCombatKind;

/* The Cohesion Test a combat calls for: the columns of the Cohesion Test
 * Tables (12.1, 12.2). */
typedef enum {
  WB_BS_TEST_NONE = 0,       /* no effect (Fire Combat) */
  WB_BS_TEST_CLOSE_FIGHT,    /* Close Combat's no effect (11.0) */
  WB_BS_TEST_ROUTINE,
  WB_BS_TEST_TOUGH,
  WB_BS_TEST_SEVERE,
  WB_BS_TEST_UNKNOWN,        /* the cell is "?": the players give it */
} WbBsTest;
#define WB_BS_N_TESTS WB_BS_TEST_UNKNOWN

/* The Depletion Test's results (12.1a, 12.2a). */
typedef enum {
  WB_BS_DEPLETE_NONE = 0,
  WB_BS_DEPLETE_D,
  WB_BS_DEPLETE_D2,
  WB_BS_DEPLETE_ALL,
  WB_BS_DEPLETE_AD,          /* Attacker Deplete */
  WB_BS_DEPLETE_BD,          /* Both Deplete (BD*) */
  WB_BS_DEPLETE_UNKNOWN,
} WbBsDepletion;

/* A Skedaddle Test's result (12.1b, 12.2c), its parts as printed
 * ("2MH RA2 (P1)": morale 2, retreat_all 2, panic 1). */
typedef struct {
  guint8 unknown;            /* the cell is "?" */
  guint8 morale;             /* MH, 2MH: Morale Hits on the Lead Unit */
  guint8 break_test;         /* BT: the Lead Unit takes a Break Test */
  guint8 retreat;            /* R#: the Lead Unit retreats # hexes */
  guint8 retreat_all;        /* RA#: every defending unit retreats # hexes */
  guint8 attacker_morale;    /* AMH */
  guint8 attacker_retreat;   /* AR# */
  guint8 panic;              /* P#: units the firing player picks (12.1, 12.2c) */
} WbBsSkedaddle;

/* The game's tables compiled for the engine (wb_bs_tables_compile). */
typedef struct {
  /* The tables played (references), for wb_rule_needs_result. */
  WbTable *crt;
  WbTable *depletion[2];     /* [WbBsCombatKind] */
  WbTable *skedaddle[2];
  WbTable *break_test;
  WbTable *rebuild;
  gint8    cr_min, cr_max;   /* modified CRs are held to these (2.1: 0 … 6) */
  gint8    morale_sp[3];     /* SP lost for no marker, Shaken, Disrupted (12.5) */
  gint8    morale_cr[3];     /* CR lost likewise */
  /* The CRT: columns by half SPs, the ends (9.3), the test per throw,
   * column and modified CR. */
  guint8   n_columns;
  guint16  column_lo[WB_BS_MAX_COLUMNS];   /* half SPs */
  guint16  column_hi[WB_BS_MAX_COLUMNS];   /* half SPs; the last column: no bound */
  guint8   left_refuse, defensive_left_refuse, right_refuse;
  guint8   crt_test[WB_BS_THROWS][WB_BS_MAX_COLUMNS][WB_BS_CR_SLOTS];  /* WbBsTest */
  /* The Cohesion Test Tables by kind, test and die (1–6 at 0–5); a test
   * the table has no column for is unknown. */
  guint8   deplete[2][WB_BS_N_TESTS][6];   /* WbBsDepletion */
  WbBsSkedaddle skedaddle_result[2][WB_BS_N_TESTS][6];
  guint8   has_test[2][WB_BS_N_TESTS];
  int      deplete_column[2][WB_BS_N_TESTS];  /* the table column, for the players' prompt */
  int      skedaddle_column[2][WB_BS_N_TESTS];
  /* Break Test: 0 Shaken, 1–3 the Broken Box, 0xff unknown; Rebuild: 1
   * rebuilt, 0 not, 0xff unknown. By modified CR and die. */
  guint8   break_result[WB_BS_CR_SLOTS][6];
  guint8   rebuild_result[WB_BS_CR_SLOTS][6];
} WbBsTables;

/* The tables of @game for @scenario played with @options (the match's:
 * rulebook_tables_option picks the rulebook-only twins), through the
 * tables rules.params names (wb-bs-params.c); NULL with @error
 * (WB_RULES_ERROR_NOT_FOUND, WB_RULES_ERROR_INVALID) naming the table and
 * what is wrong. */
WbBsTables *wb_bs_tables_compile (WbGame             *game,
                                  const char         *scenario,
                                  const char * const *options,
                                  GError            **error);
void        wb_bs_tables_free    (WbBsTables *tables);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbBsTables, wb_bs_tables_free)

/* ---- 1. Firing strength (2.8, 9.1c, 9.3, 10.7, 11.3a, 12.5) ---- */

typedef enum {
  WB_BS_RANGE_EFFECTIVE = 0,
  WB_BS_RANGE_LONG,          /* halved */
  WB_BS_RANGE_EXTREME,       /* quartered */
  WB_BS_RANGE_CANISTER,      /* +50 % (artillery) */
} WbBsRange;

typedef enum {
  WB_BS_FIRER_OPPORTUNITY = 1 << 0,   /* Opportunity Fire: halved (10.7) */
  WB_BS_FIRER_SUPPORTING  = 1 << 1,   /* Supporting Defensive Fire: halved (11.3a) */
  WB_BS_FIRER_HALVED      = 1 << 2,   /* another halving (the exclusive 7.3b Battlefield Chaos) */
} WbBsFirerFlags;

typedef struct {
  guint8 sp;                 /* printed SP on the side up, in halves ("C" = 1) */
  guint8 morale;             /* 0, 1 Shaken, 2 Disrupted */
  guint8 range;              /* WbBsRange */
  guint8 flags;              /* WbBsFirerFlags */
} WbBsFirer;

/* The SPs @firers fire with together, in halves: every fraction kept to
 * the end of the calculation, then dropped, except that ½ SP is kept and
 * fires on the C column (2.8): 0 under ½ SP (it cannot fire, 9.3), 1 for
 * ½ SP ("C"), else twice the whole SPs. */
int         wb_bs_fire_strength  (const WbBsTables *t,
                                  const WbBsFirer  *firers,
                                  guint             n_firers);

/* ---- 2. Column (9.3 CRT Column Shifts) ---- */

/* The CRT column for @strength (half SPs) moved @shift columns (the net
 * of the shifts; right positive): -1 when no column holds the strength
 * (under ½ SP) or the shifts go beyond the left of C (the fire is
 * ignored), except @defensive fire, resolved on C (9.3); beyond the
 * right of 23+ the last column. @clamped: an end was used. */
int         wb_bs_column         (const WbBsTables *t,
                                  int               strength,
                                  int               shift,
                                  gboolean          defensive,
                                  gboolean         *clamped);

/* The net shift of the CRT's column shifts named by @ids (NULL-terminated:
 * the exclusive rules' 9.3 i–xvii and 11.0c i–xxii as the game lists them,
 * of which one odds shift counts); FALSE when one is unknown or for the
 * other kind of combat. */
gboolean    wb_bs_shift_total    (const WbBsTables  *t,
                                  WbBsCombatKind     kind,
                                  const char * const *ids,
                                  int               *shift,
                                  GError           **error);

/* ---- 3. The CRT (9.3a, 9.3b, 11.0) ---- */

/* A modified CR: @printed (the side up) with @morale's reduction (12.5)
 * and @adjust (Unit Support −1, 12.4; a trench +2 …), held to the game's
 * range (2.1). */
int         wb_bs_modified_cr    (const WbBsTables *t,
                                  int               printed,
                                  int               morale,
                                  int               adjust);
/* The test the throw @coloured, @white on @column calls for against a
 * Lead Unit of modified CR @lead_cr: the colour of the box holding the CR,
 * else none (Fire) or a Close Fight (Close Combat); unknown for "?". */
WbBsTest    wb_bs_crt_read       (const WbBsTables *t,
                                  int               column,
                                  int               coloured,
                                  int               white,
                                  int               lead_cr,
                                  WbBsCombatKind    kind);

/* ---- 4. Cohesion Tests (12.0–12.6) ---- */

typedef enum {
  WB_BS_UNIT_WORN      = 1 << 0,   /* on its BW side */
  WB_BS_UNIT_FRAGILE   = 1 << 1,   /* only a BW side: eliminated instead of Broken */
  WB_BS_UNIT_ARTILLERY = 1 << 2,
} WbBsUnitFlags;

/* A unit in a Cohesion Test: what the family knows of it, then what the
 * test did to it. */
typedef struct {
  gint16  index;             /* the family's */
  guint8  sp[2];             /* printed SP, halves: [0] FR side, [1] BW side */
  guint8  cr[2];             /* printed CR: FR, BW */
  gint8   cr_adjust;         /* Unit Support (−1 unsupported), trench (+2)… */
  guint8  flags;             /* WbBsUnitFlags; WORN is changed by a Deplete */
  guint8  morale;            /* 0, 1 Shaken, 2 Disrupted; changed by the test */
  /* What the test did. */
  guint8  depleted;          /* flipped FR → BW */
  guint8  broken;            /* 0; 1–3 the Broken Box; WB_BS_ELIMINATED */
  guint8  retreat;           /* hexes to retreat (12.3) */
  guint8  n_break_tests;
  guint8  break_dice[4];
} WbBsUnit;

/* A Cohesion Test on the target hex (and, in Close Combat, the attackers
 * of the Assaulting Hex). @lead and @attacker_lead are indexes in the
 * arrays: the largest printed SP, the owner's choice among equals
 * (wb_bs_largest gives the first). */
typedef struct {
  WbBsUnit defenders[WB_BS_MAX_STACK];
  guint8   n_defenders;
  guint8   lead;
  WbBsUnit attackers[WB_BS_MAX_STACK];
  guint8   n_attackers;
  guint8   attacker_lead;
  /* More attacking SPs (Flanking Hexes), halves, for the triple-odds
   * exception of BD* (12.2a). */
  guint16  more_attacking_sp;
  /* What happened. */
  WbBsDepletion depletion;
  WbBsSkedaddle skedaddle;
  guint8   only;             /* BD* with triple odds: WB_BS_DEPLETE_D or _AD, else 0 */
} WbBsCohesion;

/* The printed SP of @u on the side up (halves); its modified SP (12.5, 2.1). */
int         wb_bs_unit_sp        (const WbBsUnit *u);
int         wb_bs_unit_modified_sp (const WbBsTables *t, const WbBsUnit *u);
int         wb_bs_unit_cr        (const WbBsTables *t, const WbBsUnit *u);
/* The index of the largest printed SP of @units, other than @skip (-1:
 * none skipped), not broken; the first among equals. -1 if none. */
int         wb_bs_largest        (const WbBsUnit *units, guint n, int skip);

/* The Depletion (@coloured) and Skedaddle (@white) results of @test
 * (WB_BS_TEST_NONE: no effect, TRUE); FALSE when a cell is "?", with
 * @unknown the table and @column its column (the family asks the players:
 * wb_rule_needs_result), or with @unknown NULL when the table has no such
 * test (a Close Fight in Fire Combat). */
gboolean    wb_bs_cohesion_lookup (const WbBsTables *t,
                                   WbBsCombatKind    kind,
                                   WbBsTest          test,
                                   int               coloured,
                                   int               white,
                                   WbBsDepletion    *depletion,
                                   WbBsSkedaddle    *skedaddle,
                                   WbTable         **unknown,
                                   int              *column);

/* One die of six faces in *face, or FALSE with @error (a typed roll
 * missing). */
typedef gboolean (*WbBsDie) (gpointer data, int *face, GError **error);

/* Applies @depletion in full, then @skedaddle, to @c's units (12.1,
 * 12.2): Deplete flips FR to BW, a BW unit takes a Break Test; BD* with
 * the triple-odds exception; Morale Hits (12.5); Break Tests (12.6) with
 * dice from @die; retreats and the Panic count left as data. FALSE when a
 * die is missing: @c is then half changed, drop it. */
gboolean    wb_bs_cohesion_apply (const WbBsTables *t,
                                  WbBsCohesion     *c,
                                  WbBsCombatKind    kind,
                                  WbBsDepletion     depletion,
                                  const WbBsSkedaddle *skedaddle,
                                  WbBsDie           die,
                                  gpointer          data,
                                  GError          **error);
/* A unit the firing player picked for a Panic result takes the Lead
 * Unit's Skedaddle result (Morale Hits, Break Test, the retreat: the
 * greater of R/RA and its own, 12.2c), not the Panic. */
gboolean    wb_bs_panic_apply    (const WbBsTables    *t,
                                  const WbBsSkedaddle *skedaddle,
                                  WbBsUnit            *unit,
                                  WbBsDie              die,
                                  gpointer             data,
                                  GError             **error);
/* One Break Test (12.6) of @unit; Morale Hits (12.5) on @unit. */
gboolean    wb_bs_break_test     (const WbBsTables *t, WbBsUnit *unit, WbBsDie die, gpointer data,
                                  GError **error);
gboolean    wb_bs_morale_hits    (const WbBsTables *t, WbBsUnit *unit, int hits, WbBsDie die,
                                  gpointer data, GError **error);

/* ---- Rebuild (13.2b) ---- */

/* Whether @die rebuilds a unit of modified CR @cr: 1, 0, or -1 unknown. */
int         wb_bs_rebuild        (const WbBsTables *t, int cr, int die);

/* ---- The players' results for "?" cells ---- */

/* A CRT code ("-", "green", "yellow", "red") as the test it calls for,
 * through the CRT's codes; WB_BS_TEST_UNKNOWN when it is none of them. */
WbBsTest    wb_bs_test_from_code (const WbBsTables *t, const char *code, WbBsCombatKind kind);
WbBsDepletion wb_bs_depletion_from_code (const char *code);
/* FALSE when @code is not a Skedaddle result. */
gboolean    wb_bs_skedaddle_parse (const char *code, WbBsSkedaddle *out);

const char *wb_bs_test_name      (WbBsTest test);

G_END_DECLS
