/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-game"
#include "config.h"

#include "wb-game.h"
#include "wb-format.h"
#include "wb-util-private.h"

/* An ordered collection with an index by interned id. */
typedef struct
{
  GPtrArray  *items;
  GHashTable *by_id;
} Collection;

enum {
  C_SIDES,
  C_CLASSES,
  C_TERRAIN,
  C_FEATURES,
  C_TABLES,
  C_MAPS,
  C_FORMATIONS,
  C_UNITS,
  C_CHITS,
  C_SCENARIOS,
  N_COLLECTIONS
};

struct _WbGame
{
  GObject     parent_instance;

  char       *id;
  char       *title;
  char       *publisher;
  char       *designer;
  char       *year;
  char       *scale;
  char       *game_version;
  char       *source;
  char       *notes;
  WbRulesRef  rules;
  WbCounterSpec counter;
  Collection  c[N_COLLECTIONS];
  /* Readers: render threads; writers: edits on the main thread. */
  GRWLock     lock;
};

G_DEFINE_FINAL_TYPE (WbGame, wb_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_PUBLISHER,
  PROP_DESIGNER,
  PROP_YEAR,
  PROP_SCALE,
  PROP_GAME_VERSION,
  PROP_SOURCE,
  PROP_NOTES,
  N_PROPS
};
enum { CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
collection_init (Collection *c, GDestroyNotify free_func)
{
  c->items = g_ptr_array_new_with_free_func (free_func);
  /* Keyed by the ids' text (the keys themselves interned): a lookup needs
   * no g_intern_string (), whose one global lock serialised the balance
   * lab's worker threads on every wb_game_find_* (). */
  c->by_id = g_hash_table_new (g_str_hash, g_str_equal);
}

static void
collection_clear (Collection *c)
{
  g_clear_pointer (&c->by_id, g_hash_table_unref);
  g_clear_pointer (&c->items, g_ptr_array_unref);
}

static gboolean
collection_add (Collection *c, const char *interned_id, gpointer item)
{
  if (g_hash_table_contains (c->by_id, interned_id))
    return FALSE;
  g_hash_table_insert (c->by_id, (gpointer) interned_id, item);
  g_ptr_array_add (c->items, item);
  return TRUE;
}

static gpointer
collection_find (Collection *c, const char *id)
{
  if (id == NULL)
    return NULL;
  return g_hash_table_lookup (c->by_id, id);
}

/* Takes the item @id out (transfer full) with its place in @index. */
static gpointer
collection_take (Collection *c, const char *id, guint *index)
{
  gpointer item = collection_find (c, id);
  guint i;

  if (item == NULL || !g_ptr_array_find (c->items, item, &i))
    return NULL;
  g_hash_table_remove (c->by_id, id);
  g_ptr_array_steal_index (c->items, i);
  if (index != NULL)
    *index = i;
  return item;
}

static gboolean
collection_insert (Collection *c, const char *interned_id, gpointer item, guint index)
{
  if (g_hash_table_contains (c->by_id, interned_id))
    return FALSE;
  g_hash_table_insert (c->by_id, (gpointer) interned_id, item);
  g_ptr_array_insert (c->items, (int) MIN (index, c->items->len), item);
  return TRUE;
}

/* Puts @item where the item with the same id is; returns that one
 * (transfer full), or NULL (taking nothing) if there is none. */
static gpointer
collection_replace (Collection *c, const char *interned_id, gpointer item)
{
  gpointer old = g_hash_table_lookup (c->by_id, interned_id);
  guint i;

  if (old == NULL || !g_ptr_array_find (c->items, old, &i))
    return NULL;
  c->items->pdata[i] = item;
  g_hash_table_insert (c->by_id, (gpointer) interned_id, item);
  return old;
}

static char **
string_field (WbGame *self, guint prop_id)
{
  switch (prop_id)
    {
    case PROP_ID: return &self->id;
    case PROP_TITLE: return &self->title;
    case PROP_PUBLISHER: return &self->publisher;
    case PROP_DESIGNER: return &self->designer;
    case PROP_YEAR: return &self->year;
    case PROP_SCALE: return &self->scale;
    case PROP_GAME_VERSION: return &self->game_version;
    case PROP_SOURCE: return &self->source;
    case PROP_NOTES: return &self->notes;
    default: return NULL;
    }
}

static void
set_string_prop (WbGame *self, guint prop_id, const char *value)
{
  if (wb_set_str (string_field (self, prop_id), value))
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
wb_game_finalize (GObject *object)
{
  WbGame *self = WB_GAME (object);

  for (guint p = PROP_ID; p < N_PROPS; p++)
    g_free (*string_field (self, p));
  g_clear_pointer (&self->rules.params, json_node_unref);
  g_clear_pointer (&self->counter.source, g_free);
  /* Units and scenarios refer to maps and sides by id only; order does not matter. */
  for (guint i = 0; i < N_COLLECTIONS; i++)
    collection_clear (&self->c[i]);
  g_rw_lock_clear (&self->lock);

  G_OBJECT_CLASS (wb_game_parent_class)->finalize (object);
}

static void
wb_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbGame *self = WB_GAME (object);
  char **field = string_field (self, prop_id);

  if (field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_set_string (value, *field);
}

static void
wb_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbGame *self = WB_GAME (object);

  if (string_field (self, prop_id) == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  set_string_prop (self, prop_id, g_value_get_string (value));
}

static void
wb_game_class_init (WbGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = wb_game_finalize;
  object_class->get_property = wb_game_get_property;
  object_class->set_property = wb_game_set_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, rw);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, rw);
  properties[PROP_PUBLISHER] = g_param_spec_string ("publisher", NULL, NULL, NULL, rw);
  properties[PROP_DESIGNER] = g_param_spec_string ("designer", NULL, NULL, NULL, rw);
  properties[PROP_YEAR] = g_param_spec_string ("year", NULL, NULL, NULL, rw);
  properties[PROP_SCALE] = g_param_spec_string ("scale", NULL, NULL, NULL, rw);
  properties[PROP_GAME_VERSION] = g_param_spec_string ("game-version", NULL, NULL, NULL, rw);
  properties[PROP_SOURCE] = g_param_spec_string ("source", NULL, NULL, NULL, rw);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WbGame::changed:
   * @what: which part changed ("sides", "terrain", "units", "maps", …)
   *
   * Something in the game's content changed; views refresh and the
   * window marks the game dirty.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
wb_game_init (WbGame *self)
{
  g_rw_lock_init (&self->lock);
  collection_init (&self->c[C_SIDES], (GDestroyNotify) wb_side_free);
  collection_init (&self->c[C_CLASSES], (GDestroyNotify) wb_unit_type_free);
  collection_init (&self->c[C_TERRAIN], (GDestroyNotify) wb_terrain_type_free);
  collection_init (&self->c[C_FEATURES], (GDestroyNotify) wb_feature_type_free);
  collection_init (&self->c[C_TABLES], g_object_unref);
  collection_init (&self->c[C_MAPS], g_object_unref);
  collection_init (&self->c[C_FORMATIONS], (GDestroyNotify) wb_formation_free);
  collection_init (&self->c[C_UNITS], g_object_unref);
  collection_init (&self->c[C_CHITS], (GDestroyNotify) wb_chit_free);
  collection_init (&self->c[C_SCENARIOS], g_object_unref);
}

WbGame *
wb_game_new (void)
{
  return g_object_new (WB_TYPE_GAME, NULL);
}

#define GAME_STRING(name, PROP)                                   \
  const char *                                                    \
  wb_game_get_##name (WbGame *self)                               \
  {                                                               \
    g_return_val_if_fail (WB_IS_GAME (self), NULL);               \
    return *string_field (self, PROP);                            \
  }                                                               \
  void                                                            \
  wb_game_set_##name (WbGame *self, const char *value)            \
  {                                                               \
    g_return_if_fail (WB_IS_GAME (self));                         \
    set_string_prop (self, PROP, value);                          \
  }

GAME_STRING (id, PROP_ID)
GAME_STRING (title, PROP_TITLE)
GAME_STRING (publisher, PROP_PUBLISHER)
GAME_STRING (designer, PROP_DESIGNER)
GAME_STRING (year, PROP_YEAR)
GAME_STRING (scale, PROP_SCALE)
GAME_STRING (game_version, PROP_GAME_VERSION)
GAME_STRING (source, PROP_SOURCE)
GAME_STRING (notes, PROP_NOTES)

char *
wb_game_suggest_file_name (WbGame *self)
{
  const char *title, *id;
  g_autofree char *slug = NULL;

  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  title = wb_game_get_title (self);
  id = wb_game_get_id (self);
  slug = wb_slug_from_name (title, id != NULL && *id != '\0' ? id : "game");
  return g_strconcat (slug, WB_GAME_FILE_EXTENSION, NULL);
}

WbRulesRef *
wb_game_get_rules (WbGame *self)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return &self->rules;
}

