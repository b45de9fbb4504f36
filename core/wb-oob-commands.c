/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-oob-commands.h"
#include "rules/wb-params.h"
#include "wb-util-private.h"

#define MAX_ID_LEN      64
#define MAX_HALVES      20000   /* 10000 SP, as the reader allows */

/* --- ids, strength, firepower --------------------------------------------- */

static gboolean
valid_id (const char *s)
{
  gsize n = s ? strlen (s) : 0;

  if (n == 0 || n > MAX_ID_LEN)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
      return FALSE;
  return TRUE;
}

static char *
make_id (const char *name,
         const char *fallback,
         gpointer  (*find) (WbGame *, const char *),
         WbGame     *game)
{
  g_autofree char *base = wb_slug_from_name (name, fallback);
  char *id;

  if (strlen (base) > MAX_ID_LEN - 8)
    base[MAX_ID_LEN - 8] = '\0';
  id = g_strdup (base);
  for (guint n = 2; find (game, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  return id;
}

char *
wb_oob_make_unit_id (WbGame     *game,
                     const char *name)
{
  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  return make_id (name, "unit", (gpointer (*) (WbGame *, const char *)) wb_game_find_unit, game);
}

char *
wb_oob_make_formation_id (WbGame     *game,
                          const char *name)
{
  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  return make_id (name, "formation",
                  (gpointer (*) (WbGame *, const char *)) wb_game_find_formation, game);
}

gboolean
wb_oob_firepower_is_valid (const char *s)
{
  gsize n = s ? strlen (s) : 0;

  return n >= 2 && n <= 4 && g_ascii_isalpha (s[0]) &&
         strspn (s + 1, "0123456789") == n - 1;
}

static gboolean
parse_halves (const char  *text,
              int         *out,
              GError     **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text));
  g_autofree char *num = NULL;
  gboolean half = FALSE;
  char *end = NULL;
  double v;
  gsize n;

  if (g_ascii_strcasecmp (t, "C") == 0 || strcmp (t, "½") == 0)
    {
      *out = 1;
      return TRUE;
    }
  n = strlen (t);
  if (n > strlen ("½") && strcmp (t + n - strlen ("½"), "½") == 0)
    {
      half = TRUE;
      t[n - strlen ("½")] = '\0';
    }
  v = g_ascii_strtod (t, &end);
  if (*t == '\0' || end == NULL || *end != '\0' || !isfinite (v))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a strength (expected a number such as 7, 2½ or C)"), text);
      return FALSE;
    }
  if (half)
    v += 0.5;
  if (v < 0 || v > MAX_HALVES / 2 || v * 2 != floor (v * 2))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("%s is not a strength (expected 0 to 10000 in steps of ½)"), text);
      return FALSE;
    }
  *out = (int) (v * 2);
  return TRUE;
}

gboolean
wb_oob_parse_strength (const char      *text,
                       WbStrengthKind   kind,
                       guint            current,
                       WbStrength      *out,
                       GError         **error)
{
  g_auto(GStrv) parts = NULL;
  guint n;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->kind = kind;
  parts = g_strsplit_set (text, kind == WB_STRENGTH_SIDES ? "|/" : "/", -1);
  n = g_strv_length (parts);
  switch (kind)
    {
    case WB_STRENGTH_SINGLE:
      if (n != 1)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("“%s” is not a single strength"), text);
          return FALSE;
        }
      break;
    case WB_STRENGTH_SIDES:
      if (n != 2)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("“%s”: expected the fresh and the battleworn strength, such as 3|2"),
                       text);
          return FALSE;
        }
      break;
    case WB_STRENGTH_STEPS:
      if (n < 1 || n > WB_STRENGTH_MAX_STEPS)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("“%s”: expected 1 to %d steps, such as 12/8/4"), text,
                       WB_STRENGTH_MAX_STEPS);
          return FALSE;
        }
      break;
    default:
      g_assert_not_reached ();
    }
  out->n = (guint8) n;
  for (guint i = 0; i < n; i++)
    {
      int halves;

      if (!parse_halves (parts[i], &halves, error))
        return FALSE;
      out->halves[i] = (gint16) halves;
    }
  out->current = (guint8) MIN (current, n - 1);
  return TRUE;
}

static gboolean
check_strength (const WbStrength  *s,
                GError           **error)
{
  gboolean ok;

  switch (s->kind)
    {
    case WB_STRENGTH_SINGLE: ok = s->n == 1; break;
    case WB_STRENGTH_SIDES:  ok = s->n == 2; break;
    case WB_STRENGTH_STEPS:  ok = s->n >= 1 && s->n <= WB_STRENGTH_MAX_STEPS; break;
    default:                 ok = FALSE; break;
    }
  ok = ok && s->current < s->n;
  for (guint i = 0; ok && i < s->n; i++)
    ok = s->halves[i] >= 0 && s->halves[i] <= MAX_HALVES;
  if (!ok)
    g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                 _("Not a strength the game file can hold (1 to %d values of 0 to 10000 in steps of ½)"),
                 WB_STRENGTH_MAX_STEPS);
  return ok;
}

/* --- scenario references ---------------------------------------------------- */

static gboolean
ids_contain (GPtrArray  *ids,
             const char *id)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return TRUE;
  return FALSE;
}

