/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"
#include "wb-hex-map.h"
#include "wb-point-map.h"

G_BEGIN_DECLS

/* Commands that edit the attributes of what the inspector shows: a point
 * map's locations and connections, and a hex's features. Each checks its
 * values against the game when applied (WB_COMMAND_ERROR, model untouched)
 * and emits WbMap::changed once per apply and per revert. */

/* The largest fortress capacity and |VP| a location can have (what the file
 * reader accepts). */
#define WB_LOCATION_MAX_FORTRESS 1000
#define WB_LOCATION_MAX_VP       100000
#define WB_LOCATION_MAX_LABEL_OFFSET 1000.0
/* The most region tags (and supply or replacement sides) a location has. */
#define WB_LOCATION_MAX_IDS      64

/**
 * WbLocationField:
 *
 * The attributes of a location that wb_command_set_location_new() sets.
 */
typedef enum {
  WB_LOCATION_FIELD_MAJOR        = 1 << 0,
  WB_LOCATION_FIELD_PORT         = 1 << 1,
  WB_LOCATION_FIELD_FORTRESS     = 1 << 2,
  WB_LOCATION_FIELD_VP           = 1 << 3,
  WB_LOCATION_FIELD_SUPPLY       = 1 << 4,
  WB_LOCATION_FIELD_REPLACEMENT  = 1 << 5,
  WB_LOCATION_FIELD_TAGS         = 1 << 6,
  WB_LOCATION_FIELD_NOTE         = 1 << 7,
  WB_LOCATION_FIELD_LABEL_OFFSET = 1 << 8,
} WbLocationField;

/* The values wb_command_set_location_new() takes: plain copies, not tied to
 * any map. String ids need not be interned. */
typedef struct {
  gboolean   major;
  gboolean   port;
  int        fortress;
  int        vp;
  GPtrArray *supply;        /* char*: side ids */
  GPtrArray *replacement;   /* char*: side ids */
  GPtrArray *tags;          /* char*: region tags */
  char      *note;          /* NULL or "": none */
  double     label_dx, label_dy;
} WbLocationAttrs;

/* Empty attributes, or a copy of @loc's. Free with wb_location_attrs_free(). */
WbLocationAttrs *wb_location_attrs_new           (void);
WbLocationAttrs *wb_location_attrs_new_from      (const WbLocation *loc);
void             wb_location_attrs_free          (WbLocationAttrs  *attrs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbLocationAttrs, wb_location_attrs_free)

/* Sets the @fields of location @id of @map to those of @attrs (copied).
 * Fails with WB_COMMAND_ERROR_NOT_FOUND for a missing location or a side
 * @game does not have, WB_COMMAND_ERROR_RANGE for a fortress, VP or label
 * offset outside the file's bounds, WB_COMMAND_ERROR_INVALID for a tag that
 * is not an id (letters, digits, "-", "_", ".") or too many ids. A command
 * setting exactly one of fortress, VP, tags, note or label offset merges
 * with a following one setting the same field of the same location, so a
 * spin or a drag is one step. */
WbCommand *wb_command_set_location_new   (WbGame                *game,
                                          WbPointMap            *map,
                                          const char            *id,
                                          WbLocationField        fields,
                                          const WbLocationAttrs *attrs);

/* Sets the class, crossings and note of connection @index of @map, which
 * must join @a and @b (either way round) when applied. @klass must be one of
 * @game's connection features, each crossing one of its crossing features
 * (WB_COMMAND_ERROR_NOT_FOUND otherwise); a class the two are already
 * joined by through another connection is WB_COMMAND_ERROR_INVALID. */
WbCommand *wb_command_set_connection_new (WbGame             *game,
                                          WbPointMap         *map,
                                          guint               index,
                                          const char         *a,
                                          const char         *b,
                                          const char         *klass,
                                          const char * const *crossings,
                                          const char         *note);

/* Adds (@present TRUE) or removes hex feature @feature (one of @game's
 * features where "hex") on @hex; revert restores the hex's feature list in
 * its order. */
WbCommand *wb_command_set_hex_feature_new (WbGame            *game,
                                           WbHexMap          *map,
                                           WbOffset           hex,
                                           const char        *feature,
                                           gboolean           present);

G_END_DECLS