WbCounterSpec *
wb_game_get_counter (WbGame *self)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return &self->counter;
}

#define COLLECTION(plural, singular, Type, C, id_expr)                        \
  GPtrArray *                                                                 \
  wb_game_get_##plural (WbGame *self)                                         \
  {                                                                           \
    g_return_val_if_fail (WB_IS_GAME (self), NULL);                           \
    return self->c[C].items;                                                  \
  }                                                                           \
  gboolean                                                                    \
  wb_game_add_##singular (WbGame *self, Type *item)                           \
  {                                                                           \
    g_return_val_if_fail (WB_IS_GAME (self), FALSE);                          \
    g_return_val_if_fail (item != NULL, FALSE);                               \
    return collection_add (&self->c[C], g_intern_string (id_expr), item);     \
  }                                                                           \
  Type *                                                                      \
  wb_game_find_##singular (WbGame *self, const char *id)                      \
  {                                                                           \
    g_return_val_if_fail (WB_IS_GAME (self), NULL);                           \
    return collection_find (&self->c[C], id);                                 \
  }

COLLECTION (sides, side, WbSide, C_SIDES, item->id)
COLLECTION (unit_classes, unit_class, WbUnitType, C_CLASSES, item->id)
COLLECTION (terrain, terrain, WbTerrainType, C_TERRAIN, item->id)
COLLECTION (features, feature, WbFeatureType, C_FEATURES, item->id)
COLLECTION (tables, table, WbTable, C_TABLES, wb_table_get_id (item))
COLLECTION (maps, map, WbMap, C_MAPS, wb_map_get_id (item))
COLLECTION (formations, formation, WbFormation, C_FORMATIONS, item->id)
COLLECTION (units, unit, WbUnit, C_UNITS, wb_unit_get_id (item))
COLLECTION (chits, chit, WbChit, C_CHITS, item->id)
COLLECTION (scenarios, scenario, WbScenario, C_SCENARIOS, wb_scenario_get_id (item))