gboolean
wb_oob_unit_is_used (WbGame      *game,
                     const char  *id,
                     char       **why)
{
  GPtrArray *scenarios;
  WbUnit *unit;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  unit = wb_game_find_unit (game, id);
  scenarios = wb_game_get_scenarios (game);
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *sc = g_ptr_array_index (scenarios, i);
      GPtrArray *setup = wb_scenario_get_setup (sc);
      GPtrArray *reinf = wb_scenario_get_reinforcements (sc);
      GPtrArray *victory = wb_scenario_get_victory (sc);
      const char *name = unit ? wb_unit_get_name (unit) : id;
      const char *sc_name = wb_scenario_get_name (sc) ? wb_scenario_get_name (sc)
                                                      : wb_scenario_get_id (sc);
      char *text = NULL;

      for (guint j = 0; text == NULL && j < setup->len; j++)
        if (g_strcmp0 (((WbSetup *) g_ptr_array_index (setup, j))->unit, id) == 0)
          text = g_strdup_printf (_("“%s” is in the set-up of scenario “%s”: remove it from the set-up first"),
                                  name, sc_name);
      for (guint j = 0; text == NULL && j < reinf->len; j++)
        if (ids_contain (((WbReinforcement *) g_ptr_array_index (reinf, j))->units, id))
          text = g_strdup_printf (_("“%s” is a reinforcement in scenario “%s”: remove it from the schedule first"),
                                  name, sc_name);
      for (guint j = 0; text == NULL && j < victory->len; j++)
        if (ids_contain (((WbVictory *) g_ptr_array_index (victory, j))->units, id))
          text = g_strdup_printf (_("“%s” is named in the victory conditions of scenario “%s”: remove it there first"),
                                  name, sc_name);
      if (text != NULL)
        {
          if (why != NULL)
            *why = text;
          else
            g_free (text);
          return TRUE;
        }
    }
  /* A rules parameter naming it: the file would not load again. */
  {
    g_autofree char *path = wb_params_reference (game, 1u << WB_PARAM_REF_UNIT, id);

    if (path != NULL)
      {
        if (why != NULL)
          *why = g_strdup_printf (_("“%s” is named by the rules parameters (%s): change them first"),
                                  unit ? wb_unit_get_name (unit) : id, path);
        return TRUE;
      }
  }
  return FALSE;
}

/* --- a unit's state ----------------------------------------------------------- */

/* Everything of a unit but its id, raw: a name equal to the id and a
 * designation equal to the name are kept unset, as the file keeps them. */
typedef struct {
  char        *name;
  char        *designation;
  const char  *side;
  const char  *class_id;
  const char  *formation;
  char        *size;
  char        *note;
  WbStrength   strength;
  GPtrArray   *attr_ids;      /* interned */
  GPtrArray   *attrs;         /* WbAttrValue*, same order */
} UnitState;

static WbAttrValue *
attr_copy (const WbAttrValue *v)
{
  WbAttrValue *copy = g_new (WbAttrValue, 1);

  *copy = *v;
  if (v->type == WB_ATTR_STRING || v->type == WB_ATTR_FIREPOWER)
    copy->s = g_strdup (v->s);
  return copy;
}

static void
unit_state_clear (UnitState *st)
{
  g_clear_pointer (&st->name, g_free);
  g_clear_pointer (&st->designation, g_free);
  g_clear_pointer (&st->size, g_free);
  g_clear_pointer (&st->note, g_free);
  g_clear_pointer (&st->attr_ids, g_ptr_array_unref);
  g_clear_pointer (&st->attrs, g_ptr_array_unref);
}

static void
unit_state_capture (UnitState *st,
                    WbUnit    *unit)
{
  const char *name = wb_unit_get_name (unit);
  const char *designation = wb_unit_get_designation (unit);
  GPtrArray *ids = wb_unit_get_attr_ids (unit);

  st->name = g_strcmp0 (name, wb_unit_get_id (unit)) == 0 ? NULL : g_strdup (name);
  st->designation = g_strcmp0 (designation, name) == 0 ? NULL : g_strdup (designation);
  st->side = wb_unit_get_side (unit);
  st->class_id = wb_unit_get_class_id (unit);
  st->formation = wb_unit_get_formation (unit);
  st->size = g_strdup (wb_unit_get_size (unit));
  st->note = g_strdup (wb_unit_get_note (unit));
  st->strength = *wb_unit_get_strength (unit);
  st->attr_ids = g_ptr_array_new ();
  st->attrs = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_attr_value_free);
  for (guint i = 0; i < ids->len; i++)
    {
      g_ptr_array_add (st->attr_ids, g_ptr_array_index (ids, i));
      g_ptr_array_add (st->attrs, attr_copy (wb_unit_get_attr (unit, g_ptr_array_index (ids, i))));
    }
}

static gboolean
attrs_equal (WbUnit    *unit,
             UnitState *st)
{
  GPtrArray *ids = wb_unit_get_attr_ids (unit);

  if (ids->len != st->attr_ids->len)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    if (g_ptr_array_index (ids, i) != g_ptr_array_index (st->attr_ids, i) ||
        !wb_attr_value_equal (wb_unit_get_attr (unit, g_ptr_array_index (ids, i)),
                              g_ptr_array_index (st->attrs, i)))
      return FALSE;
  return TRUE;
}

static void
unit_state_restore (const UnitState *st,
                    WbUnit          *unit)
{
  wb_unit_set_name (unit, st->name);
  wb_unit_set_designation (unit, st->designation);
  wb_unit_set_side (unit, st->side);
  wb_unit_set_class_id (unit, st->class_id);
  wb_unit_set_formation (unit, st->formation);
  wb_unit_set_size (unit, st->size);
  wb_unit_set_note (unit, st->note);
  wb_unit_set_strength (unit, &st->strength);
  if (!attrs_equal (unit, (UnitState *) st))
    {
      /* The file keeps attributes in order: rebuild the list. */
      g_autoptr(GPtrArray) old = g_ptr_array_copy (wb_unit_get_attr_ids (unit), NULL, NULL);

      for (guint i = 0; i < old->len; i++)
        wb_unit_set_attr (unit, g_ptr_array_index (old, i), NULL);
      for (guint i = 0; i < st->attr_ids->len; i++)
        wb_unit_set_attr (unit, g_ptr_array_index (st->attr_ids, i),
                          g_ptr_array_index (st->attrs, i));
    }
}

