/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "wb-types.h"

G_BEGIN_DECLS

/* A rules family's parameters declared as data (docs/rules-params.md): the
 * game file's rules.params is checked against the declaration when it
 * loads, the reference is printed from it (warbench-cli rules), and the
 * family reads its parameters only through it (wb_params_int () and the
 * others), so a parameter it reads is one it declares. */

typedef enum {
  WB_PARAM_BOOL,
  WB_PARAM_INT,
  WB_PARAM_NUMBER,
  WB_PARAM_STRING,      /* a text the family plays (a rule citation the log prints) */
  WB_PARAM_ENUM,        /* one of @values */
  WB_PARAM_ID,          /* an id of kind @ref */
  WB_PARAM_ID_LIST,     /* a list of ids of kind @ref */
  WB_PARAM_INT_LIST,    /* a list of whole numbers, each within @min..@max */
  WB_PARAM_OBJECT,      /* an object with @members */
  WB_PARAM_LIST,        /* a list of objects with @members */
  WB_PARAM_MAP,         /* an object keyed by ids of kind @ref, each value as @members[0] */
  WB_PARAM_NOTE,        /* documentation only: the family does not read it */
} WbParamType;

typedef enum {
  WB_PARAM_REF_NONE,
  WB_PARAM_REF_SIDE,
  WB_PARAM_REF_UNIT,
  WB_PARAM_REF_CLASS,
  WB_PARAM_REF_FORMATION,
  WB_PARAM_REF_LOCATION,
  WB_PARAM_REF_TAG,             /* a tag some location carries */
  WB_PARAM_REF_TABLE,           /* a table, of a kind in @table_kinds */
  WB_PARAM_REF_FEATURE,         /* any feature of the legend */
  WB_PARAM_REF_HEX_FEATURE,
  WB_PARAM_REF_HEXSIDE_FEATURE,
  WB_PARAM_REF_TERRAIN,
  WB_PARAM_REF_TERRAIN_OR_FEATURE,
  WB_PARAM_REF_CONNECTION_CLASS,
  WB_PARAM_REF_OPTION,          /* an optional rule of a scenario */
} WbParamRef;

typedef struct _WbParam WbParam;

struct _WbParam
{
  const char        *name;
  WbParamType        type;
  WbParamRef         ref;          /* ID, ID_LIST; MAP: the keys */
  /* The default: @def_number for BOOL (0/1), INT and NUMBER, @def_string
   * for STRING, ENUM and ID; @def_text words it in the reference when
   * it is not a plain value ("each location's own supply field"). */
  double             def_number;
  const char        *def_string;
  const char        *def_text;     /* N_() or NULL */
  /* INT, NUMBER: the values allowed, when @min <= @max (both 0: any); a
   * single value is the only one the family plays. ID_LIST: how many ids. */
  double             min, max;
  const char * const *values;      /* ENUM: NULL-terminated; BOOL: the one played ("true") */
  guint              table_kinds;  /* REF_TABLE: 1 << WbTableKind allowed, 0: any */
  const char        *unit;         /* "MP", "hexes", or NULL */
  const char        *doc;          /* N_(): one line */
  const char        *rule;         /* the rulebook section: "5.0", "Base 9" */
  gboolean           required;
  /* The value may be given per scenario: {"1862": V, "1864": V}. */
  gboolean           per_scenario;
  guint              length;       /* INT_LIST: how many numbers (0: any) */
  const WbParam     *members;      /* OBJECT, LIST; MAP: the value */
  guint              n_members;
};

#define WB_PARAM_MAX_LIST 1000

/* A view on parameters for reading: the declaration and the values (an
 * object of the game file), with the scenario per-scenario values are
 * read for. */
typedef struct {
  const WbParam *decl;
  guint          n_decl;
  JsonObject    *values;     /* may be NULL: every parameter has its default */
  JsonNode      *single;     /* a map's entry: the value of its one member */
  WbGame        *game;
  const char    *scenario;   /* NULL: no per-scenario values */
  const char    *where;      /* for the criticals: "spi-blue-gray", "command_rolls[]" */
} WbParams;

/* The view on @game's rules.params for @scenario, read through @decl. */
void         wb_params_init        (WbParams *params, const WbParam *decl, guint n_decl,
                                    const char *family_id, WbGame *game, const char *scenario);

