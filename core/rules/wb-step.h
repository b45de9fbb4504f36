/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "rules/wb-match.h"

G_BEGIN_DECLS

/* What the player may do now, described by the rules family for one
 * generic play UI (docs/rules-engine.md, "Steps and boards"): lists of
 * things to pick — units on the map, hexes, locations, units on a board —
 * each with its legal candidates (the family's own check), how many, and
 * how a click picks them; the words of the prompt; and, from the picks,
 * the action (WbRulesFamily.step_action). The family describes the step
 * for the picks made so far, so a later list may depend on an earlier one
 * (a unit's destinations once it is picked). Nothing here names a family's
 * steps: the UI runs the description, whatever the family. */

typedef struct _WbPicks WbPicks;

typedef enum {
  WB_PICK_UNIT,        /* a unit on the map or in the reserve, by id; a click on its place */
  WB_PICK_HEX,         /* a hex, by its number ("0414") */
  WB_PICK_LOCATION,    /* a location of a point map, by id */
  WB_PICK_BOARD_UNIT,  /* a unit on the step's board (WbBoard), by id */
} WbPickKind;

typedef enum {
  WB_PICK_GROUP  = 1 << 0,  /* a click on a place picks all its candidates, or unpicks them all */
  WB_PICK_REPEAT = 1 << 1,  /* a candidate may be picked again (a hit more): a click adds, Clear drops */
  WB_PICK_ANY    = 1 << 2,  /* any place of the kind: the rules judge the action when it is played */
  WB_PICK_LEADS  = 1 << 3,  /* the lists after this one depend on its pick: a new pick drops theirs */
} WbPickFlags;

/* A thing a list may pick now. */
typedef struct {
  char    *value;   /* the unit's id, the hex's number, the location's id */
  WbWhere  where;   /* where it is (a unit's place; the hex or the location itself) */
  int      cost;    /* a destination's cost in quarter MP (highlights), or -1 */
} WbPickCandidate;

typedef struct {
  WbPickKind  kind;
  guint       flags;         /* WbPickFlags */
  guint       min;           /* picks the action needs */
  guint       max;           /* picks it takes at most */
  GArray     *candidates;    /* WbPickCandidate: what a click may pick (or unpick) now */
  /* Why a click on a board unit that is no candidate picks nothing (value
   * → message), for the units the family can say it of; may be NULL. */
  GHashTable *reasons;
  /* Said when a click lands on units of the side to act and none is a
   * candidate ("These units cannot move now"); may be NULL. */
  char       *refusal;
  /* A board unit's picks are drawn as a badge of this text and their
   * count ("−" and 2 picks: "−2", two hits); NULL: the unit is drawn
   * chosen (a check mark). */
  char       *badge;
} WbPickList;

/* A button of the prompt besides the family's offers: "No Advance". */
typedef struct {
  char       *label;     /* with a mnemonic */
  char       *tooltip;
  JsonObject *action;
} WbStepButton;

/* A note the map shows while the step is played: @text in the middle of
 * the way from @from to @to (a road's count this turn, "3/12"), or at
 * @from when @to is no place (kind WB_WHERE_ELIMINATED). */
typedef struct {
  WbWhere  from;
  WbWhere  to;
  char    *text;
} WbStepNote;

typedef struct {
  char      *hint;          /* what the player does now (the family's hint) */
  GPtrArray *lists;         /* WbPickList*, in the order a click tries them: the last first */
  /* Play the action as soon as the picks make one (a move: a unit, then
   * its hex); else the prompt's main button plays it. */
  gboolean   auto_act;
  char      *act_label;     /* the main button ("_Attack", "_Apply Hits"), NULL: none */
  char      *act_tooltip;
  /* The prompt shows what the action would do before it is played
   * (wb_play_preview: an attack's odds). */
  gboolean   preview;
  char      *summary;       /* the picks in words ("Hits: VIII Corps ×2 (2 of 2)"), or NULL */
  GPtrArray *buttons;       /* WbStepButton* */
  char      *refusal;       /* said when a click on the map is taken by no list, or NULL */
  char      *board_refusal; /* the same for a click on the board */
  GPtrArray *notes;         /* WbStepNote*: what the map shows while the step is played */
} WbStep;

