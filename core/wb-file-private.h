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
/* Opens @path to append to it: a descriptor, or -1 with @error (and errno
 * kept, so a caller tells a read-only file, EACCES, EPERM or EROFS, apart). */
int      wb_file_open_append   (const char *path, GError **error);

/* For tests only: make every later wb_file_write_atomic and
 * wb_file_append_synced fail at one step with @errn (EIO, ENOSPC…), as a
 * failing or full disk would, and wb_file_open_append fail (EACCES: a
 * read-only file, whoever runs the test), until it is set back to
 * WB_FILE_FAULT_NONE. A write fault is a short write: the first write after
 * setting it writes half of what it is given, every later one fails. */
typedef enum
{
  WB_FILE_FAULT_NONE,
  WB_FILE_FAULT_WRITE,
  WB_FILE_FAULT_FSYNC,
  WB_FILE_FAULT_RENAME,
  WB_FILE_FAULT_OPEN,
} WbFileFault;

void     wb_file_set_fault     (WbFileFault fault, int errn);

G_END_DECLS