static gboolean
check_attr (WbUnitType         *klass,
            const char         *id,
            const WbAttrValue  *v,
            GError            **error)
{
  WbAttrDef *def = wb_unit_type_find_attr (klass, id);

  if (def == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("Unit class “%s” has no attribute “%s”"), klass->name ? klass->name : klass->id,
                   id);
      return FALSE;
    }
  if (def->type != v->type)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is a %s attribute"), def->name ? def->name : def->id,
                   wb_attr_type_to_string (def->type));
      return FALSE;
    }
  switch (v->type)
    {
    case WB_ATTR_INT:
    case WB_ATTR_NUMBER:
      {
        double d = v->type == WB_ATTR_INT ? (double) v->i : v->d;
        if (!(d >= def->min && d <= def->max))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                         _("%s must be from %g to %g"), def->name ? def->name : def->id,
                         def->min, def->max);
            return FALSE;
          }
      }
      return TRUE;
    case WB_ATTR_FIREPOWER:
      if (!wb_oob_firepower_is_valid (v->s))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("“%s” is not a firepower rating (expected a letter and a number, such as A2)"),
                       v->s ? v->s : "");
          return FALSE;
        }
      return TRUE;
    case WB_ATTR_STRING:
      if (v->s == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("%s needs a text"), def->name ? def->name : def->id);
          return FALSE;
        }
      return TRUE;
    case WB_ATTR_BOOL:
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* What the reader would refuse in a unit of this state. */
static gboolean
unit_state_check (WbGame           *game,
                  const UnitState  *st,
                  GError          **error)
{
  WbUnitType *klass;

  if (wb_game_find_side (game, st->side) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("There is no side “%s”"), st->side ? st->side : "");
      return FALSE;
    }
  klass = wb_game_find_unit_class (game, st->class_id);
  if (klass == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("There is no unit class “%s”"), st->class_id ? st->class_id : "");
      return FALSE;
    }
  if (st->formation != NULL)
    {
      WbFormation *f = wb_game_find_formation (game, st->formation);

      if (f == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("There is no formation “%s”"), st->formation);
          return FALSE;
        }
      if (f->side != st->side)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("Formation “%s” belongs to the other side"), f->name ? f->name : f->id);
          return FALSE;
        }
    }
  if (!check_strength (&st->strength, error))
    return FALSE;
  for (guint i = 0; i < st->attr_ids->len; i++)
    if (!check_attr (klass, g_ptr_array_index (st->attr_ids, i), g_ptr_array_index (st->attrs, i),
                     error))
      return FALSE;
  return TRUE;
}

static char *
empty_to_null (const char *s)
{
  return s != NULL && *s != '\0' ? g_strdup (s) : NULL;
}

static void
state_set_attr (UnitState         *st,
                const char        *id,
                const WbAttrValue *v)
{
  guint i;

  id = g_intern_string (id);
  if (g_ptr_array_find (st->attr_ids, id, &i))
    {
      if (v == NULL)
        {
          g_ptr_array_remove_index (st->attr_ids, i);
          g_ptr_array_remove_index (st->attrs, i);
        }
      else
        {
          wb_attr_value_free (st->attrs->pdata[i]);
          st->attrs->pdata[i] = attr_copy (v);
        }
    }
  else if (v != NULL)
    {
      g_ptr_array_add (st->attr_ids, (gpointer) id);
      g_ptr_array_add (st->attrs, attr_copy (v));
    }
}

/* Applies @edit to @st (a captured state). */
static void
state_apply_edit (WbGame           *game,
                  UnitState        *st,
                  const WbUnitEdit *edit)
{
  WbUnitFields f = edit->fields;

  if (f & WB_UNIT_FIELD_NAME)
    {
      g_free (st->name);
      st->name = empty_to_null (edit->name);
    }
  if (f & WB_UNIT_FIELD_DESIGNATION)
    {
      g_free (st->designation);
      st->designation = empty_to_null (edit->designation);
    }
  if (f & WB_UNIT_FIELD_SIZE)
    {
      g_free (st->size);
      st->size = empty_to_null (edit->size);
    }
  if (f & WB_UNIT_FIELD_NOTE)
    {
      g_free (st->note);
      st->note = empty_to_null (edit->note);
    }
  if (f & WB_UNIT_FIELD_FORMATION)
    st->formation = edit->formation && *edit->formation ? g_intern_string (edit->formation) : NULL;
  if (f & WB_UNIT_FIELD_SIDE)
    {
      st->side = wb_intern0 (edit->side);
      if (!(f & WB_UNIT_FIELD_FORMATION) && st->formation != NULL)
        {
          WbFormation *formation = wb_game_find_formation (game, st->formation);
          if (formation == NULL || formation->side != st->side)
            st->formation = NULL;
        }
    }
  if (f & WB_UNIT_FIELD_CLASS)
    {
      WbUnitType *klass = wb_game_find_unit_class (game, edit->class_id);

      st->class_id = wb_intern0 (edit->class_id);
      for (guint i = st->attr_ids->len; klass != NULL && i > 0; i--)
        {
          WbAttrDef *def = wb_unit_type_find_attr (klass, g_ptr_array_index (st->attr_ids, i - 1));
          const WbAttrValue *v = g_ptr_array_index (st->attrs, i - 1);

          if (def == NULL || def->type != v->type)
            {
              g_ptr_array_remove_index (st->attr_ids, i - 1);
              g_ptr_array_remove_index (st->attrs, i - 1);
            }
        }
    }
  if (f & WB_UNIT_FIELD_STRENGTH)
    st->strength = edit->strength;
  if ((f & WB_UNIT_FIELD_ATTR) && edit->attr_id != NULL)
    state_set_attr (st, edit->attr_id, edit->attr);
}

/* --- editing units -------------------------------------------------------------- */

#define WB_TYPE_EDIT_UNITS_COMMAND (wb_edit_units_command_get_type ())
G_DECLARE_FINAL_TYPE (WbEditUnitsCommand, wb_edit_units_command, WB, EDIT_UNITS_COMMAND, WbCommand)

struct _WbEditUnitsCommand
{
  WbCommand    parent_instance;

  WbGame      *game;
  GPtrArray   *units;       /* WbUnit* (refs) */
  WbUnitEdit   edit;        /* strings owned below */
  char        *strings[8];
  WbAttrValue *attr;
  UnitState   *old;         /* one per unit, from the last apply */
  gboolean     applied;
};

G_DEFINE_FINAL_TYPE (WbEditUnitsCommand, wb_edit_units_command, WB_TYPE_COMMAND)

