/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-point-map"
#include "config.h"

#include "wb-point-map.h"
#include "wb-util-private.h"

struct _WbPointMap
{
  WbMap       parent_instance;

  double      width, height;
  GPtrArray  *locations;
  GPtrArray  *connections;
  GHashTable *by_id;        /* interned id → WbLocation (borrowed) */
};

G_DEFINE_FINAL_TYPE (WbPointMap, wb_point_map, WB_TYPE_MAP)

WbLocation *
wb_location_new (const char *id)
{
  WbLocation *loc = g_new0 (WbLocation, 1);
  loc->id = g_intern_string (id);
  loc->supply = g_ptr_array_new ();
  loc->replacement = g_ptr_array_new ();
  loc->tags = g_ptr_array_new ();
  return loc;
}

void
wb_location_free (WbLocation *loc)
{
  if (loc == NULL)
    return;
  g_free (loc->name);
  g_ptr_array_unref (loc->supply);
  g_ptr_array_unref (loc->replacement);
  g_ptr_array_unref (loc->tags);
  g_free (loc->note);
  g_free (loc);
}

WbConnection *
wb_connection_new (const char *a, const char *b, const char *klass)
{
  WbConnection *c = g_new0 (WbConnection, 1);
  c->a = g_intern_string (a);
  c->b = g_intern_string (b);
  c->klass = g_intern_string (klass);
  c->crossings = g_ptr_array_new ();
  return c;
}

void
wb_connection_free (WbConnection *c)
{
  if (c == NULL)
    return;
  g_ptr_array_unref (c->crossings);
  g_free (c->note);
  g_free (c);
}

static WbMapKind
wb_point_map_get_kind_impl (WbMap *map)
{
  return WB_MAP_KIND_POINTS;
}

static void
wb_point_map_get_extent_impl (WbMap *map, double *width, double *height)
{
  WbPointMap *self = WB_POINT_MAP (map);

  if (width)
    *width = self->width;
  if (height)
    *height = self->height;
}

static void
wb_point_map_finalize (GObject *object)
{
  WbPointMap *self = WB_POINT_MAP (object);

  g_hash_table_unref (self->by_id);
  g_ptr_array_unref (self->connections);
  g_ptr_array_unref (self->locations);
  G_OBJECT_CLASS (wb_point_map_parent_class)->finalize (object);
}

static void
wb_point_map_class_init (WbPointMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbMapClass *map_class = WB_MAP_CLASS (klass);

  object_class->finalize = wb_point_map_finalize;
  map_class->get_kind = wb_point_map_get_kind_impl;
  map_class->get_extent = wb_point_map_get_extent_impl;
}

static void
wb_point_map_init (WbPointMap *self)
{
  self->locations = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_location_free);
  self->connections = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_connection_free);
  self->by_id = g_hash_table_new (NULL, NULL);
}

WbPointMap *
wb_point_map_new (const char *id, double width, double height)
{
  WbPointMap *self;

  g_return_val_if_fail (id != NULL, NULL);
  self = g_object_new (WB_TYPE_POINT_MAP, "id", id, NULL);
  wb_point_map_set_size (self, width, height);
  return self;
}

void
wb_point_map_set_size (WbPointMap *self, double width, double height)
{
  g_return_if_fail (WB_IS_POINT_MAP (self));
  self->width = CLAMP (width, 1.0, WB_POINT_MAP_MAX_EXTENT);
  self->height = CLAMP (height, 1.0, WB_POINT_MAP_MAX_EXTENT);
}

GPtrArray *
wb_point_map_get_locations (WbPointMap *self)
{
  g_return_val_if_fail (WB_IS_POINT_MAP (self), NULL);
  return self->locations;
}

GPtrArray *
wb_point_map_get_connections (WbPointMap *self)
{
  g_return_val_if_fail (WB_IS_POINT_MAP (self), NULL);
  return self->connections;
}

WbLocation *
wb_point_map_find_location (WbPointMap *self, const char *id)
{
  g_return_val_if_fail (WB_IS_POINT_MAP (self), NULL);
  if (id == NULL)
    return NULL;
  return g_hash_table_lookup (self->by_id, g_intern_string (id));
}

gboolean
wb_point_map_add_location (WbPointMap *self, WbLocation *loc)
{
  g_return_val_if_fail (WB_IS_POINT_MAP (self), FALSE);
  g_return_val_if_fail (loc != NULL, FALSE);
  if (g_hash_table_contains (self->by_id, loc->id))
    return FALSE;
  g_hash_table_insert (self->by_id, (gpointer) loc->id, loc);
  g_ptr_array_add (self->locations, loc);
  return TRUE;
}

void
wb_point_map_add_connection (WbPointMap *self, WbConnection *c)
{
  g_return_if_fail (WB_IS_POINT_MAP (self));
  g_return_if_fail (c != NULL);
  g_ptr_array_add (self->connections, c);
}

WbLocation *
wb_point_map_remove_location (WbPointMap *self,
                              const char *id,
                              guint      *index)
{
  WbLocation *loc;
  guint i;

  g_return_val_if_fail (WB_IS_POINT_MAP (self), NULL);
  loc = wb_point_map_find_location (self, id);
  if (loc == NULL || !g_ptr_array_find (self->locations, loc, &i))
    return NULL;
  g_hash_table_remove (self->by_id, loc->id);
  g_ptr_array_steal_index (self->locations, i);
  if (index != NULL)
    *index = i;
  return loc;
}

gboolean
wb_point_map_insert_location (WbPointMap *self,
                              WbLocation *loc,
                              guint       index)
{
  g_return_val_if_fail (WB_IS_POINT_MAP (self), FALSE);
  g_return_val_if_fail (loc != NULL, FALSE);
  if (g_hash_table_contains (self->by_id, loc->id))
    return FALSE;
  g_hash_table_insert (self->by_id, (gpointer) loc->id, loc);
  g_ptr_array_insert (self->locations, (int) MIN (index, self->locations->len), loc);
  return TRUE;
}

char *
wb_point_map_make_location_id (WbPointMap *self,
                               const char *name)
{
  g_autofree char *base = NULL;
  char *id;

  g_return_val_if_fail (WB_IS_POINT_MAP (self), NULL);

  base = wb_slug_from_name (name, "location");
  id = g_strdup (base);
  for (guint n = 2; wb_point_map_find_location (self, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  return id;
}

WbLocation *
wb_point_map_location_at (WbPointMap *self, double x, double y, double radius)
{
  WbLocation *best = NULL;
  double best_d2 = radius * radius;

  g_return_val_if_fail (WB_IS_POINT_MAP (self), NULL);
  for (guint i = 0; i < self->locations->len; i++)
    {
      WbLocation *loc = g_ptr_array_index (self->locations, i);
      double dx = loc->x - x, dy = loc->y - y;
      double d2 = dx * dx + dy * dy;

      if (d2 <= best_d2)
        {
          best = loc;
          best_d2 = d2;
        }
    }
  return best;
}
