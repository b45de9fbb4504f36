/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internal to the game file reader (wb-format-read*.c): the reading state
 * and the typed, located accessors every part of the reader uses. They take
 * the object node (WbJsonNode of type WB_JSON_OBJECT) that holds @member. */

#include <glib/gi18n-lib.h>
#include "wb-format.h"
#include "wb-json-private.h"

G_BEGIN_DECLS

typedef struct
{
  const char *text;
  gsize       len;
  const char *name;
  GString    *path;           /* JSON path of the value being read */
  GError    **error;
  WbGame     *game;
  gboolean    failed;
  WbPointMap *point_map;      /* the point map whose connections are being read */
  gpointer    scenario_ctx;   /* the scenario being read (wb-format-read-scenario.c) */
  const char *base_dir;       /* folder of the game file, for relative paths; may be NULL */
  GPtrArray  *ids;            /* scratch for an id list used at once (hex, hexside features) */
  guint64     budget;         /* bytes this load may take (wb_format_memory_budget) */
  guint64     charged;        /* bytes charged so far (wb_read_charge) */
} Reader;

/* What the reader charges for memory the text does not pay for by its own
 * size: each element of a list of entities (its object, its index entry,
 * its interned id), more for a unit and a formation, and a table's cell. A hex
 * map pays its grids (WB_READ_HEX_COST a hex), a scenario its turns. The
 * figures are measured upper bounds (tests/test-memory.c checks a load's
 * peak resident size against the budget). */
#define WB_READ_ELEMENT_COST   256
#define WB_READ_UNIT_COST      768
#define WB_READ_FORMATION_COST 384
#define WB_READ_CELL_COST      64
#define WB_READ_HEX_COST       (sizeof (const char *) + sizeof (gint16) + 2)
#define WB_READ_TURN_COST      32

typedef gboolean (*RefCheck) (Reader *r, const char *id);
typedef gboolean (*EachFunc) (Reader *r, WbJsonNode *node, guint index, gpointer data);

gboolean     wb_read_fail_at        (Reader *r, int code, int column_offset,
                                     const char *format, ...) G_GNUC_PRINTF (4, 5);
#define fail(r, code, ...) wb_read_fail_at ((r), (code), 0, __VA_ARGS__)

gsize        wb_read_push_member    (Reader *r, const char *member);
gsize        wb_read_push_index     (Reader *r, guint index);
void         wb_read_pop            (Reader *r, gsize old);
const char  *wb_read_node_type_name (WbJsonNode *node);
gboolean     wb_read_is_string      (WbJsonNode *node);
gboolean     wb_read_is_number      (WbJsonNode *node);
double       wb_read_number_of      (WbJsonNode *node);
gboolean     wb_read_check_members  (Reader *r, WbJsonNode *obj, const char * const *allowed);
WbJsonNode  *wb_read_expect_object  (Reader *r, WbJsonNode *node);
gboolean     wb_read_get_array      (Reader *r, WbJsonNode *obj, const char *member, guint max,
                                     gboolean required, WbJsonNode **out);
gboolean     wb_read_get_string     (Reader *r, WbJsonNode *obj, const char *member,
                                     gboolean required, const char **out);
gboolean     wb_read_get_text       (Reader *r, WbJsonNode *obj, const char *member, char **field);
gboolean     wb_read_valid_id       (const char *s);
gboolean     wb_read_get_id         (Reader *r, WbJsonNode *obj, const char *member,
                                     gboolean required, const char **out);
gboolean     wb_read_get_number     (Reader *r, WbJsonNode *obj, const char *member,
                                     gboolean required, double min, double max, double *out);
gboolean     wb_read_get_int        (Reader *r, WbJsonNode *obj, const char *member,
                                     gboolean required, int min, int max, int *out);
gboolean     wb_read_get_bool       (Reader *r, WbJsonNode *obj, const char *member, gboolean *out);
gboolean     wb_read_get_color      (Reader *r, WbJsonNode *obj, const char *member, char **field);
gboolean     wb_read_get_id_list    (Reader *r, WbJsonNode *obj, const char *member, guint max,
                                     RefCheck check, GPtrArray *out);
gboolean     wb_read_check_side     (Reader *r, const char *id);
gboolean     wb_read_check_class    (Reader *r, const char *id);
gboolean     wb_read_check_feature  (Reader *r, const char *id);
gboolean     wb_read_check_formation (Reader *r, const char *id);
gboolean     wb_read_check_unit     (Reader *r, const char *id);
gboolean     wb_read_get_ref        (Reader *r, WbJsonNode *obj, const char *member,
                                     gboolean required, RefCheck check, const char **out);
gboolean     wb_read_for_each       (Reader *r, WbJsonNode *obj, const char *member, guint max,
                                     gboolean required, EachFunc each, gpointer data);
/* Charges @bytes to the load's memory budget; past it, fails with
 * WB_FORMAT_ERROR_TOO_LARGE at the value being read (nothing is allocated
 * for it: charge before allocating). */
gboolean     wb_read_charge         (Reader *r, guint64 bytes);
gboolean     wb_read_duplicate      (Reader *r, const char *what, const char *id);

/* Entity readers living in the other files, called through wb_read_for_each. */
gboolean     _wb_read_table         (Reader *r, WbJsonNode *node, guint index, gpointer data);
/* After the tables: each `pair` names a table that names this one back, each
 * code's effect `test` a table (and `column` one of its columns). */
gboolean     _wb_read_check_table_pairs (Reader *r);
gboolean     _wb_read_map           (Reader *r, WbJsonNode *node, guint index, gpointer data);
gboolean     _wb_read_formation     (Reader *r, WbJsonNode *node, guint index, gpointer data);
gboolean     _wb_read_unit          (Reader *r, WbJsonNode *node, guint index, gpointer data);
gboolean     _wb_read_scenario      (Reader *r, WbJsonNode *node, guint index, gpointer data);
/* Chits (format 8, wb-format-read-chits.c); a scenario's "cup" once its
 * turns are read; the chit reference check. */
gboolean     _wb_read_chit         (Reader *r, WbJsonNode *node, guint index, gpointer data);
gboolean     _wb_read_cup          (Reader *r, WbJsonNode *scenario, WbScenario *s);
gboolean     wb_read_check_chit    (Reader *r, const char *id);
/* rules.params and a chit's effect are kept as json-glib. */
JsonNode    *_wb_read_to_json_glib (WbJsonNode *node);

/* wb-format-read-map.c: a printed length member ("16mm", "5/8in"). */
gboolean    read_printed_size      (Reader *r, WbJsonNode *obj, const char *member,
                                    double min, double max, double *points);

G_END_DECLS
