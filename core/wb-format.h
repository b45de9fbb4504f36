/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "wb-error.h"
#include "wb-game.h"

G_BEGIN_DECLS

#define WB_FORMAT_NAME          "warbench-game"
#define WB_FORMAT_VERSION       7
#define WB_FORMAT_MAX_FILE_SIZE (256 * 1024 * 1024)
#define WB_GAME_FILE_EXTENSION  ".warbench"

/* Loads and validates a game file. On failure returns NULL and sets a
 * WB_FORMAT_ERROR whose message reads
 * "FILE:LINE:COL: $.json.path: what was expected". */
WbGame   *wb_game_load            (GFile         *file,
                                   GCancellable  *cancellable,
                                   GError       **error);
/* @display_name names the source in messages. @len may be -1. */
WbGame   *wb_game_load_from_data  (const char    *data,
                                   gssize         len,
                                   const char    *display_name,
                                   GError       **error);
/* Serialises with stable key order, one entity per line. */
char     *wb_game_to_data         (WbGame        *game,
                                   gsize         *len);
/* Atomic save: a temporary file, fsync, rename over @file. */
gboolean  wb_game_save            (WbGame        *game,
                                   GFile         *file,
                                   GCancellable  *cancellable,
                                   GError       **error);

G_END_DECLS