static void
free_old (WbEditUnitsCommand *self)
{
  if (self->old == NULL)
    return;
  for (guint i = 0; i < self->units->len; i++)
    unit_state_clear (&self->old[i]);
  g_clear_pointer (&self->old, g_free);
}

static gboolean
wb_edit_units_command_apply (WbCommand  *command,
                             GError    **error)
{
  WbEditUnitsCommand *self = WB_EDIT_UNITS_COMMAND (command);
  g_autofree UnitState *old = g_new0 (UnitState, self->units->len);
  g_autofree UnitState *new = g_new0 (UnitState, self->units->len);
  gboolean ok = TRUE;

  for (guint i = 0; i < self->units->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (self->units, i);

      if (wb_game_find_unit (self->game, wb_unit_get_id (unit)) != unit)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("Unit “%s” is not in the game"), wb_unit_get_id (unit));
          ok = FALSE;
        }
      unit_state_capture (&old[i], unit);
      unit_state_capture (&new[i], unit);
      if (ok)
        {
          state_apply_edit (self->game, &new[i], &self->edit);
          if (!unit_state_check (self->game, &new[i], error))
            {
              if (error != NULL && *error != NULL && self->units->len > 1)
                g_prefix_error (error, "%s: ", wb_unit_get_name (unit));
              ok = FALSE;
            }
        }
      if (!ok)
        {
          for (guint j = 0; j <= i; j++)
            {
              unit_state_clear (&old[j]);
              unit_state_clear (&new[j]);
            }
          return FALSE;
        }
    }

  for (guint i = 0; i < self->units->len; i++)
    {
      unit_state_restore (&new[i], g_ptr_array_index (self->units, i));
      unit_state_clear (&new[i]);
    }
  free_old (self);
  self->old = g_steal_pointer (&old);
  wb_game_changed (self->game, "units");
  return TRUE;
}

static void
wb_edit_units_command_revert (WbCommand *command)
{
  WbEditUnitsCommand *self = WB_EDIT_UNITS_COMMAND (command);

  g_assert (self->old != NULL);
  for (guint i = 0; i < self->units->len; i++)
    unit_state_restore (&self->old[i], g_ptr_array_index (self->units, i));
  wb_game_changed (self->game, "units");
}

static void
copy_edit (WbEditUnitsCommand *self,
           const WbUnitEdit   *edit)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->strings); i++)
    g_clear_pointer (&self->strings[i], g_free);
  g_clear_pointer (&self->attr, wb_attr_value_free);
  self->edit = *edit;
  self->edit.name = self->strings[0] = g_strdup (edit->name);
  self->edit.designation = self->strings[1] = g_strdup (edit->designation);
  self->edit.side = self->strings[2] = g_strdup (edit->side);
  self->edit.class_id = self->strings[3] = g_strdup (edit->class_id);
  self->edit.formation = self->strings[4] = g_strdup (edit->formation);
  self->edit.size = self->strings[5] = g_strdup (edit->size);
  self->edit.note = self->strings[6] = g_strdup (edit->note);
  self->edit.attr_id = self->strings[7] = g_strdup (edit->attr_id);
  self->edit.attr = self->attr = edit->attr ? attr_copy (edit->attr) : NULL;
}

static gboolean
wb_edit_units_command_merge (WbCommand *command,
                             WbCommand *next_command)
{
  WbEditUnitsCommand *self = WB_EDIT_UNITS_COMMAND (command);
  WbEditUnitsCommand *next;

  if (!WB_IS_EDIT_UNITS_COMMAND (next_command))
    return FALSE;
  next = WB_EDIT_UNITS_COMMAND (next_command);
  if (next->game != self->game || next->units->len != self->units->len ||
      next->edit.fields != self->edit.fields ||
      (self->edit.fields & (self->edit.fields - 1)) != 0 ||
      g_strcmp0 (next->edit.attr_id, self->edit.attr_id) != 0)
    return FALSE;
  for (guint i = 0; i < self->units->len; i++)
    if (g_ptr_array_index (self->units, i) != g_ptr_array_index (next->units, i))
      return FALSE;
  /* Our old states are from before both; redo applies the newer values. */
  copy_edit (self, &next->edit);
  return TRUE;
}

static void
wb_edit_units_command_finalize (GObject *object)
{
  WbEditUnitsCommand *self = WB_EDIT_UNITS_COMMAND (object);

  free_old (self);
  for (guint i = 0; i < G_N_ELEMENTS (self->strings); i++)
    g_free (self->strings[i]);
  wb_attr_value_free (self->attr);
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_edit_units_command_parent_class)->finalize (object);
}

static void
wb_edit_units_command_class_init (WbEditUnitsCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_edit_units_command_finalize;
  command_class->apply = wb_edit_units_command_apply;
  command_class->revert = wb_edit_units_command_revert;
  command_class->merge = wb_edit_units_command_merge;
}

static void
wb_edit_units_command_init (WbEditUnitsCommand *self)
{
}

static const char *
field_label (WbUnitFields fields)
{
  switch (fields)
    {
    case WB_UNIT_FIELD_NAME:        return _("name");
    case WB_UNIT_FIELD_DESIGNATION: return _("designation");
    case WB_UNIT_FIELD_SIDE:        return _("side");
    case WB_UNIT_FIELD_CLASS:       return _("class");
    case WB_UNIT_FIELD_FORMATION:   return _("formation");
    case WB_UNIT_FIELD_SIZE:        return _("size");
    case WB_UNIT_FIELD_NOTE:        return _("note");
    case WB_UNIT_FIELD_STRENGTH:    return _("strength");
    case WB_UNIT_FIELD_ATTR:
    default:                        return NULL;
    }
}

