/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The Blue & Gray Campaign Series family (Jackson & Sheridan, Grant's
 * Gamble): shared between its files. Rules are quoted from the series base
 * rules ("Base 10") and the games' specific rules ("J&S 12", "GG 10");
 * docs/rules-engine.md describes the state layout. */

#include "wb-point-map.h"
#include "rules/wb-family.h"
#include "rules/bg/wb-bg-battle.h"

G_BEGIN_DECLS

/* The sequence of play (Base 6), one step each. The victory checks are
 * made when the battle steps end; they are steps so the log and the turn
 * bar can name them. */
enum {
  BG_WEATHER,          /* the Union rolls (Base 7) */
  BG_REPLACEMENTS,     /* each side in turn, the first player first (Base 8) */
  BG_CAP_ROLL,         /* each side in turn rolls 2d6 (Base 9) */
  BG_FIRST_MOVEMENT,
  BG_FIRST_BATTLES,
  BG_FIRST_VICTORY,
  BG_SECOND_MOVEMENT,
  BG_SECOND_BATTLES,
  BG_SECOND_VICTORY,
  BG_N_STEPS,
};

/* Unit flags of the family (WbUnitState.flags); WB_UNIT_MOVED marks a unit
 * activated this player turn. */
enum {
  BG_FREE       = WB_UNIT_FAMILY_FLAG << 0,  /* cavalry/leader: may move without CAP (Base 10) */
  BG_RAIL       = WB_UNIT_FAMILY_FLAG << 1,  /* moved by rail this turn: may not attack */
  BG_NO_SCREEN  = WB_UNIT_FAMILY_FLAG << 2,  /* cavalry that failed a screen: no more this turn */
  BG_TRENCH     = WB_UNIT_FAMILY_FLAG << 3,  /* has a trench marker (GG 3) */
  BG_FOUGHT     = WB_UNIT_FAMILY_FLAG << 4,  /* its location's battle was fought this step */
  BG_OUT_OF_SUPPLY = WB_UNIT_FAMILY_FLAG << 5,  /* out of supply when last activated (Base 5) */
  BG_AMPHIBIOUS = WB_UNIT_FAMILY_FLAG << 6,  /* moved by sea this turn */
  BG_REACTED    = WB_UNIT_FAMILY_FLAG << 7,  /* reacted with Lee this turn (GG 10) */
  BG_SCREENS    = WB_UNIT_FAMILY_FLAG << 8,  /* J&S 3: the 1864 cavalry screens rather than fights */
  BG_RETREATED_IN = WB_UNIT_FAMILY_FLAG << 9,  /* retreated into a battle still to be fought: failed
                                                * morale there (Base 11.4) */
};

typedef enum {
  BG_CLEAR,
  BG_RAIN,
  BG_RAIN_TWICE,
} BgWeather;

/* The battle being fought (wb-bg-fight.c): the board of wb-bg-battle.[ch],
 * the location, the attacker. */
typedef struct {
  WbBgBattle board;
  gint16     loc;             /* the battle location */
  guint8     attacker;        /* the attacking side (the match's side index) */
  guint8     retreat_pending; /* the board is over, the retreat's destination is owed */
  guint32    revealed;        /* bit per slot: revealed for the battle */
} BgFight;

#define BG_MAX_SCREENED 4

/* The family's state of a match (WbMatch.fstate): plain data, copied byte
 * for byte with the match, zero at the start; a location is kept as its
 * index + 1, a side as its index + 1, so that 0 is none. */
typedef struct {
  BgWeather weather;          /* this turn's (Base 7) */
  int       rain_turns;       /* consecutive turns of rain up to this one */
  int       cap[2];           /* CAP left this turn, per side (Base 9) */
  guint32   sub;              /* within a step: the sides done, a bit each */
  int       rail_used[2];     /* rail moves this turn, per side */
  int       amphib_used[2];   /* amphibious moves this turn, per side */
  int       screened[BG_MAX_SCREENED];   /* locations screened this player turn, the latest last */
  guint32   once;             /* one-time VP scored: bit = the condition's index (BgVictory.index) */
  int       winner;           /* an automatic victory: the winning side + 1 */
  int       battle;           /* the location of the battle being fought (the board's) + 1 */
  int       crossing_open;    /* GG 2: the turn from which Charles City-City Point may be crossed */
  int       rail_cut;         /* GG 12: the turn a side has no battle reinforcements, … */
  int       rail_cut_side;    /* … that side + 1 */
  int       react_at;         /* GG 10: the location a reaction is offered into + 1 */
  BgFight   fight;            /* the battle being fought, while @battle is set */
} BgState;

