/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-point-map-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-point-map-commands.h"

/* Point-to-point map edits that core/wb-map-commands.c does not have yet.
 * A connection is a plain record in the map's connection array: the
 * command appends its own and, on revert, takes exactly that one out. */

#define WB_TYPE_CONNECT_COMMAND (wb_connect_command_get_type ())
G_DECLARE_FINAL_TYPE (WbConnectCommand, wb_connect_command, WB, CONNECT_COMMAND, WbCommand)

struct _WbConnectCommand
{
  WbCommand     parent_instance;

  WbPointMap   *map;
  const char   *a, *b, *klass;   /* interned */
  WbConnection *added;           /* owned by the map while applied */
};

G_DEFINE_FINAL_TYPE (WbConnectCommand, wb_connect_command, WB_TYPE_COMMAND)

static gboolean
wb_connect_command_apply (WbCommand  *command,
                          GError    **error)
{
  WbConnectCommand *self = WB_CONNECT_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);

  g_assert (self->added == NULL);

  if (wb_point_map_find_location (self->map, self->a) == NULL ||
      wb_point_map_find_location (self->map, self->b) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   /* Translators: %s are location ids */
                   _("No location “%s” or “%s” on this map"), self->a, self->b);
      return FALSE;
    }
  if (self->a == self->b)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("A location cannot be connected to itself"));
      return FALSE;
    }
  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);

      if (c->klass == self->klass &&
          ((c->a == self->a && c->b == self->b) || (c->a == self->b && c->b == self->a)))
        {
          g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                               _("These locations are already connected"));
          return FALSE;
        }
    }

  self->added = wb_connection_new (self->a, self->b, self->klass);
  wb_point_map_add_connection (self->map, self->added);
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_connect_command_revert (WbCommand *command)
{
  WbConnectCommand *self = WB_CONNECT_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);
  guint index;

  g_assert (self->added != NULL);

  if (g_ptr_array_find (connections, self->added, &index))
    wb_connection_free (g_ptr_array_steal_index (connections, index));
  else
    g_assert_not_reached ();
  self->added = NULL;
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_connect_command_dispose (GObject *object)
{
  WbConnectCommand *self = WB_CONNECT_COMMAND (object);

  g_clear_object (&self->map);

  G_OBJECT_CLASS (wb_connect_command_parent_class)->dispose (object);
}

static void
wb_connect_command_class_init (WbConnectCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->dispose = wb_connect_command_dispose;
  command_class->apply = wb_connect_command_apply;
  command_class->revert = wb_connect_command_revert;
}

static void
wb_connect_command_init (WbConnectCommand *self)
{
}

WbCommand *
wb_command_connect_new (WbPointMap *map,
                        const char *a,
                        const char *b,
                        const char *klass,
                        const char *a_name,
                        const char *b_name)
{
  WbConnectCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (a != NULL && b != NULL && klass != NULL, NULL);

  self = g_object_new (WB_TYPE_CONNECT_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->a = g_intern_string (a);
  self->b = g_intern_string (b);
  self->klass = g_intern_string (klass);

  /* Translators: an undo step; %s are location names */
  label = g_strdup_printf (_("Connect %s to %s"), a_name != NULL ? a_name : a,
                           b_name != NULL ? b_name : b);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

#define WB_TYPE_DISCONNECT_COMMAND (wb_disconnect_command_get_type ())
G_DECLARE_FINAL_TYPE (WbDisconnectCommand, wb_disconnect_command, WB, DISCONNECT_COMMAND, WbCommand)

struct _WbDisconnectCommand
{
  WbCommand     parent_instance;

  WbPointMap   *map;
  const char   *a, *b, *klass;   /* interned */
  WbConnection *removed;         /* owned while applied */
  guint         index;
};

G_DEFINE_FINAL_TYPE (WbDisconnectCommand, wb_disconnect_command, WB_TYPE_COMMAND)

static gboolean
wb_disconnect_command_apply (WbCommand  *command,
                             GError    **error)
{
  WbDisconnectCommand *self = WB_DISCONNECT_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);

  g_assert (self->removed == NULL);

  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *c = g_ptr_array_index (connections, i);

      if (c->klass == self->klass &&
          ((c->a == self->a && c->b == self->b) || (c->a == self->b && c->b == self->a)))
        {
          self->index = i;
          self->removed = g_ptr_array_steal_index (connections, i);
          wb_map_changed (WB_MAP (self->map));
          return TRUE;
        }
    }

  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
               /* Translators: %s are location ids */
               _("No connection between “%s” and “%s”"), self->a, self->b);
  return FALSE;
}

static void
wb_disconnect_command_revert (WbCommand *command)
{
  WbDisconnectCommand *self = WB_DISCONNECT_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);

  g_assert (self->removed != NULL);

  g_ptr_array_insert (connections, (int) self->index, g_steal_pointer (&self->removed));
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_disconnect_command_dispose (GObject *object)
{
  WbDisconnectCommand *self = WB_DISCONNECT_COMMAND (object);

  g_clear_pointer (&self->removed, wb_connection_free);
  g_clear_object (&self->map);

  G_OBJECT_CLASS (wb_disconnect_command_parent_class)->dispose (object);
}

static void
wb_disconnect_command_class_init (WbDisconnectCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->dispose = wb_disconnect_command_dispose;
  command_class->apply = wb_disconnect_command_apply;
  command_class->revert = wb_disconnect_command_revert;
}

static void
wb_disconnect_command_init (WbDisconnectCommand *self)
{
}

WbCommand *
wb_command_disconnect_new (WbPointMap *map,
                           const char *a,
                           const char *b,
                           const char *klass,
                           const char *a_name,
                           const char *b_name)
{
  WbDisconnectCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (a != NULL && b != NULL && klass != NULL, NULL);

  self = g_object_new (WB_TYPE_DISCONNECT_COMMAND, NULL);
  self->map = g_object_ref (map);
  self->a = g_intern_string (a);
  self->b = g_intern_string (b);
  self->klass = g_intern_string (klass);

  /* Translators: an undo step; %s are location names */
  label = g_strdup_printf (_("Delete Connection %s – %s"), a_name != NULL ? a_name : a,
                           b_name != NULL ? b_name : b);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