/**
 * wb_command_edit_units_new:
 * @game: the game
 * @units: (array length=n_units): the units to change
 * @n_units: how many
 * @edit: the fields to set (copied)
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_edit_units_new (WbGame           *game,
                           WbUnit *const    *units,
                           guint             n_units,
                           const WbUnitEdit *edit)
{
  WbEditUnitsCommand *self;
  g_autofree char *label = NULL;
  const char *what;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (units != NULL && n_units > 0, NULL);
  g_return_val_if_fail (edit != NULL, NULL);

  self = g_object_new (WB_TYPE_EDIT_UNITS_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->units = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_units; i++)
    g_ptr_array_add (self->units, g_object_ref (units[i]));
  copy_edit (self, edit);

  what = field_label (edit->fields);
  if (what == NULL && edit->fields == WB_UNIT_FIELD_ATTR && edit->attr_id != NULL)
    {
      WbUnitType *klass = wb_game_find_unit_class (game, wb_unit_get_class_id (units[0]));
      WbAttrDef *def = klass ? wb_unit_type_find_attr (klass, edit->attr_id) : NULL;
      what = def && def->name ? def->name : edit->attr_id;
    }
  if (n_units > 1)
    label = what ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Change %s of %u unit",
                                                 "Change %s of %u units", n_units), what, n_units)
                 : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Change %u unit",
                                                 "Change %u units", n_units), n_units);
  else
    label = what ? g_strdup_printf (_("Change %s of %s"), what, wb_unit_get_name (units[0]))
                 : g_strdup_printf (_("Change %s"), wb_unit_get_name (units[0]));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/* --- adding, deleting and moving units ------------------------------------------ */

typedef enum {
  UNIT_ADD,
  UNIT_DELETE,
  UNIT_MOVE,
} UnitOp;

#define WB_TYPE_UNIT_LIST_COMMAND (wb_unit_list_command_get_type ())
G_DECLARE_FINAL_TYPE (WbUnitListCommand, wb_unit_list_command, WB, UNIT_LIST_COMMAND, WbCommand)

struct _WbUnitListCommand
{
  WbCommand    parent_instance;

  WbGame      *game;
  UnitOp       op;
  WbUnit      *unit;         /* ADD: the unit; DELETE: set by apply */
  const char  *id;           /* interned */
  const char  *formation;    /* MOVE: the target */
  const char  *before;       /* ADD, MOVE: interned or NULL */
  guint        old_index;
  const char  *old_formation;
  guint        new_index;
};

G_DEFINE_FINAL_TYPE (WbUnitListCommand, wb_unit_list_command, WB_TYPE_COMMAND)

static gboolean
find_index (GPtrArray *array,
            gpointer   item,
            guint     *index)
{
  return g_ptr_array_find (array, item, index);
}

/* Where a unit of @formation goes when no unit is named: after the last
 * unit of that formation, else at the end. */
static guint
insertion_index (WbGame     *game,
                 const char *formation,
                 const char *before,
                 GError    **error)
{
  GPtrArray *units = wb_game_get_units (game);

  if (before != NULL)
    {
      WbUnit *b = wb_game_find_unit (game, before);
      guint i;

      if (b == NULL || !find_index (units, b, &i))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("There is no unit “%s”"), before);
          return G_MAXUINT;
        }
      return i;
    }
  if (formation != NULL)
    for (guint i = units->len; i > 0; i--)
      if (wb_unit_get_formation (g_ptr_array_index (units, i - 1)) == formation)
        return i;
  return units->len;
}

static gboolean
wb_unit_list_command_apply (WbCommand  *command,
                            GError    **error)
{
  WbUnitListCommand *self = WB_UNIT_LIST_COMMAND (command);
  GPtrArray *units = wb_game_get_units (self->game);
  g_autofree char *why = NULL;

  switch (self->op)
    {
    case UNIT_ADD:
      {
        UnitState st = { 0 };
        gboolean ok;
        guint index;

        if (!valid_id (self->id))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("“%s” is not a valid id (expected 1–64 characters from A–Z a–z 0–9 _ - .)"),
                         self->id);
            return FALSE;
          }
        if (wb_game_find_unit (self->game, self->id) != NULL)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("There is already a unit “%s”"), self->id);
            return FALSE;
          }
        unit_state_capture (&st, self->unit);
        ok = unit_state_check (self->game, &st, error);
        unit_state_clear (&st);
        if (!ok)
          return FALSE;
        index = insertion_index (self->game, wb_unit_get_formation (self->unit), self->before, error);
        if (index == G_MAXUINT)
          return FALSE;
        wb_game_insert_unit (self->game, g_object_ref (self->unit), index);
        self->new_index = index;
        break;
      }
    case UNIT_DELETE:
      {
        WbUnit *unit = wb_game_find_unit (self->game, self->id);

        if (unit == NULL)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                         _("There is no unit “%s”"), self->id);
            return FALSE;
          }
        if (wb_oob_unit_is_used (self->game, self->id, &why))
          {
            g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, why);
            return FALSE;
          }
        g_clear_object (&self->unit);
        self->unit = wb_game_take_unit (self->game, self->id, &self->old_index);
        break;
      }
    case UNIT_MOVE:
      {
        WbUnit *unit = wb_game_find_unit (self->game, self->id);
        WbFormation *f = self->formation ? wb_game_find_formation (self->game, self->formation) : NULL;
        guint index;

        if (unit == NULL)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                         _("There is no unit “%s”"), self->id);
            return FALSE;
          }
        if (self->formation != NULL && f == NULL)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                         _("There is no formation “%s”"), self->formation);
            return FALSE;
          }
        if (f != NULL && f->side != wb_unit_get_side (unit))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("%s cannot join “%s”: it belongs to the other side"),
                         wb_unit_get_name (unit), f->name ? f->name : f->id);
            return FALSE;
          }
        if (self->before == self->id)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("A unit cannot be moved before itself"));
            return FALSE;
          }
        if (self->before != NULL && wb_game_find_unit (self->game, self->before) == NULL)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                         _("There is no unit “%s”"), self->before);
            return FALSE;
          }
        find_index (units, unit, &self->old_index);
        self->old_formation = wb_unit_get_formation (unit);
        /* Take it out, then find the place among the others. */
        g_ptr_array_steal_index (units, self->old_index);
        index = insertion_index (self->game, self->formation, self->before, NULL);
        g_ptr_array_insert (units, (int) index, unit);
        self->new_index = index;
        wb_unit_set_formation (unit, self->formation);
        break;
      }
    default:
      g_assert_not_reached ();
    }
  wb_game_changed (self->game, "units");
  return TRUE;
}

