/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-map.h"

G_BEGIN_DECLS

#define WB_POINT_MAP_MAX_LOCATIONS 20000
#define WB_POINT_MAP_MAX_EXTENT    100000.0

typedef struct {
  const char *id;
  char       *name;
  double      x, y;            /* points, origin top-left */
  double      label_dx, label_dy;
  gboolean    major;           /* major town (vs minor) */
  gboolean    port;
  int         fortress;        /* fortress unit capacity, 0 = none */
  int         vp;
  GPtrArray  *supply;          /* side ids for which it is a supply source */
  GPtrArray  *replacement;     /* side ids for which it is a replacement location */
  GPtrArray  *tags;            /* region tags: "valley", "north-of-vp-line"… (interned) */
  char       *note;
} WbLocation;

typedef struct {
  const char *a, *b;           /* location ids */
  const char *klass;           /* connection feature id: pike, road, trail, railroad, ferry… */
  GPtrArray  *crossings;       /* crossing feature ids: river, mountain, gap, ford… */
  char       *note;
} WbConnection;

WbLocation   *wb_location_new    (const char *id);
void          wb_location_free   (WbLocation *loc);
WbConnection *wb_connection_new  (const char *a, const char *b, const char *klass);
void          wb_connection_free (WbConnection *c);

#define WB_TYPE_POINT_MAP (wb_point_map_get_type ())
G_DECLARE_FINAL_TYPE (WbPointMap, wb_point_map, WB, POINT_MAP, WbMap)

WbPointMap   *wb_point_map_new              (const char *id, double width, double height);
void          wb_point_map_set_size         (WbPointMap *self, double width, double height);
GPtrArray    *wb_point_map_get_locations    (WbPointMap *self);   /* WbLocation* */
GPtrArray    *wb_point_map_get_connections  (WbPointMap *self);   /* WbConnection* */
WbLocation   *wb_point_map_find_location    (WbPointMap *self, const char *id);
/* Takes ownership. FALSE (and frees nothing) if the id is taken. */
gboolean      wb_point_map_add_location     (WbPointMap *self, WbLocation *loc);
void          wb_point_map_add_connection   (WbPointMap *self, WbConnection *c);
/* Takes location @id out of the map and returns it (transfer full; NULL if
 * there is none), with its place in the list in @index. Its connections
 * stay: remove them first. */
WbLocation   *wb_point_map_remove_location  (WbPointMap *self, const char *id, guint *index);
/* Puts @loc (taking it) at @index of the location list (clamped), so a
 * removal can be undone exactly. FALSE (and frees nothing) if the id is
 * taken. */
gboolean      wb_point_map_insert_location  (WbPointMap *self, WbLocation *loc, guint index);
/* A location id not in use on the map, made from @name: "New town" gives
 * "new-town", then "new-town-2"… (transfer full). */
char         *wb_point_map_make_location_id (WbPointMap *self, const char *name);
/* The location whose marker is within @radius of (x, y), or NULL. */
WbLocation   *wb_point_map_location_at      (WbPointMap *self, double x, double y, double radius);

G_END_DECLS
