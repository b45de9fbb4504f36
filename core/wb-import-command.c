/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "wb-chits.h"
#include "wb-import-command.h"
#include "wb-scenario-file.h"

/*
 * Importing a scenario as an undoable edit. wb_scenario_import () adds the
 * scenario and whatever records it needs that the game lacked, and may
 * extend the rules parameters; the command notes the ids each collection
 * held and the parameters before, so undo takes out exactly what came in
 * and puts the parameters back, and redo imports again (the same file
 * read once, the same result).
 */

typedef enum {
  K_SIDES, K_CLASSES, K_TERRAIN, K_FEATURES, K_TABLES, K_MAPS, K_FORMATIONS, K_UNITS, K_CHITS,
  K_SCENARIOS, N_KINDS
} Kind;

static const char *const kind_members[N_KINDS] = {
  "sides", "unit_classes", "terrain", "features", "tables", "maps", "formations", "units", "chits",
  "scenarios",
};

struct _WbImportCommand {
  WbCommand  parent_instance;

  WbGame    *game;
  WbGame    *from;
  char      *scenario_id;
  char      *new_id;
  GPtrArray *added[N_KINDS];   /* ids (interned) the last apply added */
  JsonNode  *params_before;
};

G_DEFINE_FINAL_TYPE (WbImportCommand, wb_import_command, WB_TYPE_COMMAND)

static const char *
id_at (WbGame *game,
       Kind    k,
       guint   i)
{
  gpointer item;

  switch (k)
    {
    case K_SIDES:
      return ((WbSide *) g_ptr_array_index (wb_game_get_sides (game), i))->id;
    case K_CLASSES:
      return ((WbUnitType *) g_ptr_array_index (wb_game_get_unit_classes (game), i))->id;
    case K_TERRAIN:
      return ((WbTerrainType *) g_ptr_array_index (wb_game_get_terrain (game), i))->id;
    case K_FEATURES:
      return ((WbFeatureType *) g_ptr_array_index (wb_game_get_features (game), i))->id;
    case K_TABLES:
      item = g_ptr_array_index (wb_game_get_tables (game), i);
      return wb_table_get_id (item);
    case K_MAPS:
      item = g_ptr_array_index (wb_game_get_maps (game), i);
      return wb_map_get_id (item);
    case K_FORMATIONS:
      return ((WbFormation *) g_ptr_array_index (wb_game_get_formations (game), i))->id;
    case K_UNITS:
      item = g_ptr_array_index (wb_game_get_units (game), i);
      return wb_unit_get_id (item);
    case K_CHITS:
      return ((WbChit *) g_ptr_array_index (wb_game_get_chits (game), i))->id;
    case K_SCENARIOS:
    case N_KINDS:
    default:
      item = g_ptr_array_index (wb_game_get_scenarios (game), i);
      return wb_scenario_get_id (item);
    }
}

static GPtrArray *
collection (WbGame *game,
            Kind    k)
{
  switch (k)
    {
    case K_SIDES: return wb_game_get_sides (game);
    case K_CLASSES: return wb_game_get_unit_classes (game);
    case K_TERRAIN: return wb_game_get_terrain (game);
    case K_FEATURES: return wb_game_get_features (game);
    case K_TABLES: return wb_game_get_tables (game);
    case K_MAPS: return wb_game_get_maps (game);
    case K_FORMATIONS: return wb_game_get_formations (game);
    case K_UNITS: return wb_game_get_units (game);
    case K_CHITS: return wb_game_get_chits (game);
    case K_SCENARIOS:
    case N_KINDS:
    default: return wb_game_get_scenarios (game);
    }
}

/* The ids of each collection, to tell what an import added. */
static GHashTable *
ids_of (WbGame *game,
        Kind    k)
{
  GHashTable *ids = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *items = collection (game, k);

  for (guint i = 0; items != NULL && i < items->len; i++)
    g_hash_table_add (ids, (gpointer) g_intern_string (id_at (game, k, i)));
  return ids;
}

/* Takes record @id of kind @k out of @game and frees it. */
static void
take_and_free (WbGame     *game,
               Kind        k,
               const char *id)
{
  gpointer item = NULL;
  GDestroyNotify free_func = g_object_unref;

  switch (k)
    {
    case K_SIDES:
      item = wb_game_take_side (game, id, NULL);
      free_func = (GDestroyNotify) wb_side_free;
      break;
    case K_CLASSES:
      item = wb_game_take_unit_class (game, id, NULL);
      free_func = (GDestroyNotify) wb_unit_type_free;
      break;
    case K_TERRAIN:
      item = wb_game_take_terrain (game, id, NULL);
      free_func = (GDestroyNotify) wb_terrain_type_free;
      break;
    case K_FEATURES:
      item = wb_game_take_feature (game, id, NULL);
      free_func = (GDestroyNotify) wb_feature_type_free;
      break;
    case K_TABLES:
      item = wb_game_take_table (game, id, NULL);
      break;
    case K_MAPS:
      item = wb_game_take_map (game, id, NULL);
      break;
    case K_FORMATIONS:
      item = wb_game_take_formation (game, id, NULL);
      free_func = (GDestroyNotify) wb_formation_free;
      break;
    case K_UNITS:
      item = wb_game_take_unit (game, id, NULL);
      break;
    case K_CHITS:
      item = wb_game_take_chit (game, id, NULL);
      free_func = (GDestroyNotify) wb_chit_free;
      break;
    case K_SCENARIOS:
    case N_KINDS:
    default:
      item = wb_game_take_scenario (game, id, NULL);
      break;
    }
  if (item != NULL)
    free_func (item);
}

