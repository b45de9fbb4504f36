/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "warbench-core.h"

G_BEGIN_DECLS

/* Connects locations @a and @b of @map with a connection of class @klass
 * (a connection feature id); @a_name and @b_name (may be NULL: the ids) go
 * into the label ("Connect Town A to Town B"). Applying fails with
 * WB_COMMAND_ERROR_NOT_FOUND when a location is missing and
 * WB_COMMAND_ERROR_INVALID when @a equals @b or the two are already
 * connected by that class. The connection is appended; revert removes it
 * again, so undo is exact. */
WbCommand *wb_command_connect_new (WbPointMap *map,
                                   const char *a,
                                   const char *b,
                                   const char *klass,
                                   const char *a_name,
                                   const char *b_name);

/* Removes the connection of class @klass between @a and @b (either way
 * round) from @map; @a_name and @b_name go into the label ("Delete
 * Connection Town A – Town B"). Fails with WB_COMMAND_ERROR_NOT_FOUND when
 * there is none. Revert puts the same record (crossings, note) back at its
 * place in the list, so undo is exact. */
WbCommand *wb_command_disconnect_new (WbPointMap *map,
                                      const char *a,
                                      const char *b,
                                      const char *klass,
                                      const char *a_name,
                                      const char *b_name);

G_END_DECLS