/* @m's BgState (@m a match of this family). */
static inline BgState *
bg_state (WbMatch *m)
{
  if (G_LIKELY (m->fstate_size >= sizeof (BgState)))
    return (BgState *) m->fstate;
  return wb_match_family_state (m, sizeof (BgState));
}

/* Unit data (WbUnitState.data), named by index: a struct laid over the
 * engine's array would read it through another type (strict aliasing). */
enum {
  BG_DATA_MP,          /* movement points left (after activation) */
  BG_DATA_START,       /* its location at activation: index + 1 */
  BG_DATA_FROM,        /* the location it entered its present one from, this turn: index + 1
                        * (a battle's crossing and the attacker's retreat, Base 2, 11.4) */
  BG_N_DATA,
};
G_STATIC_ASSERT (BG_N_DATA <= G_N_ELEMENTS (((WbUnitState *) NULL)->data));

typedef enum {
  BG_INFANTRY,
  BG_GARRISON,
  BG_CAVALRY,
  BG_LEADER,
} BgKind;

/* A leader's special move (J&S 10): moves with units, starting and ending
 * together. */
typedef struct {
  const char *unit;        /* interned leader unit id */
  guint       side;
  int         cap;         /* CAP for the move, or per unit */
  gboolean    cap_per_unit;
  int         max_units;
  int         locations;
  const char *rule;        /* interned: the rule the log cites (default "J&S 10") */
} BgLeaderMove;

/* The game's victory conditions (rules.params.victory), evaluated in
 * their order by _wb_bg_victory_check; docs/rules-engine.md lists the
 * vocabulary. */
typedef enum {
  BG_V_VP_LINE,            /* the side's in-supply infantry in @tag: @vp each */
  BG_V_ONCE_LOCATION,      /* the side's in-supply infantry at @locs[0]: @vp once in the game */
  BG_V_OUTSIDE_TAG,        /* any enemy unit (not @exempt) outside @tag: @vp */
  BG_V_UNIT_OUTSIDE_TAG,   /* the enemy @unit outside @tag: @vp */
  BG_V_UNIT_AT_FROM_TURN,  /* the enemy @unit not at @locs[0] from turn @turn: @vp */
  BG_V_UNIT_ELIMINATED,    /* the enemy @unit eliminated: the side wins */
  BG_V_OCCUPY_ALL,         /* the side's infantry at each of @locs, no enemy infantry in @tag: wins */
  BG_V_HOLD_ALL,           /* the side holds each of @locs: wins */
  BG_V_INFANTRY_BELOW,     /* the enemy's infantry below @sp SP: the side wins */
  BG_V_RAIL_CUT,           /* no enemy railroad from @from to any of @locs: @vp (and no reinforcements) */
  BG_V_SCENARIO_OCCUPY,    /* the scenario's occupy entries: their VP to the side holding the place */
  BG_V_N_TYPES,
} BgVictoryType;

/* When a condition is checked, relative to its side. */
typedef enum {
  BG_AT_ENEMY_TURN,        /* the end of the enemy's player turn */
  BG_AT_OWN_TURN,          /* the end of the side's own player turn */
  BG_AT_PLAYER_TURN,       /* the end of each player turn */
  BG_AT_GAME_TURN,         /* the end of each game turn (the second player's victory check) */
  BG_AT_ANY_TIME,          /* each player turn's end and after each battle */
  BG_AT_GAME_END,          /* the end of the last game turn */
} BgWhen;

