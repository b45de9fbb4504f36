/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-types.h"

G_BEGIN_DECLS

#define WB_TYPE_MAP (wb_map_get_type ())
G_DECLARE_DERIVABLE_TYPE (WbMap, wb_map, WB, MAP, GObject)

struct _WbMapClass
{
  GObjectClass parent_class;

  WbMapKind (*get_kind)   (WbMap *self);
  /* Size of the drawn map at scale 1, in points. */
  void      (*get_extent) (WbMap *self, double *width, double *height);
};

const char *wb_map_get_id      (WbMap *self);
const char *wb_map_get_name    (WbMap *self);
void        wb_map_set_name    (WbMap *self, const char *name);
/* Where the map comes from ("reconstructed from the rules' hex numbers"…). */
const char *wb_map_get_source  (WbMap *self);
void        wb_map_set_source  (WbMap *self, const char *source);
WbMapKind   wb_map_get_kind    (WbMap *self);
void        wb_map_get_extent  (WbMap *self, double *width, double *height);
/* Emits WbMap::changed: the map's content changed (views redraw). */
void        wb_map_changed     (WbMap *self);

G_END_DECLS
