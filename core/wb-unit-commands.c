/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-unit-commands.h"

#define WB_TYPE_UNIT_PROPERTY_COMMAND (wb_unit_property_command_get_type ())
G_DECLARE_FINAL_TYPE (WbUnitPropertyCommand, wb_unit_property_command,
                      WB, UNIT_PROPERTY_COMMAND, WbCommand)

struct _WbUnitPropertyCommand
{
  WbCommand    parent_instance;

  WbUnit      *unit;
  const char  *property;   /* interned */
  GValue       value;
  GValue       old_value;
};

G_DEFINE_FINAL_TYPE (WbUnitPropertyCommand, wb_unit_property_command, WB_TYPE_COMMAND)

/* The property getters of "name" and "designation" return their fallback
 * (the id, the name) when the field is unset. Reverting to the fallback
 * text would pin it, so a designation would stop following later renames;
 * a value equal to its fallback is restored as unset instead (the file
 * cannot tell the two apart: it omits both). */
static const char *
raw_value (WbUnit     *unit,
           const char *property,
           const char *value)
{
  if (property == g_intern_static_string ("name") &&
      g_strcmp0 (value, wb_unit_get_id (unit)) == 0)
    return NULL;
  if (property == g_intern_static_string ("designation") &&
      g_strcmp0 (value, wb_unit_get_name (unit)) == 0)
    return NULL;
  return value;
}

static gboolean
wb_unit_property_command_apply (WbCommand  *command,
                                GError    **error)
{
  WbUnitPropertyCommand *self = WB_UNIT_PROPERTY_COMMAND (command);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self->unit),
                                                    self->property);

  if (pspec == NULL || pspec->value_type != G_TYPE_STRING ||
      (pspec->flags & G_PARAM_WRITABLE) == 0 || (pspec->flags & G_PARAM_CONSTRUCT_ONLY) != 0)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Units have no editable text property “%s”"), self->property);
      return FALSE;
    }
  if (!G_VALUE_HOLDS_STRING (&self->value))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("The value for “%s” is a %s, not text"),
                   self->property, G_VALUE_TYPE_NAME (&self->value));
      return FALSE;
    }

  g_value_unset (&self->old_value);
  g_value_init (&self->old_value, G_TYPE_STRING);
  g_object_get_property (G_OBJECT (self->unit), self->property, &self->old_value);
  g_value_set_string (&self->old_value,
                      raw_value (self->unit, self->property,
                                 g_value_get_string (&self->old_value)));
  g_object_set_property (G_OBJECT (self->unit), self->property, &self->value);
  return TRUE;
}

static void
wb_unit_property_command_revert (WbCommand *command)
{
  WbUnitPropertyCommand *self = WB_UNIT_PROPERTY_COMMAND (command);

  g_object_set_property (G_OBJECT (self->unit), self->property, &self->old_value);
}

static void
wb_unit_property_command_finalize (GObject *object)
{
  WbUnitPropertyCommand *self = WB_UNIT_PROPERTY_COMMAND (object);

  g_clear_object (&self->unit);
  g_value_unset (&self->value);
  g_value_unset (&self->old_value);
  G_OBJECT_CLASS (wb_unit_property_command_parent_class)->finalize (object);
}

static void
wb_unit_property_command_class_init (WbUnitPropertyCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_unit_property_command_finalize;
  command_class->apply = wb_unit_property_command_apply;
  command_class->revert = wb_unit_property_command_revert;
}

static void
wb_unit_property_command_init (WbUnitPropertyCommand *self)
{
}

/**
 * wb_command_set_unit_property_new:
 * @unit: a unit
 * @property: the name of one of its string properties
 * @value: the new value (copied)
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_unit_property_new (WbUnit       *unit,
                                  const char   *property,
                                  const GValue *value)
{
  WbUnitPropertyCommand *self;
  GParamSpec *pspec;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_UNIT (unit), NULL);
  g_return_val_if_fail (property != NULL, NULL);
  g_return_val_if_fail (G_IS_VALUE (value), NULL);

  self = g_object_new (WB_TYPE_UNIT_PROPERTY_COMMAND, NULL);
  self->unit = g_object_ref (unit);
  self->property = g_intern_string (property);
  g_value_init (&self->value, G_VALUE_TYPE (value));
  g_value_copy (value, &self->value);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (unit), property);
  label = g_strdup_printf (_("Change %s of %s"),
                           pspec ? g_param_spec_get_nick (pspec) : property,
                           wb_unit_get_name (unit));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
