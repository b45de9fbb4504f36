/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writing files so that a crash or a full disk loses nothing: the whole
 * file through a temporary file, fsync and rename (the old file or the new,
 * never half of one), or an append made durable with fsync. Errors are
 * WB_FORMAT_ERROR_IO naming @path. */
gboolean wb_file_write_atomic  (const char *path, const char *data, gsize len, GError **error);
gboolean wb_file_append_synced (int fd, const char *path, const char *data, gsize len,
                                GError **error);

G_END_DECLS