typedef struct {
  BgVictoryType type;
  BgWhen        at;
  guint         side;      /* the side that scores or wins */
  int           vp;        /* VP (BG_V_ONCE_LOCATION: -1, the location's own) */
  int           sp;        /* BG_V_INFANTRY_BELOW */
  int           turn;      /* BG_V_UNIT_AT_FROM_TURN */
  guint         index;     /* its place in the list (its bit of BgState.once) */
  const char   *tag;       /* interned map tag */
  const char   *unit;      /* interned unit id */
  char         *area;      /* what the log calls @tag's locations ("the Valley") */
  char         *rule;      /* the rule the log cites ("J&S 12") */
  GArray       *locs;      /* location indices (int) */
  GArray       *from;      /* BG_V_RAIL_CUT: the locations the rail lines run from */
  GPtrArray    *exempt;    /* BG_V_OUTSIDE_TAG: interned unit ids */
  gboolean      no_reinforcements;   /* BG_V_RAIL_CUT: sets BgState.rail_cut(_side) */
} BgVictory;

typedef struct {
  int to;                  /* location index */
  int conn;                /* index into the map's connections */
  gboolean rail;           /* a railroad */
  gboolean trace;          /* supply may be traced along it (J&S 5: in the Valley) */
} BgEdge;

typedef struct {
  WbGame       *game;
  WbPointMap   *map;
  const char   *scenario;       /* interned scenario id */
  guint         n_loc;
  GPtrArray    *locs;           /* WbLocation*, by index */
  GHashTable   *loc_index;      /* interned id → index + 1 */
  GArray      **adj;            /* per location: BgEdge */
  int           allowance[4];   /* by BgKind */
  int           cap_per_turn[2];
  int           rating[2];
  int           rain_mp, rain2_mp, oos_mp;
  guint8       *supply[2];      /* per location: a supply location of the side */
  gboolean      supply_ports[2];   /* GG 5: any port the side occupies */
  guint8       *replace_at[2];  /* per location: a replacement location */
  int           replace_sp[2];
  gboolean      replace_even[2];
  GHashTable   *return_sp;      /* class → SP an eliminated unit comes back with */
  guint8       *rail_ok;        /* per connection: a railroad the rail side controls */
  guint         rail_sides;     /* bit per side */
  int           rail_units, rail_cap;
  guint         amphib_sides;
  int           amphib_units, amphib_cap;
  int           screen_retreat_ok, screen_retreat_fail;
  int           trench_mp;
  gboolean      trench_in_fortress;
  GArray       *leader_moves;   /* BgLeaderMove */
  GArray       *victory;        /* BgVictory: rules.params.victory of the scenario */
  const char   *lee;            /* GG 10: the reacting leader (interned), or NULL */
  const char   *reaction_rule;  /* interned: the rule the log cites for it */
  const char   *trench_rule;    /* interned: the rule the log cites for trenches */
  int           crossing[2];    /* GG 2: the closed crossing's locations, or -1 */
  guint         crossing_side;  /* whose infantry opens it */
  char         *crossing_rule;  /* the rule the log cites */
  guint         union_side;     /* the side that rolls the weather (weather_roll_side) */
  guint8        rain[7];        /* by the weather die: rain (Base 7, the weather table) */
  /* The battle board's parameters (Base 11, 2; GG 3, 11). */
  int           hit_on, crossing_dice, fortress_dice, trench_dice;
  guint8        dice_by_sp[25]; /* the battle-dice table by SP (0: the board's default) */
  const char   *grant;          /* GG 11: the leader of the morale re-roll (interned), or NULL */
  /* The unit classes by their roles (format 7), and what a move along each
   * connection costs each class, from the legend. */
  GHashTable   *class_index;    /* interned class id → index + 1 */
  BgKind       *class_kind;     /* by class index */
  guint         n_classes;
  int          *conn_cost;      /* [connection × n_classes]: quarter MP, -1 may not be used */
} BgData;

/* wb-bg.c */
const char   *_wb_bg_side_id        (WbMatch *m, guint side);
const char   *_wb_bg_side_id_for    (BgData *data, guint side);
BgKind        _wb_bg_kind           (BgData *data, const WbUnitState *u);
/* Infantry, garrisons and cavalry that fights as infantry (J&S 3). */
gboolean      _wb_bg_is_foot        (BgData *data, const WbUnitState *u);
/* Infantry, and cavalry that acts as infantry (J&S 3), for the victory
 * rules that count infantry. */
