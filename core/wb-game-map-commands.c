/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-game-map-commands.h"
#include "rules/wb-params.h"
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

char *
wb_game_make_table_id (WbGame     *game,
                       const char *name)
{
  g_autofree char *base = NULL;
  char *id;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  base = wb_slug_from_name (name, "table");
  id = g_strdup (base);
  for (guint n = 2; wb_game_find_table (game, id) != NULL; n++)
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
  GObject    *item;     /* the map or table added, or the one deleted (set by apply) */
  const char *id;       /* interned */
  gboolean    add;
  gboolean    table;    /* a table, not a map */
  guint       index;
};

G_DEFINE_FINAL_TYPE (WbGameMapCommand, wb_game_map_command, WB_TYPE_COMMAND)

/* A table another table sends results to (a code's `test`) or reads the
 * other die with (`pair`) cannot go. */
static gboolean
check_table_removable (WbGameMapCommand  *self,
                       GError           **error)
{
  GPtrArray *tables = wb_game_get_tables (self->game);
  WbTable *table = wb_game_find_table (self->game, self->id);

  if (table == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no table “%s”"), self->id);
      return FALSE;
    }
  /* A rules parameter naming it (the CRT): the file would not load again. */
  {
    g_autofree char *path = wb_params_reference (self->game, 1u << WB_PARAM_REF_TABLE, self->id);

    if (path != NULL)
      {
        g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                     _("“%s” is named by the rules parameters (%s): change them first"),
                     wb_table_get_name (table), path);
        return FALSE;
      }
  }
  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      GPtrArray *codes = wb_table_get_codes (t);
      gboolean uses = t != table && g_strcmp0 (wb_table_get_pair (t), self->id) == 0;

      for (guint j = 0; j < codes->len && !uses && t != table; j++)
        uses = g_strcmp0 (((WbResultCode *) g_ptr_array_index (codes, j))->test, self->id) == 0;
      if (uses)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       /* Translators: two tables */
                       _("The table “%s” refers to “%s”"), wb_table_get_name (t),
                       wb_table_get_name (table));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_removable (WbGameMapCommand  *self,
                 GError           **error)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);

  if (self->table)
    return check_table_removable (self, error);

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
item_exists (WbGameMapCommand *self)
{
  return self->table ? wb_game_find_table (self->game, self->id) != NULL
                     : wb_game_find_map (self->game, self->id) != NULL;
}

static void
item_insert (WbGameMapCommand *self)
{
  if (self->table)
    wb_game_insert_table (self->game, g_object_ref (WB_TABLE (self->item)), self->index);
  else
    wb_game_insert_map (self->game, g_object_ref (WB_MAP (self->item)), self->index);
}

/* Returns the item's reference. */
static GObject *
item_take (WbGameMapCommand *self, guint *index)
{
  return self->table ? G_OBJECT (wb_game_take_table (self->game, self->id, index))
                     : G_OBJECT (wb_game_take_map (self->game, self->id, index));
}

static gboolean
wb_game_map_command_apply (WbCommand  *command,
                           GError    **error)
{
  WbGameMapCommand *self = WB_GAME_MAP_COMMAND (command);
  GPtrArray *items = self->table ? wb_game_get_tables (self->game) : wb_game_get_maps (self->game);

  if (self->add)
    {
      if (item_exists (self))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       self->table ? _("The game already has a table “%s”")
                                   : _("The game already has a map “%s”"), self->id);
          return FALSE;
        }
      if (items->len >= WB_GAME_MAX_ENTITIES)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       self->table ? _("A game has at most %d tables")
                                   : _("A game has at most %d maps"), WB_GAME_MAX_ENTITIES);
          return FALSE;
        }
      self->index = G_MAXUINT;
      item_insert (self);
    }
  else
    {
      if (!check_removable (self, error))
        return FALSE;
      g_clear_object (&self->item);
      self->item = item_take (self, &self->index);   /* its reference */
    }
  wb_game_changed (self->game, self->table ? "tables" : "maps");
  return TRUE;
}

static void
wb_game_map_command_revert (WbCommand *command)
{
  WbGameMapCommand *self = WB_GAME_MAP_COMMAND (command);

  if (self->add)
    g_object_unref (item_take (self, NULL));
  else
    item_insert (self);
  wb_game_changed (self->game, self->table ? "tables" : "maps");
}

static void
wb_game_map_command_finalize (GObject *object)
{
  WbGameMapCommand *self = WB_GAME_MAP_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->item);
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
  self->item = G_OBJECT (g_object_ref (map));
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

/**
 * wb_command_add_table_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_add_table_new (WbGame  *game,
                          WbTable *table)
{
  WbGameMapCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_TABLE (table), NULL);

  self = g_object_new (WB_TYPE_GAME_MAP_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->item = G_OBJECT (g_object_ref (table));
  self->id = wb_table_get_id (table);
  self->add = TRUE;
  self->table = TRUE;
  label = g_strdup_printf (_("Add table “%s”"), wb_table_get_name (table));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/**
 * wb_command_remove_table_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_remove_table_new (WbGame     *game,
                             const char *id)
{
  WbGameMapCommand *self;
  WbTable *table;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = g_object_new (WB_TYPE_GAME_MAP_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->id = g_intern_string (id);
  self->table = TRUE;
  table = wb_game_find_table (game, id);
  label = g_strdup_printf (_("Delete table “%s”"), table != NULL ? wb_table_get_name (table) : id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}
