/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-game-map-commands.h"
#include "wb-scenario.h"
#include "wb-util-private.h"

char *
wb_game_make_map_id (WbGame     *game,
                     const char *name)
{
  g_autofree char *base = NULL;
  char *id;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  base = wb_slug_from_name (name, "map");
  id = g_strdup (base);
  for (guint n = 2; wb_game_find_map (game, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  return id;
}

#define WB_TYPE_GAME_MAP_COMMAND (wb_game_map_command_get_type ())
G_DECLARE_FINAL_TYPE (WbGameMapCommand, wb_game_map_command, WB, GAME_MAP_COMMAND, WbCommand)

struct _WbGameMapCommand
{
  WbCommand   parent_instance;

  WbGame     *game;
  WbMap      *map;      /* the map added, or the one deleted (set by apply) */
  const char *id;       /* interned */
  gboolean    add;
  guint       index;
};

G_DEFINE_FINAL_TYPE (WbGameMapCommand, wb_game_map_command, WB_TYPE_COMMAND)

static gboolean
check_removable (WbGameMapCommand  *self,
                 GError           **error)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);

  if (wb_game_find_map (self->game, self->id) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no map “%s”"), self->id);
      return FALSE;
    }
  if (wb_game_get_maps (self->game)->len <= 1)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("A game needs at least one map"));
      return FALSE;
    }
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *scenario = g_ptr_array_index (scenarios, i);

      if (g_strcmp0 (wb_scenario_get_map (scenario), self->id) == 0)
        {
          const char *name = wb_scenario_get_name (scenario);

          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       /* Translators: a scenario and a map */
                       _("Scenario “%s” is played on map “%s”"),
                       name != NULL ? name : wb_scenario_get_id (scenario),
                       wb_map_get_name (wb_game_find_map (self->game, self->id)));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
wb_game_map_command_apply (WbCommand  *command,
                           GError    **error)
{
  WbGameMapCommand *self = WB_GAME_MAP_COMMAND (command);

  if (self->add)
    {
      if (wb_game_find_map (self->game, self->id) != NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("The game already has a map “%s”"), self->id);
          return FALSE;
        }
      if (wb_game_get_maps (self->game)->len >= WB_GAME_MAX_ENTITIES)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("A game has at most %d maps"), WB_GAME_MAX_ENTITIES);
          return FALSE;
        }
      self->index = G_MAXUINT;
      wb_game_insert_map (self->game, g_object_ref (self->map), G_MAXUINT);
    }
  else
    {
      if (!check_removable (self, error))
        return FALSE;
      g_clear_object (&self->map);
      self->map = wb_game_take_map (self->game, self->id, &self->index);   /* its reference */
    }
  wb_game_changed (self->game, "maps");
  return TRUE;
}

static void
wb_game_map_command_revert (WbCommand *command)
{
  WbGameMapCommand *self = WB_GAME_MAP_COMMAND (command);

  if (self->add)
    g_object_unref (wb_game_take_map (self->game, self->id, NULL));
  else
    wb_game_insert_map (self->game, g_object_ref (self->map), self->index);
  wb_game_changed (self->game, "maps");
}

static void
wb_game_map_command_finalize (GObject *object)
{
  WbGameMapCommand *self = WB_GAME_MAP_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->map);
  G_OBJECT_CLASS (wb_game_map_command_parent_class)->finalize (object);
}

static void
wb_game_map_command_class_init (WbGameMapCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_game_map_command_finalize;
  command_class->apply = wb_game_map_command_apply;
  command_class->revert = wb_game_map_command_revert;
}

static void
wb_game_map_command_init (WbGameMapCommand *self)
{
}

/**
 * wb_command_add_map_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_add_map_new (WbGame *game,
                        WbMap  *map)
{
  WbGameMapCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_MAP (map), NULL);

  self = g_object_new (WB_TYPE_GAME_MAP_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->map = g_object_ref (map);
  self->id = wb_map_get_id (map);
  self->add = TRUE;
  label = g_strdup_printf (_("Add map “%s”"), wb_map_get_name (map));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/**
 * wb_command_remove_map_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_remove_map_new (WbGame     *game,
                           const char *id)
{
  WbGameMapCommand *self;
  WbMap *map;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = g_object_new (WB_TYPE_GAME_MAP_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->id = g_intern_string (id);
  map = wb_game_find_map (game, id);
  label = g_strdup_printf (_("Delete map “%s”"), map != NULL ? wb_map_get_name (map) : id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