gboolean      _wb_bg_is_infantry    (BgData *data, const WbUnitState *u);
/* Cavalry and leaders that move with infantry (Base 10); not the J&S 1864
 * cavalry, which acts as infantry. */
gboolean      _wb_bg_is_escort      (BgData *data, const WbUnitState *u);
int           _wb_bg_loc            (BgData *data, const WbWhere *where);
int           _wb_bg_loc_id         (BgData *data, const char *id);
gboolean      _wb_bg_has_tag        (BgData *data, int loc, const char *tag);
int           _wb_bg_max_halves     (BgData *data, const WbUnitState *u);
guint         _wb_bg_step_side      (WbMatch *m, int step);
gboolean      _wb_bg_is_movement    (WbMatch *m);
gboolean      _wb_bg_is_battle      (WbMatch *m);
/* Counts @side's units at @loc: all, foot units (see _wb_bg_is_foot) and
 * cavalry. */
void          _wb_bg_count          (BgData *data, WbMatch *m, int loc, guint side, int *all,
                                     int *foot, int *cavalry);
/* Whether @side occupies @loc: has units there and the enemy has none. */
gboolean      _wb_bg_holds          (BgData *data, WbMatch *m, int loc, guint side);

/* The quarter MP @u pays to move from location @from to @to along the
 * cheapest connection between them it may use (the legend's costs), or -1. */
int           _wb_bg_step_cost      (BgData *data, const WbUnitState *u, int from, int to);