#define COLLECTION_EDIT(plural, singular, Type, C)                            \
  Type *                                                                      \
  wb_game_take_##singular (WbGame *self, const char *id, guint *index)        \
  {                                                                           \
    g_return_val_if_fail (WB_IS_GAME (self), NULL);                           \
    return collection_take (&self->c[C], id, index);                          \
  }                                                                           \
  gboolean                                                                    \
  wb_game_insert_##singular (WbGame *self, Type *item, guint index)           \
  {                                                                           \
    g_return_val_if_fail (WB_IS_GAME (self), FALSE);                          \
    g_return_val_if_fail (item != NULL, FALSE);                               \
    return collection_insert (&self->c[C], g_intern_string (item->id), item,  \
                              index);                                         \
  }                                                                           \
  Type *                                                                      \
  wb_game_replace_##singular (WbGame *self, Type *item)                       \
  {                                                                           \
    g_return_val_if_fail (WB_IS_GAME (self), NULL);                           \
    g_return_val_if_fail (item != NULL, NULL);                                \
    return collection_replace (&self->c[C], g_intern_string (item->id), item);\
  }

static void
collection_swap (Collection *c, GPtrArray **items, const char *(*id_of) (gpointer))
{
  GPtrArray *old = c->items;

  c->items = *items;
  *items = old;
  g_hash_table_remove_all (c->by_id);
  for (guint i = 0; i < c->items->len; i++)
    {
      gpointer item = g_ptr_array_index (c->items, i);
      g_hash_table_insert (c->by_id, (gpointer) g_intern_string (id_of (item)), item);
    }
}

static const char *
formation_id_of (gpointer item)
{
  return ((WbFormation *) item)->id;
}

static const char *
unit_id_of (gpointer item)
{
  return wb_unit_get_id (item);
}

void
wb_game_swap_oob (WbGame     *self,
                  GPtrArray **formations,
                  GPtrArray **units)
{
  g_return_if_fail (WB_IS_GAME (self));
  g_return_if_fail (formations != NULL && *formations != NULL);
  g_return_if_fail (units != NULL && *units != NULL);
  collection_swap (&self->c[C_FORMATIONS], formations, formation_id_of);
  collection_swap (&self->c[C_UNITS], units, unit_id_of);
}

COLLECTION_EDIT (terrain, terrain, WbTerrainType, C_TERRAIN)
COLLECTION_EDIT (features, feature, WbFeatureType, C_FEATURES)
COLLECTION_EDIT (chits, chit, WbChit, C_CHITS)

WbMap *
wb_game_take_map (WbGame *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return collection_take (&self->c[C_MAPS], id, index);
}

gboolean
wb_game_insert_map (WbGame *self, WbMap *map, guint index)
{
  g_return_val_if_fail (WB_IS_GAME (self), FALSE);
  g_return_val_if_fail (WB_IS_MAP (map), FALSE);
  return collection_insert (&self->c[C_MAPS], g_intern_string (wb_map_get_id (map)), map, index);
}

WbTable *
wb_game_take_table (WbGame *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return collection_take (&self->c[C_TABLES], id, index);
}