static void
wb_unit_list_command_revert (WbCommand *command)
{
  WbUnitListCommand *self = WB_UNIT_LIST_COMMAND (command);
  GPtrArray *units = wb_game_get_units (self->game);

  switch (self->op)
    {
    case UNIT_ADD:
      {
        WbUnit *taken = wb_game_take_unit (self->game, self->id, NULL);
        g_assert (taken == self->unit);
        g_object_unref (taken);
        break;
      }
    case UNIT_DELETE:
      wb_game_insert_unit (self->game, g_object_ref (self->unit), self->old_index);
      break;
    case UNIT_MOVE:
      {
        WbUnit *unit = g_ptr_array_steal_index (units, self->new_index);
        g_assert (wb_unit_get_id (unit) == self->id);
        g_ptr_array_insert (units, (int) self->old_index, unit);
        wb_unit_set_formation (unit, self->old_formation);
        break;
      }
    default:
      g_assert_not_reached ();
    }
  wb_game_changed (self->game, "units");
}

static void
wb_unit_list_command_finalize (GObject *object)
{
  WbUnitListCommand *self = WB_UNIT_LIST_COMMAND (object);

  g_clear_object (&self->unit);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_unit_list_command_parent_class)->finalize (object);
}

static void
wb_unit_list_command_class_init (WbUnitListCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_unit_list_command_finalize;
  command_class->apply = wb_unit_list_command_apply;
  command_class->revert = wb_unit_list_command_revert;
}

static void
wb_unit_list_command_init (WbUnitListCommand *self)
{
}

static WbUnitListCommand *
unit_list_command_new (WbGame     *game,
                       UnitOp      op,
                       const char *id)
{
  WbUnitListCommand *self = g_object_new (WB_TYPE_UNIT_LIST_COMMAND, NULL);

  self->game = g_object_ref (game);
  self->op = op;
  self->id = g_intern_string (id);
  return self;
}

WbCommand *
wb_command_add_unit_new (WbGame     *game,
                         WbUnit     *unit,
                         const char *before_id)
{
  WbUnitListCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_UNIT (unit), NULL);

  self = unit_list_command_new (game, UNIT_ADD, wb_unit_get_id (unit));
  self->unit = g_object_ref (unit);
  self->before = wb_intern0 (before_id);
  label = g_strdup_printf (_("Add %s"), wb_unit_get_name (unit));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

WbUnit *
wb_oob_copy_unit (WbUnit     *unit,
                  const char *id)
{
  UnitState st = { 0 };
  WbUnit *copy;

  g_return_val_if_fail (WB_IS_UNIT (unit), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  copy = wb_unit_new (id);
  unit_state_capture (&st, unit);
  /* A name that fell back to the old id is kept as text, so the copy reads
   * the same. */
  if (st.name == NULL)
    st.name = g_strdup (wb_unit_get_id (unit));
  unit_state_restore (&st, copy);
  unit_state_clear (&st);
  return copy;
}

WbCommand *
wb_command_duplicate_unit_new (WbGame     *game,
                               const char *id)
{
  WbUnit *unit;
  g_autoptr(WbUnit) copy = NULL;
  g_autofree char *new_id = NULL;
  g_autofree char *label = NULL;
  GPtrArray *units;
  WbCommand *command;
  guint index;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  unit = wb_game_find_unit (game, id);
  if (unit == NULL)
    /* Refused on apply, with the reason. */
    return WB_COMMAND (unit_list_command_new (game, UNIT_MOVE, id));
  new_id = wb_oob_make_unit_id (game, id);
  copy = wb_oob_copy_unit (unit, new_id);
  units = wb_game_get_units (game);
  find_index (units, unit, &index);
  command = wb_command_add_unit_new (game, copy,
                                     index + 1 < units->len
                                       ? wb_unit_get_id (g_ptr_array_index (units, index + 1))
                                       : NULL);
  label = g_strdup_printf (_("Duplicate %s"), wb_unit_get_name (unit));
  wb_command_set_label (command, label);
  return command;
}

WbCommand *
wb_command_delete_unit_new (WbGame     *game,
                            const char *id)
{
  WbUnitListCommand *self;
  WbUnit *unit;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = unit_list_command_new (game, UNIT_DELETE, id);
  unit = wb_game_find_unit (game, id);
  label = g_strdup_printf (_("Delete %s"), unit ? wb_unit_get_name (unit) : id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_move_unit_new (WbGame     *game,
                          const char *id,
                          const char *formation,
                          const char *before_id)
{
  WbUnitListCommand *self;
  WbUnit *unit;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = unit_list_command_new (game, UNIT_MOVE, id);
  self->formation = formation && *formation ? g_intern_string (formation) : NULL;
  self->before = wb_intern0 (before_id);
  unit = wb_game_find_unit (game, id);
  label = g_strdup_printf (_("Move %s"), unit ? wb_unit_get_name (unit) : id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/* --- formations -------------------------------------------------------------------- */

typedef enum {
  FORMATION_ADD,
  FORMATION_DELETE,
  FORMATION_EDIT,
  FORMATION_REPARENT,
} FormationOp;

#define WB_TYPE_FORMATION_COMMAND (wb_formation_command_get_type ())
G_DECLARE_FINAL_TYPE (WbFormationCommand, wb_formation_command, WB, FORMATION_COMMAND, WbCommand)

struct _WbFormationCommand
{
  WbCommand     parent_instance;

  WbGame       *game;
  FormationOp   op;
  const char   *id;           /* interned */
  WbFormation  *owned;        /* ADD before apply / after revert; DELETE after apply */
  guint         index;
  /* EDIT: the new values, swapped with the record's on apply and revert. */
  char         *name, *echelon, *color;
  /* REPARENT */
  const char   *parent;
  const char   *before;       /* a sibling to go before, or NULL: after them all */
  const char   *old_parent;
  GPtrArray    *old_order;    /* the formations as they were (borrowed pointers) */
  /* DELETE: what moved up to the parent. */
  GPtrArray    *children;     /* WbFormation* (borrowed) */
  GPtrArray    *units;        /* WbUnit* (refs) */
};

G_DEFINE_FINAL_TYPE (WbFormationCommand, wb_formation_command, WB_TYPE_COMMAND)

static gboolean
is_descendant (WbGame      *game,
               WbFormation *f,
               const char  *ancestor)
{
  for (guint guard = 0; f != NULL && guard < 10000; guard++)
    {
      if (f->id == ancestor)
        return TRUE;
      f = f->parent ? wb_game_find_formation (game, f->parent) : NULL;
    }
  return FALSE;
}

/* Just after the last formation under @parent (any depth), or after
 * @parent itself; at the end for none. */
static guint
formation_insertion_index (WbGame     *game,
                           const char *parent)
{
  GPtrArray *formations = wb_game_get_formations (game);
  guint index = formations->len;

  if (parent == NULL)
    return index;
  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (formations, i);
      if (is_descendant (game, f, parent))
        index = i + 1;
    }
  return index;
}

static gboolean
check_formation (WbGame       *game,
                 WbFormation  *f,
                 GError      **error)
{
  WbFormation *parent;

  if (!valid_id (f->id))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a valid id (expected 1–64 characters from A–Z a–z 0–9 _ - .)"),
                   f->id);
      return FALSE;
    }
  if (wb_game_find_formation (game, f->id) != NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("There is already a formation “%s”"), f->id);
      return FALSE;
    }
  if (wb_game_find_side (game, f->side) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("There is no side “%s”"), f->side ? f->side : "");
      return FALSE;
    }
  parent = f->parent ? wb_game_find_formation (game, f->parent) : NULL;
  if (f->parent != NULL && parent == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("There is no formation “%s”"), f->parent);
      return FALSE;
    }
  if (parent != NULL && parent->side != f->side)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Formation “%s” belongs to the other side"),
                   parent->name ? parent->name : parent->id);
      return FALSE;
    }
  if (f->color != NULL && !wb_color_parse (f->color, NULL, NULL, NULL))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a colour (expected #rrggbb)"), f->color);
      return FALSE;
    }
  return TRUE;
}