/* wb-bg-move.c */
gboolean      _wb_bg_in_supply      (BgData *data, WbMatch *m, const WbUnitState *u);
/* The movement points @u would have if activated now (Base 10, 5, 7). */
int           _wb_bg_allowance      (BgData *data, WbMatch *m, const WbUnitState *u);
WbApplyResult _wb_bg_move           (BgData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* J&S 3: {"type": "screen", "unit": ID, "screen": true|false}: the owner
 * of a cavalry unit that fights as infantry says whether it screens. */
WbApplyResult _wb_bg_set_screen     (BgData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
WbApplyResult _wb_bg_react          (BgData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* Whether Lee may react to a Union unit ending its move at @loc (GG 10). */
void          _wb_bg_offer_reaction (BgData *data, WbMatch *m, int loc);
/* A unit's name for the log ("Lee"), else its designation, else @id. */
const char   *_wb_bg_unit_name      (BgData *data, const char *id);
GArray       *_wb_bg_destinations   (BgData *data, WbMatch *m, const char *unit);
/* The locations from @unit's place to @to along the way "to" would move it
 * (location ids, interned; transfer container), or NULL. */
GPtrArray    *_wb_bg_path           (BgData *data, WbMatch *m, const char *unit, const char *to);
WbApplyResult _wb_bg_replace        (BgData *data, WbMatch *m, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* The units @side may replace now (interned ids; transfer container). */
GPtrArray    *_wb_bg_replaceable    (BgData *data, WbMatch *m, guint side);
/* Replacement SP @side gets this turn (Base 8, J&S 8, GG 8). */
int           _wb_bg_replacement_sp (BgData *data, WbMatch *m, guint side);
/* GG 12: no line of railroad from any of @from (location indices) to @to
 * that avoids locations held by @cutter's infantry or garrisons. */
gboolean      _wb_bg_rail_cut_from  (BgData *data, WbMatch *m, guint cutter, GArray *from, int to);
/* The same for the game's first rail_cut victory condition (FALSE without
 * one, or when @to is not a location). */
gboolean      _wb_bg_rail_cut       (BgData *data, WbMatch *m, const char *to);

/* The replacement step goes on with the next side that has something to
 * replace (BgState.sub: sides done), or to the CAP roll. */
void          _wb_bg_next_replacement (BgData *data, WbMatch *m, WbRuleContext *ctx);
/* Reading the parameters (wb-bg.c, through the declaration: wb-params.h):
 * a refusal with @format as the message (FALSE); a JSON number; a side's
 * index by id, or -1. */
gboolean      _wb_bg_fail           (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
gboolean      _wb_bg_is_number      (JsonNode *n);
gboolean      _wb_bg_whole          (JsonNode *n, int lo, int hi, int *out);
int           _wb_bg_side_index     (BgData *data, const char *id);

/* Victory (wb-bg-victory.c): rules.params.victory read into
 * data->victory (an error names the condition's JSON path); a condition's
 * memory freed; the checks at the end of @side's player turn. */
gboolean      _wb_bg_read_victory   (BgData *data, const WbParams *o, GError **error);
void          _wb_bg_victory_clear  (BgVictory *v);
void          _wb_bg_victory_check  (BgData *data, WbMatch *m, guint side, WbRuleContext *ctx);
/* Locations where both sides have units and a battle is still owed
 * (location indices; transfer container). */
GArray       *_wb_bg_battles        (BgData *data, WbMatch *m);

/* The attacker chose the battle at @loc ({"type": "battle", "location":
 * ID}): the battle board (wb-bg-fight.c) takes over: it sets
 * BgState.battle and answers its own actions until the battle ends,
 * then flags the units there BG_FOUGHT and clears BgState.battle. */
gboolean      _wb_bg_battle_begin   (BgData *data, WbMatch *m, int loc, WbRuleContext *ctx,
                                     GError **error);

/* wb-bg-fight.c: the battle board on the map. */
void          _wb_bg_fight_read_params (BgData *data, const WbParams *params);
/* Sets up the battle at @loc for the active side (the attacker) and starts it. */
gboolean      _wb_bg_fight_begin    (BgData *data, WbMatch *m, int loc, WbRuleContext *ctx,
                                     GError **error);
/* The battle actions ("battle_roll", "battle_allocate", "battle_fortify",
 * "battle_reroll", "battle_retreat", "battle_reinforce", "battle_retreat_to"). */
WbApplyResult _wb_bg_fight_apply    (BgData *data, WbMatch *m, const char *type, JsonObject *action,
                                     WbRuleContext *ctx, GError **error);
/* "battle-fire", "battle-allocate", … while a battle runs, else NULL. */
const char   *_wb_bg_fight_awaiting (BgData *data, WbMatch *m);
const char   *_wb_bg_fight_hint     (BgData *data, WbMatch *m);
/* "Battle at Snickersville, Round 2: Battle fire" (transfer full), or NULL. */
char         *_wb_bg_fight_describe (BgData *data, WbMatch *m);
void          _wb_bg_fight_offers   (BgData *data, WbMatch *m, GPtrArray *offers);
JsonObject   *_wb_bg_fight_suggest  (BgData *data, WbMatch *m, WbRng *rng);
/* wb-bg-victory.c: the automatic victories checked at once (after a battle). */
void          _wb_bg_auto_victory   (BgData *data, WbMatch *m, WbRuleContext *ctx);

/* wb-bg-auto.c */
JsonObject   *_wb_bg_suggest        (BgData *data, WbMatch *m, WbRng *rng);
void          _wb_bg_offers         (BgData *data, WbMatch *m, GPtrArray *offers);

/* The family's table (registered in wb-family.c by the lead). */
const WbRulesFamily *wb_bg_family   (void);

/* The play UI's steps and the battle board as a generic board (wb-bg-steps.c). */
void          _wb_bg_step           (BgData *data, WbMatch *m, const WbPicks *picks, WbStep *step);
JsonObject   *_wb_bg_step_action    (BgData *data, WbMatch *m, const WbPicks *picks);
WbBoard      *_wb_bg_board          (BgData *data, WbMatch *m);
/* The turn bar's tracks: the weather once rolled, each side's CAP left. */
void          _wb_bg_tracks         (gpointer data, WbMatch *m, GPtrArray *tracks);

/* The parameters the family reads from rules.params, declared as data
 * (wb-bg-params.c; docs/rules-params.md). */
#define WB_BG_N_PARAMS 43
extern const WbParam _wb_bg_params[WB_BG_N_PARAMS];

G_END_DECLS
