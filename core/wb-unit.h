/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-types.h"

G_BEGIN_DECLS

#define WB_STRENGTH_MAX_STEPS 8

/* Strength in the game's own form. Values are in half strength points
 * (2 = 1 SP, 1 = ½ SP, the cadre "C"). For SINGLE n = 1; for SIDES n = 2
 * (fresh, battleworn); for STEPS n is the number of steps, strongest
 * first. @current indexes the value in force now. */
typedef struct {
  WbStrengthKind kind;
  guint8         n;
  guint8         current;
  gint16         halves[WB_STRENGTH_MAX_STEPS];
} WbStrength;

static inline int
wb_strength_current_halves (const WbStrength *s)
{
  return s->halves[s->current];
}

gboolean  wb_strength_equal      (const WbStrength *a, const WbStrength *b);
/* "7", "12/8/4", "3|2" (fresh|battleworn), with "C" for ½. */
char     *wb_strength_to_string  (const WbStrength *s);

/* A unit attribute value, typed by the class's WbAttrDef. */
typedef struct {
  WbAttrType type;
  union {
    gint64   i;
    double   d;
    gboolean b;
    char    *s;   /* STRING and FIREPOWER */
  };
} WbAttrValue;

void      wb_attr_value_free     (WbAttrValue *v);
gboolean  wb_attr_value_equal    (const WbAttrValue *a, const WbAttrValue *b);

#define WB_TYPE_UNIT (wb_unit_get_type ())
G_DECLARE_FINAL_TYPE (WbUnit, wb_unit, WB, UNIT, GObject)

WbUnit            *wb_unit_new              (const char *id);
const char        *wb_unit_get_id           (WbUnit *self);
const char        *wb_unit_get_name         (WbUnit *self);
void               wb_unit_set_name         (WbUnit *self, const char *name);
/* Short printed designation ("2/3/V", "Stafrd"); defaults to the name. */
const char        *wb_unit_get_designation  (WbUnit *self);
void               wb_unit_set_designation  (WbUnit *self, const char *designation);
const char        *wb_unit_get_side         (WbUnit *self);
void               wb_unit_set_side         (WbUnit *self, const char *side);
const char        *wb_unit_get_class_id     (WbUnit *self);
void               wb_unit_set_class_id     (WbUnit *self, const char *class_id);
const char        *wb_unit_get_formation    (WbUnit *self);
void               wb_unit_set_formation    (WbUnit *self, const char *formation);
/* Unit size marking: "III", "X", "XX", "XXX" or NULL. */
const char        *wb_unit_get_size         (WbUnit *self);
void               wb_unit_set_size         (WbUnit *self, const char *size);
const char        *wb_unit_get_note         (WbUnit *self);
void               wb_unit_set_note         (WbUnit *self, const char *note);
const WbStrength  *wb_unit_get_strength     (WbUnit *self);
void               wb_unit_set_strength     (WbUnit *self, const WbStrength *strength);
/* Attributes in the order they were set. */
const WbAttrValue *wb_unit_get_attr         (WbUnit *self, const char *id);
void               wb_unit_set_attr         (WbUnit *self, const char *id, const WbAttrValue *value);
/* Interned attribute ids, in order. */
GPtrArray         *wb_unit_get_attr_ids     (WbUnit *self);

G_END_DECLS