gboolean
wb_game_insert_table (WbGame *self, WbTable *table, guint index)
{
  g_return_val_if_fail (WB_IS_GAME (self), FALSE);
  g_return_val_if_fail (WB_IS_TABLE (table), FALSE);
  return collection_insert (&self->c[C_TABLES], g_intern_string (wb_table_get_id (table)), table, index);
}

WbFormation *
wb_game_take_formation (WbGame *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return collection_take (&self->c[C_FORMATIONS], id, index);
}

gboolean
wb_game_insert_formation (WbGame *self, WbFormation *formation, guint index)
{
  g_return_val_if_fail (WB_IS_GAME (self), FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);
  return collection_insert (&self->c[C_FORMATIONS], g_intern_string (formation->id), formation,
                            index);
}

WbUnit *
wb_game_take_unit (WbGame *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return collection_take (&self->c[C_UNITS], id, index);
}

gboolean
wb_game_insert_unit (WbGame *self, WbUnit *unit, guint index)
{
  g_return_val_if_fail (WB_IS_GAME (self), FALSE);
  g_return_val_if_fail (WB_IS_UNIT (unit), FALSE);
  return collection_insert (&self->c[C_UNITS], g_intern_string (wb_unit_get_id (unit)), unit, index);
}

WbSide *
wb_game_take_side (WbGame *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return collection_take (&self->c[C_SIDES], id, index);
}

WbUnitType *
wb_game_take_unit_class (WbGame *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return collection_take (&self->c[C_CLASSES], id, index);
}

WbScenario *
wb_game_take_scenario (WbGame *self, const char *id, guint *index)
{
  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  return collection_take (&self->c[C_SCENARIOS], id, index);
}

gboolean
wb_game_insert_scenario (WbGame *self, WbScenario *scenario, guint index)
{
  g_return_val_if_fail (WB_IS_GAME (self), FALSE);
  g_return_val_if_fail (WB_IS_SCENARIO (scenario), FALSE);
  return collection_insert (&self->c[C_SCENARIOS], g_intern_string (wb_scenario_get_id (scenario)),
                            scenario, index);
}

WbTerrainType *
wb_game_find_terrain_by_key (WbGame *self, char key)
{
  GPtrArray *terrain;

  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  terrain = self->c[C_TERRAIN].items;
  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);
      if (t->key == key)
        return t;
    }
  return NULL;
}

GPtrArray *
wb_game_list_units_of_side (WbGame *self, const char *side)
{
  GPtrArray *units, *out;
  const char *s;

  g_return_val_if_fail (WB_IS_GAME (self), NULL);
  units = self->c[C_UNITS].items;
  out = g_ptr_array_new ();
  s = g_intern_string (side);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      if (wb_unit_get_side (u) == s)
        g_ptr_array_add (out, u);
    }
  return out;
}

void
wb_game_changed (WbGame *self, const char *what)
{
  g_return_if_fail (WB_IS_GAME (self));
  g_signal_emit (self, signals[CHANGED], g_quark_from_string (what), what);
}

/**
 * wb_game_lock_read:
 * @self: a #WbGame
 *
 * Takes the game's model lock for reading. A thread that reads the model
 * while the main thread may edit it (a map view's render worker) holds it
 * for as long as it reads; any number of readers may hold it at once. Not
 * recursive: a thread must not take it twice, nor read-lock while it holds
 * the write lock.
 */
void
wb_game_lock_read (WbGame *self)
{
  g_return_if_fail (WB_IS_GAME (self));
  g_rw_lock_reader_lock (&self->lock);
}

/**
 * wb_game_unlock_read:
 * @self: a #WbGame
 *
 * Releases a lock taken with wb_game_lock_read().
 */
void
wb_game_unlock_read (WbGame *self)
{
  g_return_if_fail (WB_IS_GAME (self));
  g_rw_lock_reader_unlock (&self->lock);
}

/**
 * wb_game_lock_write:
 * @self: a #WbGame
 *
 * Takes the game's model lock for writing: waits until no reader holds it.
 * Every change to the model made while another thread may be reading it
 * (an undo stack's push, undo and redo) holds it. Signal handlers run while
 * it is held, so they must not take the lock (nor render the map on the
 * spot).
 */
void
wb_game_lock_write (WbGame *self)
{
  g_return_if_fail (WB_IS_GAME (self));
  g_rw_lock_writer_lock (&self->lock);
}

/**
 * wb_game_unlock_write:
 * @self: a #WbGame
 *
 * Releases a lock taken with wb_game_lock_write().
 */
void
wb_game_unlock_write (WbGame *self)
{
  g_return_if_fail (WB_IS_GAME (self));
  g_rw_lock_writer_unlock (&self->lock);
}