WbStep      *wb_step_new            (void);
void         wb_step_free           (WbStep *step);
/* A new list of @kind added to @step (owned by it). */
WbPickList  *wb_step_add_list       (WbStep *step, WbPickKind kind, guint flags, guint min, guint max);
void         wb_step_add_button     (WbStep *step, const char *label, const char *tooltip, JsonObject *action);
/* A note on the map (WbStepNote): @to NULL puts it at @from. */
void         wb_step_add_note       (WbStep *step, const WbWhere *from, const WbWhere *to, const char *text);
void         wb_pick_list_add       (WbPickList *list, const char *value, const WbWhere *where, int cost);
/* The candidate @value of @list, or NULL. */
const WbPickCandidate *wb_pick_list_find (const WbPickList *list, const char *value);
void         wb_pick_list_set_reason (WbPickList *list, const char *value, const char *reason);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbStep, wb_step_free)

/* The place @value names for a list of @kind on @m's map (a hex's number,
 * a location's id; interned), FALSE when it names none. */
gboolean     wb_step_place          (WbMatch *m, WbPickKind kind, const char *value, WbWhere *where);
/* The value a list of places picks @where by (a hex's number, a
 * location's id; transfer full), and its kind. */
char        *wb_step_place_value    (WbMatch *m, const WbWhere *where, WbPickKind *kind);
/* What many steps are: a unit of the side to act with somewhere to go
 * (list 0: those @destinations gives places for; @refusal when a click on
 * the side's units finds none), then one of its destinations (list 1,
 * with their costs), played at once. The family's step_action reads the
 * two picks (wb_step_place for the second). */
void         wb_step_add_unit_moves (WbStep *step, WbMatch *m, const WbPicks *picks,
                                     GArray *(*destinations) (gpointer data, WbMatch *m, const char *unit),
                                     gpointer data, const char *refusal);

/* The picks made so far: for each list of the step, its values in the
 * order picked (a value repeated for a list that repeats). */

WbPicks     *wb_picks_new           (void);
void         wb_picks_free          (WbPicks *picks);
WbPicks     *wb_picks_copy          (const WbPicks *picks);
guint        wb_picks_count         (const WbPicks *picks, guint list);
const char  *wb_picks_get           (const WbPicks *picks, guint list, guint index);
/* How many times @value is picked in @list. */
guint        wb_picks_count_value   (const WbPicks *picks, guint list, const char *value);
void         wb_picks_add           (WbPicks *picks, guint list, const char *value);
/* Drops every pick of @value from @list. */
void         wb_picks_remove        (WbPicks *picks, guint list, const char *value);
void         wb_picks_clear_list    (WbPicks *picks, guint list);
void         wb_picks_clear         (WbPicks *picks);
/* The picks of @list as a JSON array of strings (transfer full). */
JsonArray   *wb_picks_to_json       (const WbPicks *picks, guint list);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbPicks, wb_picks_free)

/* A board the step is played on (a Blue & Gray battle board): boxes in
 * rows and units in the boxes, drawn by one generic view. */
typedef struct {
  char     *title;
  guint     row;      /* rows top to bottom */
  double    weight;   /* its share of the row's width */
  gboolean  aside;    /* in the column beside the board, from its row to the next aside box's */
  gboolean  tinted;   /* drawn in the colour of the lines that fight */
} WbBoardBox;

typedef struct {
  char     *id;       /* the unit's id: a board pick's value */
  char     *label;    /* the name drawn on it ("VIII") */
  char     *value;    /* drawn under it ("4 SP"), or NULL */
  guint     side;     /* its side in the game (colours); one the game does not have: neutral, light paper */
  int       box;      /* index in boxes, or -1: not shown */
  int       dice;     /* the dice it rolls now, in a circle; 0: none */
  int       morale;   /* in a star; 0: none */
  int       marks;    /* red marks along the bottom (hits this round) */
} WbBoardUnit;

typedef struct {
  char    *title;         /* "Battle at Snickersville · round 1 · Union: Apply hits" */
  /* What the play window's toggle between the map and the board says,
   * with a mnemonic ("_Pick Blocks"); NULL: "_Battle Board". */
  char    *name;
  int      front_after;   /* a front line is drawn after this row, or -1 */
  GArray  *boxes;         /* WbBoardBox */
  GArray  *units;         /* WbBoardUnit, in the order they are placed in their boxes */
} WbBoard;

WbBoard     *wb_board_new           (const char *title);
void         wb_board_free          (WbBoard *board);
/* Adds a box; its index. */
guint        wb_board_add_box       (WbBoard *board, const char *title, guint row, double weight, gboolean aside,
                                     gboolean tinted);
WbBoardUnit *wb_board_add_unit      (WbBoard *board, const char *id, const char *label, const char *value,
                                     guint side, int box);
/* The unit @id's index in units, or -1. */
int          wb_board_find_unit     (const WbBoard *board, const char *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbBoard, wb_board_free)

G_END_DECLS
