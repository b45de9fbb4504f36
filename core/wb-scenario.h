/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-types.h"
#include "wb-chits.h"

G_BEGIN_DECLS

#define WB_SCENARIO_MAX_TURNS 1000

typedef struct {
  char     *label;     /* "May 5, 6 AM"; NULL for a plain number */
  gboolean  night;
} WbTurn;

/* An off-map box: Shields' off-board box, Snyder's Bluff, the broken track. */
typedef struct {
  const char *id;
  char       *name;
  const char *side;
} WbBox;

/* Where a unit is: a hex (printed number), a location id or a box id. */
typedef enum {
  WB_PLACE_HEX,
  WB_PLACE_LOCATION,
  WB_PLACE_BOX,
} WbPlaceKind;

typedef struct {
  WbPlaceKind kind;
  char       *ref;      /* "0414", "harpers-ferry", "off-board" */
} WbPlace;

typedef struct {
  const char *unit;
  GArray     *at;          /* WbPlace: one, or the choices the rules allow */
  const char *option;      /* only when this option is chosen */
  const char *unless;      /* dropped when this option is chosen */
  char       *note;        /* "reconstructed: cut from the source chart" */
} WbSetup;

/* A marker the scenario puts on the map that the map itself does not show:
 * Fallen Timber (full or half), a pontoon bridge, trench markers. @feature
 * is a hex feature type (where "hex") of the game. */
typedef struct {
  const char *feature;
  GArray     *at;          /* WbPlace: one hex or location */
  const char *option;
  const char *unless;
  char       *note;
} WbMarker;

typedef struct {
  int         turn;        /* 1-based */
  GArray     *at;          /* WbPlace: entry hexes/locations (alternatives) */
  const char *area;        /* entry area: a map mark id, or NULL */
  GPtrArray  *units;       /* unit ids, in historical order of arrival */
  const char *option;
  const char *unless;
  char       *condition;   /* as text */
  char       *note;
} WbReinforcement;

typedef struct {
  WbVictoryKind kind;
  const char   *side;       /* who scores */
  int           vp;         /* per SP, per place, or for the set */
  GArray       *places;     /* WbPlace, for OCCUPY */
  GPtrArray    *units;      /* unit ids, for DESTROY */
  char         *text;
} WbVictory;

/* An optional rule the players may choose. */
typedef struct {
  const char *id;
  char       *name;
  char       *text;
} WbOption;

typedef struct {
  const char *id;
  char       *title;
  char       *text;
} WbSpecialRule;

WbSetup         *wb_setup_new            (const char *unit);
void             wb_setup_free           (WbSetup *s);
WbMarker        *wb_marker_new           (const char *feature);
void             wb_marker_free          (WbMarker *m);
WbReinforcement *wb_reinforcement_new    (int turn);
void             wb_reinforcement_free   (WbReinforcement *r);
WbVictory       *wb_victory_new          (WbVictoryKind kind);
void             wb_victory_free         (WbVictory *v);
void             wb_place_array_add      (GArray *places, WbPlaceKind kind, const char *ref);
GArray          *wb_place_array_new      (void);

const char      *wb_victory_kind_to_string   (WbVictoryKind kind);
gboolean         wb_victory_kind_from_string (const char *s, WbVictoryKind *kind);

#define WB_TYPE_SCENARIO (wb_scenario_get_type ())
G_DECLARE_FINAL_TYPE (WbScenario, wb_scenario, WB, SCENARIO, GObject)

WbScenario  *wb_scenario_new              (const char *id);
const char  *wb_scenario_get_id           (WbScenario *self);
const char  *wb_scenario_get_name         (WbScenario *self);
void         wb_scenario_set_name         (WbScenario *self, const char *name);
const char  *wb_scenario_get_description  (WbScenario *self);
void         wb_scenario_set_description  (WbScenario *self, const char *text);
const char  *wb_scenario_get_map          (WbScenario *self);
void         wb_scenario_set_map          (WbScenario *self, const char *map_id);
const char  *wb_scenario_get_first_side   (WbScenario *self);
void         wb_scenario_set_first_side   (WbScenario *self, const char *side);
const char  *wb_scenario_get_victory_text (WbScenario *self);
void         wb_scenario_set_victory_text (WbScenario *self, const char *text);
GArray      *wb_scenario_get_turns        (WbScenario *self);   /* WbTurn */
void         wb_scenario_set_turn_count   (WbScenario *self, int count);
GPtrArray   *wb_scenario_get_boxes        (WbScenario *self);   /* WbBox* */
GPtrArray   *wb_scenario_get_setup        (WbScenario *self);   /* WbSetup* */
GPtrArray   *wb_scenario_get_reinforcements (WbScenario *self); /* WbReinforcement* */
GPtrArray   *wb_scenario_get_markers      (WbScenario *self);   /* WbMarker* */
GPtrArray   *wb_scenario_get_victory      (WbScenario *self);   /* WbVictory* */
GPtrArray   *wb_scenario_get_options      (WbScenario *self);   /* WbOption* */
GPtrArray   *wb_scenario_get_special_rules (WbScenario *self);  /* WbSpecialRule* */
/* The draw cup (format 8), NULL when the scenario has none; replace takes
 * @cup (may be NULL) and returns the old one (transfer full). */
WbCup       *wb_scenario_get_cup          (WbScenario *self);
WbCup       *wb_scenario_replace_cup      (WbScenario *self, WbCup *cup);
/* Whether an entry tagged with @option/@unless applies when the options in
 * the NULL-terminated @chosen (may be NULL) are in force. */
gboolean     wb_scenario_applies          (const char *option, const char *unless,
                                           const char * const *chosen);
/* Where @unit starts (first choice) with @chosen options, or NULL. */
const WbPlace *wb_scenario_find_setup     (WbScenario *self, const char *unit,
                                           const char * const *chosen);

G_END_DECLS
