/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-file"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wb-error.h"
#include "wb-file-private.h"

static WbFileFault fault;
static int         fault_errno;
static gboolean    fault_short_written;

void
wb_file_set_fault (WbFileFault f, int errn)
{
  fault = f;
  fault_errno = errn;
  fault_short_written = FALSE;
}

/* The save's system calls, each failing as a failing or full disk would
 * when a test set a fault there. The save below keeps the plain calls
 * (the macros route them here) and checks only what they return. */
static ssize_t
save_write (int fd, const void *data, size_t len)
{
  if (fault == WB_FILE_FAULT_WRITE)
    {
      if (fault_short_written)
        {
          errno = fault_errno;
          return -1;
        }
      fault_short_written = TRUE;
      len = MAX (len / 2, 1);
    }
  return write (fd, data, len);
}

static int
save_fsync (int fd)
{
  if (fault == WB_FILE_FAULT_FSYNC)
    {
      errno = fault_errno;
      return -1;
    }
  return fsync (fd);
}

static int
save_rename (const char *from, const char *to)
{
  if (fault == WB_FILE_FAULT_RENAME)
    {
      errno = fault_errno;
      return -1;
    }
  return rename (from, to);
}

#define write(fd, data, len) save_write (fd, data, len)
#define fsync(fd)            save_fsync (fd)
#define rename(from, to)     save_rename (from, to)

gboolean
wb_file_write_atomic (const char *path, const char *data, gsize len, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  struct stat st;
  int fd, saved_errno;
  gsize done = 0;

  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    goto fail_errno;
  /* Keep the permissions of the file being replaced. */
  if (stat (path, &st) == 0 && S_ISREG (st.st_mode))
    (void) fchmod (fd, st.st_mode & 07777);
  while (done < len)
    {
      ssize_t n = write (fd, data + done, len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        goto fail_fd;
      done += (gsize) n;
    }
  if (fsync (fd) != 0)
    goto fail_fd;
  if (close (fd) != 0)
    {
      fd = -1;
      goto fail_tmp;
    }
  fd = -1;
  if (rename (tmp, path) != 0)
    goto fail_tmp;
  /* Make the rename itself durable. */
  fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0)
    {
      (void) fsync (fd);
      close (fd);
    }
  return TRUE;

fail_fd:
  saved_errno = errno;
  close (fd);
  errno = saved_errno;
fail_tmp:
  saved_errno = errno;
  unlink (tmp);
  errno = saved_errno;
fail_errno:
  saved_errno = errno;
  g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, _("%s: could not save: %s"), path,
               g_strerror (saved_errno));
  return FALSE;
}

#undef rename

gboolean
wb_file_append_synced (int fd, const char *path, const char *data, gsize len, GError **error)
{
  gsize done = 0;
  int saved_errno;

  while (done < len)
    {
      ssize_t n = write (fd, data + done, len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        goto fail;
      done += (gsize) n;
    }
  if (fsync (fd) != 0)
    goto fail;
  return TRUE;

fail:
  saved_errno = errno;
  g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, _("%s: could not write: %s"), path,
               g_strerror (saved_errno));
  return FALSE;
}

#undef write
#undef fsync

int
wb_file_open_append (const char *path, GError **error)
{
  int fd;

  if (fault == WB_FILE_FAULT_OPEN)
    {
      fd = -1;
      errno = fault_errno;
    }
  else
    fd = g_open (path, O_WRONLY | O_APPEND | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved_errno = errno;
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, _("%s: could not open for writing: %s"), path,
                   g_strerror (saved_errno));
      errno = saved_errno;
    }
  return fd;
}
