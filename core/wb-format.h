/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "wb-error.h"
#include "wb-game.h"

G_BEGIN_DECLS

#define WB_FORMAT_NAME          "warbench-game"
#define WB_FORMAT_VERSION       9
/* A game file may take at most ten times its size in memory to load, plus
 * a fixed allowance, and never more than 1 GiB (the model, the parsed
 * text and every grid or list a number in the file makes it allocate): a
 * load that would take more is refused with WB_FORMAT_ERROR_TOO_LARGE
 * before it allocates. The largest file is the one whose budget reaches
 * the ceiling. See wb_format_memory_budget(). */
#define WB_FORMAT_MEMORY_FACTOR    10
#define WB_FORMAT_MEMORY_ALLOWANCE ((guint64) 64 * 1024 * 1024)
#define WB_FORMAT_MEMORY_MAX       ((guint64) 1024 * 1024 * 1024)
#define WB_FORMAT_MAX_FILE_SIZE    (96 * 1024 * 1024)
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
/* The most memory loading a game file of @file_size bytes may take:
 * WB_FORMAT_MEMORY_FACTOR × @file_size + WB_FORMAT_MEMORY_ALLOWANCE, at
 * most WB_FORMAT_MEMORY_MAX. */
guint64   wb_format_memory_budget (gsize          file_size);
/* Serialises with stable key order, one entity per line. */
char     *wb_game_to_data         (WbGame        *game,
                                   gsize         *len);
/* Atomic save: a temporary file, fsync, rename over @file. */
gboolean  wb_game_save            (WbGame        *game,
                                   GFile         *file,
                                   GCancellable  *cancellable,
                                   GError       **error);

G_END_DECLS