static WbFormation *
find_formation_or_fail (WbGame      *game,
                        const char  *id,
                        GError     **error)
{
  WbFormation *f = wb_game_find_formation (game, id);

  if (f == NULL)
    g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                 _("There is no formation “%s”"), id);
  return f;
}

static void
swap_str (char **a,
          char **b)
{
  char *t = *a;
  *a = *b;
  *b = t;
}

static gboolean
wb_formation_command_apply (WbCommand  *command,
                            GError    **error)
{
  WbFormationCommand *self = WB_FORMATION_COMMAND (command);
  GPtrArray *formations = wb_game_get_formations (self->game);
  WbFormation *f = NULL;

  if (self->op != FORMATION_ADD && !(f = find_formation_or_fail (self->game, self->id, error)))
    return FALSE;

  switch (self->op)
    {
    case FORMATION_ADD:
      if (!check_formation (self->game, self->owned, error))
        return FALSE;
      self->index = formation_insertion_index (self->game, self->owned->parent);
      wb_game_insert_formation (self->game, g_steal_pointer (&self->owned), self->index);
      break;

    case FORMATION_DELETE:
      {
        GPtrArray *units = wb_game_get_units (self->game);
        GPtrArray *chits = wb_game_get_chits (self->game);

        /* A chit activating it (format 8) would name nothing: the file
         * would not load again. */
        for (guint i = 0; i < chits->len; i++)
          {
            WbChit *chit = g_ptr_array_index (chits, i);
            if (chit->formation == f->id)
              {
                g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                             _("The chit “%s” activates “%s”: change it first"),
                             chit->name ? chit->name : chit->id, f->name ? f->name : f->id);
                return FALSE;
              }
          }
        g_ptr_array_set_size (self->children, 0);
        g_ptr_array_set_size (self->units, 0);
        for (guint i = 0; i < formations->len; i++)
          {
            WbFormation *child = g_ptr_array_index (formations, i);
            if (child->parent == f->id)
              {
                child->parent = f->parent;
                g_ptr_array_add (self->children, child);
              }
          }
        for (guint i = 0; i < units->len; i++)
          {
            WbUnit *unit = g_ptr_array_index (units, i);
            if (wb_unit_get_formation (unit) == f->id)
              g_ptr_array_add (self->units, g_object_ref (unit));
          }
        for (guint i = 0; i < self->units->len; i++)
          wb_unit_set_formation (g_ptr_array_index (self->units, i), f->parent);
        self->owned = wb_game_take_formation (self->game, self->id, &self->index);
        break;
      }

    case FORMATION_EDIT:
      if (self->color != NULL && !wb_color_parse (self->color, NULL, NULL, NULL))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("“%s” is not a colour (expected #rrggbb)"), self->color);
          return FALSE;
        }
      swap_str (&f->name, &self->name);
      swap_str (&f->echelon, &self->echelon);
      swap_str (&f->color, &self->color);
      break;

    case FORMATION_REPARENT:
      {
        WbFormation *parent = NULL;
        g_autoptr(GPtrArray) moved = g_ptr_array_new ();
        guint index;

        if (self->parent != NULL &&
            !(parent = find_formation_or_fail (self->game, self->parent, error)))
          return FALSE;
        if (parent != NULL && parent->side != f->side)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("Formation “%s” belongs to the other side"),
                         parent->name ? parent->name : parent->id);
            return FALSE;
          }
        if (parent != NULL && is_descendant (self->game, parent, f->id))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("“%s” cannot be put under itself or one of its own formations"),
                         f->name ? f->name : f->id);
            return FALSE;
          }
        if (self->before != NULL)
          {
            WbFormation *b = wb_game_find_formation (self->game, self->before);

            if (b == NULL || b == f || is_descendant (self->game, b, f->id) ||
                b->parent != (parent ? parent->id : NULL))
              {
                g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                             _("“%s” is not a formation beside “%s”"), self->before,
                             f->name ? f->name : f->id);
                return FALSE;
              }
          }
        g_clear_pointer (&self->old_order, g_ptr_array_unref);
        /* The copy would inherit the free function: borrowed pointers only. */
        self->old_order = g_ptr_array_copy (formations, NULL, NULL);
        g_ptr_array_set_free_func (self->old_order, NULL);
        self->old_parent = f->parent;
        /* Take the subtree out (in order), then put it back after the new
         * parent's last sub-formation: parents stay before children. */
        for (guint i = formations->len; i > 0; i--)
          {
            WbFormation *g = g_ptr_array_index (formations, i - 1);
            if (is_descendant (self->game, g, f->id))
              {
                g_ptr_array_insert (moved, 0, g);
                g_ptr_array_steal_index (formations, i - 1);
              }
          }
        f->parent = parent ? parent->id : NULL;
        /* The subtree is out, so is_descendant () of the remaining ones
         * finds only the parent's other sub-formations. */
        index = formation_insertion_index (self->game, f->parent);
        if (self->before != NULL)
          g_ptr_array_find (formations, wb_game_find_formation (self->game, self->before), &index);
        for (guint i = 0; i < moved->len; i++)
          g_ptr_array_insert (formations, (int) (index + i), g_ptr_array_index (moved, i));
        break;
      }

    default:
      g_assert_not_reached ();
    }
  wb_game_changed (self->game, "formations");
  return TRUE;
}

