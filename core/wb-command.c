/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include "wb-command.h"
#include "wb-util-private.h"

G_DEFINE_QUARK (wb-command-error-quark, wb_command_error)

typedef struct
{
  char *label;
} WbCommandPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (WbCommand, wb_command, G_TYPE_OBJECT)

enum { PROP_0, PROP_LABEL, N_PROPS };

static GParamSpec *properties[N_PROPS];

static const char *
wb_command_real_get_label (WbCommand *self)
{
  WbCommandPrivate *priv = wb_command_get_instance_private (self);

  return priv->label ? priv->label : "";
}

static gboolean
wb_command_real_merge (WbCommand *self,
                       WbCommand *next)
{
  return FALSE;
}

static void
wb_command_finalize (GObject *object)
{
  WbCommandPrivate *priv = wb_command_get_instance_private (WB_COMMAND (object));

  g_free (priv->label);
  G_OBJECT_CLASS (wb_command_parent_class)->finalize (object);
}

static void
wb_command_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  WbCommand *self = WB_COMMAND (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, wb_command_get_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_command_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  WbCommand *self = WB_COMMAND (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      wb_command_set_label (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_command_class_init (WbCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = wb_command_finalize;
  object_class->get_property = wb_command_get_property;
  object_class->set_property = wb_command_set_property;
  klass->get_label = wb_command_real_get_label;
  klass->merge = wb_command_real_merge;

  /**
   * WbCommand:label:
   *
   * The human, translated label of the edit ("Paint 7 hexes Forest"). It
   * may change when the command absorbs another one (wb_command_merge()).
   */
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
wb_command_init (WbCommand *self)
{
}

/**
 * wb_command_apply:
 * @self: a command
 * @error: return location for a #WB_COMMAND_ERROR
 *
 * Does (or redoes) the edit. Normally called by the undo stack.
 *
 * Returns: %TRUE on success; on failure the model is unchanged.
 */
gboolean
wb_command_apply (WbCommand  *self,
                  GError    **error)
{
  WbCommandClass *klass;
  gboolean ok;

  g_return_val_if_fail (WB_IS_COMMAND (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  klass = WB_COMMAND_GET_CLASS (self);
  g_return_val_if_fail (klass->apply != NULL, FALSE);
  ok = klass->apply (self, error);
  g_assert (ok || error == NULL || *error != NULL);
  return ok;
}

/**
 * wb_command_revert:
 * @self: a command that was applied
 *
 * Undoes the edit.
 */
void
wb_command_revert (WbCommand *self)
{
  WbCommandClass *klass;

  g_return_if_fail (WB_IS_COMMAND (self));

  klass = WB_COMMAND_GET_CLASS (self);
  g_return_if_fail (klass->revert != NULL);
  klass->revert (self);
}

/**
 * wb_command_get_label:
 * @self: a command
 *
 * Returns: (transfer none): the human label, never %NULL
 */
const char *
wb_command_get_label (WbCommand *self)
{
  const char *label;

  g_return_val_if_fail (WB_IS_COMMAND (self), NULL);
  label = WB_COMMAND_GET_CLASS (self)->get_label (self);
  return label ? label : "";
}

/**
 * wb_command_set_label:
 * @self: a command
 * @label: (nullable): the new label
 *
 * For subclasses that keep their label in the #WbCommand:label property.
 */
void
wb_command_set_label (WbCommand  *self,
                      const char *label)
{
  WbCommandPrivate *priv;

  g_return_if_fail (WB_IS_COMMAND (self));
  priv = wb_command_get_instance_private (self);
  if (wb_set_str (&priv->label, label))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

/**
 * wb_command_merge:
 * @self: the newest applied command
 * @next: a command applied just after it
 *
 * Offers @next to @self (see #WbCommandClass.merge).
 *
 * Returns: %TRUE if @self now stands for both
 */
gboolean
wb_command_merge (WbCommand *self,
                  WbCommand *next)
{
  g_return_val_if_fail (WB_IS_COMMAND (self), FALSE);
  g_return_val_if_fail (WB_IS_COMMAND (next), FALSE);
  if (self == next)
    return FALSE;
  return WB_COMMAND_GET_CLASS (self)->merge (self, next);
}

/* WbCommandGroup ------------------------------------------------------- */

struct _WbCommandGroup
{
  WbCommand  parent_instance;

  GPtrArray *children;   /* WbCommand*, in apply order */
};

G_DEFINE_FINAL_TYPE (WbCommandGroup, wb_command_group, WB_TYPE_COMMAND)

static gboolean
wb_command_group_apply (WbCommand  *command,
                        GError    **error)
{
  WbCommandGroup *self = WB_COMMAND_GROUP (command);

  for (guint i = 0; i < self->children->len; i++)
    {
      if (!wb_command_apply (g_ptr_array_index (self->children, i), error))
        {
          /* All or nothing: take back what the earlier children did. */
          while (i-- > 0)
            wb_command_revert (g_ptr_array_index (self->children, i));
          return FALSE;
        }
    }
  return TRUE;
}

static void
wb_command_group_revert (WbCommand *command)
{
  WbCommandGroup *self = WB_COMMAND_GROUP (command);

  for (guint i = self->children->len; i-- > 0;)
    wb_command_revert (g_ptr_array_index (self->children, i));
}

static void
wb_command_group_finalize (GObject *object)
{
  WbCommandGroup *self = WB_COMMAND_GROUP (object);

  g_ptr_array_unref (self->children);
  G_OBJECT_CLASS (wb_command_group_parent_class)->finalize (object);
}

static void
wb_command_group_class_init (WbCommandGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_command_group_finalize;
  command_class->apply = wb_command_group_apply;
  command_class->revert = wb_command_group_revert;
}

static void
wb_command_group_init (WbCommandGroup *self)
{
  self->children = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * wb_command_group_new:
 * @label: the label of the whole step ("Draw road")
 *
 * Returns: (transfer full): an empty group
 */
WbCommand *
wb_command_group_new (const char *label)
{
  return g_object_new (WB_TYPE_COMMAND_GROUP, "label", label, NULL);
}

/**
 * wb_command_group_add:
 * @self: a group
 * @command: a command; the group takes a reference
 *
 * Appends @command without applying it: a group is applied as a whole with
 * wb_command_apply() (or built by the undo stack from commands it already
 * applied).
 */
void
wb_command_group_add (WbCommandGroup *self,
                      WbCommand      *command)
{
  g_return_if_fail (WB_IS_COMMAND_GROUP (self));
  g_return_if_fail (WB_IS_COMMAND (command));
  g_return_if_fail ((gpointer) command != (gpointer) self);
  g_ptr_array_add (self->children, g_object_ref (command));
}

guint
wb_command_group_get_n_children (WbCommandGroup *self)
{
  g_return_val_if_fail (WB_IS_COMMAND_GROUP (self), 0);
  return self->children->len;
}

/**
 * wb_command_group_get_child:
 * @self: a group
 * @index: a position below wb_command_group_get_n_children()
 *
 * Returns: (transfer none): the child at @index
 */
WbCommand *
wb_command_group_get_child (WbCommandGroup *self,
                            guint           index)
{
  g_return_val_if_fail (WB_IS_COMMAND_GROUP (self), NULL);
  g_return_val_if_fail (index < self->children->len, NULL);
  return g_ptr_array_index (self->children, index);
}