/* Each getter looks @name up in the declaration (an undeclared name is a
 * programming error: a critical, and the getter gives 0/NULL) and returns
 * the value, or the declared default when it is absent, of another type
 * than declared or outside the declared range (rules.params is validated
 * when the game loads; a game changed in memory is not). INT_LIST leaves
 * out the elements that are not numbers within the range. */
gboolean     wb_params_has         (const WbParams *params, const char *name);
/* The value as it is (borrowed), per scenario resolved, or NULL: for a
 * family that words its own errors on a value it reads in parts. */
JsonNode    *wb_params_node        (const WbParams *params, const char *name);
/* Whether @name's value is given per scenario (and this one's is read). */
gboolean     wb_params_per_scenario (const WbParams *params, const char *name);
gboolean     wb_params_bool        (const WbParams *params, const char *name);
gint64       wb_params_int         (const WbParams *params, const char *name);
double       wb_params_number      (const WbParams *params, const char *name);
/* STRING, ENUM, ID: the string (owned by the game's params), or the default. */
const char  *wb_params_string      (const WbParams *params, const char *name);
/* ID_LIST: the ids (transfer full), NULL when absent. */
char       **wb_params_strv        (const WbParams *params, const char *name);
/* INT_LIST: the numbers (transfer full) and how many, NULL and 0 when absent. */
gint64      *wb_params_ints        (const WbParams *params, const char *name, guint *n);
/* OBJECT: a view on its members (absent: every member has its default);
 * FALSE when absent. */
gboolean     wb_params_object      (const WbParams *params, const char *name, WbParams *out);
/* LIST: how many objects, and a view on the @index-th. */
guint        wb_params_length      (const WbParams *params, const char *name);
gboolean     wb_params_item        (const WbParams *params, const char *name, guint index,
                                    WbParams *out);
/* MAP: its keys in the file's order (transfer container), NULL when absent;
 * the value for @key as a view whose one member is named "value"
 * (wb_params_int (&entry, "value")). FALSE when @key has none. */
GList       *wb_params_keys        (const WbParams *params, const char *name);
gboolean     wb_params_entry       (const WbParams *params, const char *name, const char *key,
                                    WbParams *out);

/* Checks @node (rules.params, an object, or NULL) against @decl for
 * @game: on failure, FALSE with @path set to the JSON path of the
 * offending value ("$.rules.params.command_rolls[0].side") and @error a
 * WB_FORMAT_ERROR saying what is wrong and what was expected. */
gboolean     wb_params_validate    (const WbParam *decl, guint n_decl, WbGame *game, JsonNode *node,
                                    char **path, GError **error);

/* The JSON path ("rules.params.movement_profiles[0].costs.forest") of
 * the first parameter of @game's family that names @id as an id of a
 * kind in @refs (bits 1 << WbParamRef), or NULL: what an editor checks
 * before it removes a terrain, a feature, a unit… (transfer full). */
char        *wb_params_reference   (WbGame *game, guint refs, const char *id);

#define WB_PARAM_REFS_TERRAIN ((1u << WB_PARAM_REF_TERRAIN) | (1u << WB_PARAM_REF_TERRAIN_OR_FEATURE))
#define WB_PARAM_REFS_FEATURE ((1u << WB_PARAM_REF_FEATURE) | (1u << WB_PARAM_REF_HEX_FEATURE) | \
                               (1u << WB_PARAM_REF_HEXSIDE_FEATURE) | (1u << WB_PARAM_REF_CONNECTION_CLASS) | \
                               (1u << WB_PARAM_REF_TERRAIN_OR_FEATURE))

/* The parameter reference of @decl: plain text for the terminal, or
 * Markdown for docs/rules-params.md. Appended to @out. */
void         wb_params_describe    (const WbParam *decl, guint n_decl, gboolean markdown, GString *out);

/* The edit distance of @a and @b (Levenshtein), for "did you mean". */
guint        wb_params_distance    (const char *a, const char *b);
/* The closest of @names to @word when it is close enough to be a slip of
 * the keyboard (the "did you mean" of load errors: parameters, ids, roles),
 * else NULL. */
const char  *wb_params_suggest     (const char *word, const char * const *names, guint n);

G_END_DECLS
