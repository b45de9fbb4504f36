/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-file"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
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

/* The file a save replaces: @path itself, or, when @path is a symbolic
 * link, the file it points to (through any chain of links), so that saving
 * through a link writes the linked file and leaves the link a link. NULL
 * with errno set on a loop or a link that cannot be read. */
static char *
resolve_links (const char *path)
{
  g_autofree char *cur = g_strdup (path);

  for (int hops = 0; hops < 40; hops++)
    {
      g_autofree char *target = NULL;
      g_autofree char *dir = NULL;
      struct stat st;

      if (lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&cur); /* a plain file, or one still to be made */
      target = g_file_read_link (cur, NULL);
      if (target == NULL)
        return NULL;
      if (g_path_is_absolute (target))
        {
          g_free (cur);
          cur = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (cur);
      g_free (cur);
      cur = g_build_filename (dir, target, NULL);
    }
  errno = ELOOP;
  return NULL;
}

/* Whether @name is one of our temporary copies of @base: ".BASE.XXXXXX". */
static gboolean
is_temp_of (const char *name, const char *base)
{
  gsize blen = strlen (base);

  if (name[0] != '.' || strncmp (name + 1, base, blen) != 0 || name[1 + blen] != '.')
    return FALSE;
  name += blen + 2;
  if (strlen (name) != 6)
    return FALSE;
  for (int i = 0; i < 6; i++)
    if (!g_ascii_isalnum (name[i]))
      return FALSE;
  return TRUE;
}

/* Removes the temporary copies of @base in @dir that a save killed before
 * its rename left behind. A save holds an exclusive lock on its copy until
 * it ends, so a copy that can be locked is no live save's (the kernel drops
 * a dead process's locks); a live save's copy is left alone. */
static void
remove_stale_temps (const char *dir, const char *base)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *stale = NULL;
      struct stat st, lst;
      int fd;

      if (!is_temp_of (name, base))
        continue;
      stale = g_build_filename (dir, name, NULL);
      fd = open (stale, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
        continue;
      /* Unlink only the very file locked, still under that name. */
      if (flock (fd, LOCK_EX | LOCK_NB) == 0 && fstat (fd, &st) == 0 && S_ISREG (st.st_mode) &&
          lstat (stale, &lst) == 0 && st.st_dev == lst.st_dev && st.st_ino == lst.st_ino)
        (void) unlink (stale);
      close (fd);
    }
}

/**
 * wb_file_write_atomic:
 *
 * Writes @path whole through a temporary copy beside it, fsync and rename.
 * A symbolic link is followed: the file it names is replaced and the link
 * stays. Temporary copies left by earlier saves that were killed are
 * removed first.
 */
gboolean
wb_file_write_atomic (const char *path, const char *data, gsize len, GError **error)
{
  g_autofree char *real = resolve_links (path);
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  struct stat st;
  int fd, saved_errno;
  gsize done = 0;

  if (real == NULL)
    goto fail_errno;
  dir = g_path_get_dirname (real);
  base = g_path_get_basename (real);
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  remove_stale_temps (dir, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    goto fail_errno;
  /* Held until the copy is renamed or removed: the mark of a live save. */
  (void) flock (fd, LOCK_EX);
  /* Keep the permissions of the file being replaced. */
  if (stat (real, &st) == 0 && S_ISREG (st.st_mode))
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
  /* Renamed before it is closed, so the copy is never seen unlocked
   * under its temporary name. */
  if (rename (tmp, real) != 0)
    goto fail_fd;
  /* The data reached the disk at fsync; the file is in place. */
  close (fd);
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
  unlink (tmp);
  close (fd);
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
