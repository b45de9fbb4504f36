/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internal to the order-of-battle CSV: the columns and helpers shared by
 * the export (wb-oob-csv-write.c) and the import (wb-oob-csv.c). */

#include <string.h>

#include "wb-oob-csv.h"

G_BEGIN_DECLS

/* The fixed columns, in the order export writes them. Attribute columns
 * follow, one per attribute id of every unit class, in class order. */
enum {
  COL_KIND,
  COL_SIDE,
  COL_FORMATION,
  COL_PATH,
  COL_ID,
  COL_NAME,
  COL_DESIGNATION,
  COL_CLASS,
  COL_SIZE,
  COL_STRENGTH,
  COL_CURRENT,
  COL_ECHELON,
  COL_COLOR,
  COL_NOTE,
  N_FIXED
};

static const char * const fixed_columns[N_FIXED] = {
  "kind", "side", "formation", "path", "id", "name", "designation", "class", "size",
  "strength", "current", "echelon", "color", "note",
};

#define ATTR_PREFIX    "attr."
#define PATH_SEPARATOR " / "
#define MAX_ID_LEN     64
#define MAX_HALVES     20000   /* 10000 SP, as the game file allows */
#define MAX_DEPTH      64      /* formation nesting followed for a path */

static inline int
fixed_column_of (const char *name)
{
  for (int i = 0; i < N_FIXED; i++)
    if (g_ascii_strcasecmp (name, fixed_columns[i]) == 0)
      return i;
  return -1;
}

static inline gboolean
valid_id (const char *s)
{
  gsize n = strlen (s);

  if (n == 0 || n > MAX_ID_LEN)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
      return FALSE;
  return TRUE;
}

/* Every attribute id of the game's unit classes, first seen first
 * (interned; the array owns nothing). */
static inline GPtrArray *
collect_attr_ids (WbGame *game)
{
  GPtrArray *classes = wb_game_get_unit_classes (game);
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < classes->len; i++)
    {
      WbUnitType *klass = g_ptr_array_index (classes, i);
      for (guint j = 0; j < klass->attrs->len; j++)
        {
          WbAttrDef *def = g_ptr_array_index (klass->attrs, j);
          if (!g_ptr_array_find (ids, def->id, NULL))
            g_ptr_array_add (ids, (gpointer) def->id);
        }
    }
  return ids;
}

/* An attribute's column: its id, or "attr.ID" when the id reads as a
 * fixed column. */
static inline char *
attr_column_name (const char *id)
{
  if (fixed_column_of (id) >= 0)
    return g_strconcat (ATTR_PREFIX, id, NULL);
  return g_strdup (id);
}

G_END_DECLS