static gboolean
wb_import_command_apply (WbCommand  *command,
                         GError    **error)
{
  WbImportCommand *self = WB_IMPORT_COMMAND (command);
  g_autoptr(GPtrArray) clashes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local = NULL;
  GHashTable *before[N_KINDS];
  JsonNode *params;

  for (guint k = 0; k < N_KINDS; k++)
    before[k] = ids_of (self->game, k);
  params = wb_game_get_rules (self->game)->params;
  g_clear_pointer (&self->params_before, json_node_unref);
  self->params_before = params != NULL ? json_node_copy (params) : NULL;

  if (!wb_scenario_import_locked (self->game, self->from, self->scenario_id, self->new_id, clashes, &local))
    {
      /* The message and every clash, one a line: what the dialog shows. */
      g_autoptr(GString) text = g_string_new (local->message);

      for (guint i = 0; i < clashes->len; i++)
        g_string_append_printf (text, "\n• %s", (const char *) g_ptr_array_index (clashes, i));
      g_set_error_literal (error, local->domain, local->code, text->str);
      for (guint k = 0; k < N_KINDS; k++)
        g_hash_table_unref (before[k]);
      return FALSE;
    }

  for (guint k = 0; k < N_KINDS; k++)
    {
      GPtrArray *items = collection (self->game, k);

      g_ptr_array_set_size (self->added[k], 0);
      for (guint i = 0; items != NULL && i < items->len; i++)
        {
          const char *id = g_intern_string (id_at (self->game, k, i));

          if (!g_hash_table_contains (before[k], id))
            g_ptr_array_add (self->added[k], (gpointer) id);
        }
      g_hash_table_unref (before[k]);
    }
  return TRUE;
}

static void
wb_import_command_revert (WbCommand *command)
{
  WbImportCommand *self = WB_IMPORT_COMMAND (command);
  WbRulesRef *rules;

  /* The caller holds the write lock (wb_edit_undo ()). Dependants first:
   * units and scenarios before what they name. */
  for (int k = N_KINDS - 1; k >= 0; k--)
    for (guint i = 0; i < self->added[k]->len; i++)
      take_and_free (self->game, (Kind) k, g_ptr_array_index (self->added[k], i));
  rules = wb_game_get_rules (self->game);
  g_clear_pointer (&rules->params, json_node_unref);
  rules->params = self->params_before != NULL ? json_node_copy (self->params_before) : NULL;

  for (guint k = 0; k < N_KINDS; k++)
    if (self->added[k]->len > 0)
      wb_game_changed (self->game, kind_members[k]);
  wb_game_changed (self->game, "rules");
}

static const char *
wb_import_command_get_label (WbCommand *command)
{
  return _("Import Scenario");
}

static void
wb_import_command_finalize (GObject *object)
{
  WbImportCommand *self = WB_IMPORT_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->from);
  g_free (self->scenario_id);
  g_free (self->new_id);
  for (guint k = 0; k < N_KINDS; k++)
    g_ptr_array_unref (self->added[k]);
  g_clear_pointer (&self->params_before, json_node_unref);
  G_OBJECT_CLASS (wb_import_command_parent_class)->finalize (object);
}

static void
wb_import_command_class_init (WbImportCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_import_command_finalize;
  command_class->apply = wb_import_command_apply;
  command_class->revert = wb_import_command_revert;
  command_class->get_label = wb_import_command_get_label;
}

static void
wb_import_command_init (WbImportCommand *self)
{
  for (guint k = 0; k < N_KINDS; k++)
    self->added[k] = g_ptr_array_new ();
}

/**
 * wb_command_import_scenario_new:
 * @game: the game to import into
 * @from: the game holding the scenario (a reference is kept)
 * @scenario_id: the scenario of @from
 * @new_id: (nullable): its id in @game; NULL keeps it
 *
 * Returns: (transfer full): a command that imports the scenario
 * (wb_scenario_import ()) and, reverted, takes out what it brought and
 * puts the rules parameters back. Applying fails with every clash in the
 * error's message, one a line, and changes nothing.
 */
WbCommand *
wb_command_import_scenario_new (WbGame     *game,
                                WbGame     *from,
                                const char *scenario_id,
                                const char *new_id)
{
  WbImportCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_GAME (from), NULL);
  g_return_val_if_fail (scenario_id != NULL, NULL);

  self = g_object_new (WB_TYPE_IMPORT_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->from = g_object_ref (from);
  self->scenario_id = g_strdup (scenario_id);
  self->new_id = g_strdup (new_id);
  return WB_COMMAND (self);
}