static void
wb_formation_command_revert (WbCommand *command)
{
  WbFormationCommand *self = WB_FORMATION_COMMAND (command);
  GPtrArray *formations = wb_game_get_formations (self->game);
  WbFormation *f;

  switch (self->op)
    {
    case FORMATION_ADD:
      self->owned = wb_game_take_formation (self->game, self->id, NULL);
      g_assert (self->owned != NULL);
      break;

    case FORMATION_DELETE:
      f = g_steal_pointer (&self->owned);
      wb_game_insert_formation (self->game, f, self->index);
      for (guint i = 0; i < self->children->len; i++)
        ((WbFormation *) g_ptr_array_index (self->children, i))->parent = f->id;
      for (guint i = 0; i < self->units->len; i++)
        wb_unit_set_formation (g_ptr_array_index (self->units, i), f->id);
      break;

    case FORMATION_EDIT:
      f = wb_game_find_formation (self->game, self->id);
      swap_str (&f->name, &self->name);
      swap_str (&f->echelon, &self->echelon);
      swap_str (&f->color, &self->color);
      break;

    case FORMATION_REPARENT:
      f = wb_game_find_formation (self->game, self->id);
      f->parent = self->old_parent;
      g_assert (self->old_order->len == formations->len);
      memcpy (formations->pdata, self->old_order->pdata, sizeof (gpointer) * formations->len);
      break;

    default:
      g_assert_not_reached ();
    }
  wb_game_changed (self->game, "formations");
}

static void
wb_formation_command_finalize (GObject *object)
{
  WbFormationCommand *self = WB_FORMATION_COMMAND (object);

  g_clear_pointer (&self->owned, wb_formation_free);
  g_free (self->name);
  g_free (self->echelon);
  g_free (self->color);
  g_clear_pointer (&self->old_order, g_ptr_array_unref);
  g_clear_pointer (&self->children, g_ptr_array_unref);
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_formation_command_parent_class)->finalize (object);
}

static void
wb_formation_command_class_init (WbFormationCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_formation_command_finalize;
  command_class->apply = wb_formation_command_apply;
  command_class->revert = wb_formation_command_revert;
}

static void
wb_formation_command_init (WbFormationCommand *self)
{
  self->children = g_ptr_array_new ();
  self->units = g_ptr_array_new_with_free_func (g_object_unref);
}

static WbFormationCommand *
formation_command_new (WbGame      *game,
                       FormationOp  op,
                       const char  *id)
{
  WbFormationCommand *self = g_object_new (WB_TYPE_FORMATION_COMMAND, NULL);

  self->game = g_object_ref (game);
  self->op = op;
  self->id = g_intern_string (id);
  return self;
}

static const char *
formation_name (WbGame     *game,
                const char *id)
{
  WbFormation *f = wb_game_find_formation (game, id);

  return f && f->name ? f->name : id;
}

WbCommand *
wb_command_add_formation_new (WbGame      *game,
                              WbFormation *formation)
{
  WbFormationCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (formation != NULL, NULL);

  self = formation_command_new (game, FORMATION_ADD, formation->id);
  self->owned = formation;
  label = g_strdup_printf (_("Add %s"), formation->name ? formation->name : formation->id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_delete_formation_new (WbGame     *game,
                                 const char *id)
{
  WbFormationCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = formation_command_new (game, FORMATION_DELETE, id);
  label = g_strdup_printf (_("Delete %s"), formation_name (game, id));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_edit_formation_new (WbGame     *game,
                               const char *id,
                               const char *name,
                               const char *echelon,
                               const char *color)
{
  WbFormationCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  g_autofree char *label = g_strdup_printf (_("Change %s"), formation_name (game, id));

  self = formation_command_new (game, FORMATION_EDIT, id);
  wb_command_set_label (WB_COMMAND (self), label);
  self->name = empty_to_null (name);
  self->echelon = empty_to_null (echelon);
  self->color = empty_to_null (color);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_reparent_formation_new (WbGame     *game,
                                   const char *id,
                                   const char *parent)
{
  return wb_command_move_formation_new (game, id, parent, NULL);
}

WbCommand *
wb_command_move_formation_new (WbGame     *game,
                               const char *id,
                               const char *parent,
                               const char *before_id)
{
  WbFormationCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  g_autofree char *label = g_strdup_printf (_("Move %s"), formation_name (game, id));

  self = formation_command_new (game, FORMATION_REPARENT, id);
  wb_command_set_label (WB_COMMAND (self), label);
  self->parent = parent && *parent ? g_intern_string (parent) : NULL;
  self->before = before_id && *before_id ? g_intern_string (before_id) : NULL;
  return WB_COMMAND (self);
}
