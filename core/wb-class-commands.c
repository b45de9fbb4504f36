/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-class-commands"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-class-commands.h"
#include "rules/wb-roles.h"

/* Edits of a unit class's record that the file reader checks (its roles),
 * undoable like every other edit of the game. */

#define WB_TYPE_CLASS_ROLES_COMMAND (wb_class_roles_command_get_type ())
G_DECLARE_FINAL_TYPE (WbClassRolesCommand, wb_class_roles_command, WB, CLASS_ROLES_COMMAND, WbCommand)

struct _WbClassRolesCommand
{
  WbCommand  parent_instance;
  WbGame    *game;
  const char *class_id;    /* interned */
  GPtrArray *roles;        /* interned ids: the new roles, then (applied) the old ones */
};

G_DEFINE_FINAL_TYPE (WbClassRolesCommand, wb_class_roles_command, WB_TYPE_COMMAND)

static void
swap_roles (WbClassRolesCommand *self, WbUnitType *klass)
{
  /* The caller holds the model's write lock (wb_edit_push), as for every
   * command. */
  GPtrArray *old = klass->roles;

  klass->roles = self->roles;
  self->roles = old;
  wb_game_changed (self->game, "unit_classes");
}

static gboolean
wb_class_roles_command_apply (WbCommand *command, GError **error)
{
  WbClassRolesCommand *self = WB_CLASS_ROLES_COMMAND (command);
  WbUnitType *klass = wb_game_find_unit_class (self->game, self->class_id);
  g_autofree char *refusal = NULL;

  if (klass == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no unit class “%s”"), self->class_id);
      return FALSE;
    }
  refusal = wb_roles_list_refusal (wb_game_get_rules (self->game)->family, self->roles, WB_ROLE_ON_UNIT_CLASS);
  if (refusal != NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, _("Unit class “%s”: %s"),
                   self->class_id, refusal);
      return FALSE;
    }
  swap_roles (self, klass);
  return TRUE;
}

static void
wb_class_roles_command_revert (WbCommand *command)
{
  WbClassRolesCommand *self = WB_CLASS_ROLES_COMMAND (command);
  WbUnitType *klass = wb_game_find_unit_class (self->game, self->class_id);

  g_return_if_fail (klass != NULL);
  swap_roles (self, klass);
}

static void
wb_class_roles_command_finalize (GObject *object)
{
  WbClassRolesCommand *self = WB_CLASS_ROLES_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->roles, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_class_roles_command_parent_class)->finalize (object);
}

static void
wb_class_roles_command_class_init (WbClassRolesCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_class_roles_command_finalize;
  WB_COMMAND_CLASS (klass)->apply = wb_class_roles_command_apply;
  WB_COMMAND_CLASS (klass)->revert = wb_class_roles_command_revert;
}

static void
wb_class_roles_command_init (WbClassRolesCommand *self)
{
}

WbCommand *
wb_command_set_class_roles_new (WbGame             *game,
                                const char         *class_id,
                                const char * const *roles)
{
  WbClassRolesCommand *self;
  WbUnitType *klass;
  g_autofree char *list = NULL;
  const char *name;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (class_id != NULL, NULL);
  self = g_object_new (WB_TYPE_CLASS_ROLES_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->class_id = g_intern_string (class_id);
  self->roles = g_ptr_array_new ();
  for (guint i = 0; roles != NULL && roles[i] != NULL; i++)
    g_ptr_array_add (self->roles, (gpointer) g_intern_string (roles[i]));
  klass = wb_game_find_unit_class (game, class_id);
  name = klass != NULL && klass->name != NULL ? klass->name : class_id;
  list = roles != NULL && roles[0] != NULL ? g_strjoinv (", ", (char **) roles) : NULL;
  if (list != NULL)
    {
      /* TRANSLATORS: an undo label: the unit class, its new roles */
      g_autofree char *label = g_strdup_printf (_("Roles of “%s”: %s"), name, list);
      wb_command_set_label (WB_COMMAND (self), label);
    }
  else
    {
      /* TRANSLATORS: an undo label: the unit class */
      g_autofree char *label = g_strdup_printf (_("No roles for “%s”"), name);
      wb_command_set_label (WB_COMMAND (self), label);
    }
  return WB_COMMAND (self);
}
