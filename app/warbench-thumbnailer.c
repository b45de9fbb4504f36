/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-thumbnailer"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "warbench-core.h"

/*
 * warbench-thumbnailer: a picture of a game's first map for file managers,
 * after the freedesktop thumbnailer convention (data/APP_ID.thumbnailer):
 *
 *   warbench-thumbnailer -s SIZE INPUT-URI-OR-PATH OUTPUT.png
 *
 * The map is drawn by the core renderer, fitted into SIZE × SIZE with its
 * aspect kept, on white as the exports are. Only what reads at that size:
 * terrain, elevation, hexsides, roads, the grid and the marks — no hex
 * numbers, labels or units, and never the background scan (a path the file
 * names, which a hostile file could point anywhere).
 *
 * A file manager runs this on whatever it finds, so it has to end quickly
 * on any file: files over THUMB_MAX_FILE_SIZE are refused before they are
 * read, the core reader refuses what would take more memory than its budget
 * (for such a file well under the address-space limit), and the process
 * limits itself (address space, CPU, file size, no core dump) with a
 * wall-clock alarm as the backstop. The PNG is written to a temporary file
 * beside OUTPUT and renamed over it: whatever happens, OUTPUT is a whole
 * image or is not there. A signal that ends us (the alarm, the CPU limit, a
 * crash) removes the temporary file first.
 *
 * Exit status: 0 with a thumbnail written, 1 for no thumbnail (an unreadable
 * or invalid file, a game with no map, a limit reached), 2 for a usage error.
 */

#if defined(__SANITIZE_ADDRESS__)
# define THUMB_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define THUMB_ASAN 1
# endif
#endif
#ifndef THUMB_ASAN
# define THUMB_ASAN 0
#endif

enum {
  STATUS_OK = 0,
  STATUS_FAILED = 1,
  STATUS_USAGE = 2,
};

/* The largest thumbnail asked for: twice the spec's xx-large (1024). */
#define THUMB_MAX_SIZE       2048
/* The core reader's budget for a file this size is 10 × 16 + 64 = 224 MiB,
 * well inside THUMB_ADDRESS_SPACE with the libraries mapped: a hostile file
 * meets the reader's "too large" error, not a failed allocation. */
#define THUMB_MAX_FILE_SIZE  ((goffset) 16 * 1024 * 1024)
#define THUMB_ADDRESS_SPACE  ((rlim_t) 512 * 1024 * 1024)
/* The bundled games take a tenth of a second, the largest hex map the
 * reader takes (a million hexes of mixed terrain) two at 256 pixels; what
 * takes longer is a hostile file (cairo's stroker on tens of thousands of
 * crossing lines takes minutes). The wall clock allows for a busy machine.
 * WARBENCH_THUMBNAILER_TIME_LIMIT may lower the CPU limit (the tests do),
 * never raise it. */
#define THUMB_CPU_SECONDS    10
/* A 2048 × 2048 PNG of a map is a few MiB. */
#define THUMB_MAX_OUTPUT     ((rlim_t) 64 * 1024 * 1024)

/* The temporary file being written, for the signal handler to remove. Its
 * name is in place before the file exists (mkstemp fills the template);
 * tmp_created is set with the signals blocked, once the file is ours. */
static char tmp_path[4096];
static volatile sig_atomic_t tmp_created;
/* Translated before the handlers are installed: gettext is not
 * async-signal-safe, write () is. */
static const char *timeout_message;
static gsize timeout_message_len;

static const int cleanup_signals[] = { SIGALRM, SIGXCPU, SIGTERM, SIGINT, SIGHUP };
static const int crash_signals[] = { SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL };

static void
out (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

/* UTF-8 as is, like warbench-cli: g_printerr () would transliterate. */
static void
out (const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
}

static void
remove_tmp (void)
{
  if (tmp_created)
    {
      unlink (tmp_path);
      tmp_created = 0;
    }
}

/* The alarm, the CPU limit, a polite kill: remove the temporary file, say
 * why and end with "no thumbnail". */
static void
on_stop_signal (int sig)
{
  remove_tmp ();
  if (sig == SIGALRM || sig == SIGXCPU)
    {
      ssize_t r = write (STDERR_FILENO, timeout_message, timeout_message_len);
      (void) r;
    }
  _exit (STATUS_FAILED);
}

/* A crash: remove the temporary file, then let the signal do what it does
 * by default (SA_RESETHAND), so a crash still reads as one. */
static void
on_crash_signal (int sig)
{
  remove_tmp ();
  raise (sig);
}

static void
install_handlers (void)
{
  struct sigaction sa;

  memset (&sa, 0, sizeof sa);
  sigemptyset (&sa.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (cleanup_signals); i++)
    sigaddset (&sa.sa_mask, cleanup_signals[i]);

  sa.sa_handler = on_stop_signal;
  for (guint i = 0; i < G_N_ELEMENTS (cleanup_signals); i++)
    sigaction (cleanup_signals[i], &sa, NULL);

  sa.sa_handler = on_crash_signal;
  sa.sa_flags = SA_RESETHAND | SA_NODEFER;
  for (guint i = 0; i < G_N_ELEMENTS (crash_signals); i++)
    sigaction (crash_signals[i], &sa, NULL);

  /* Over RLIMIT_FSIZE a write fails with EFBIG instead. */
  signal (SIGXFSZ, SIG_IGN);
}

static void
set_limit (int    resource,
           rlim_t soft,
           rlim_t hard)
{
  struct rlimit old, lim;

  /* Never raise a limit we were given (a sandbox's own is lower, perhaps). */
  if (getrlimit (resource, &old) == 0)
    {
      lim.rlim_cur = old.rlim_cur == RLIM_INFINITY ? soft : MIN (old.rlim_cur, soft);
      lim.rlim_max = old.rlim_max == RLIM_INFINITY ? hard : MIN (old.rlim_max, hard);
      lim.rlim_cur = MIN (lim.rlim_cur, lim.rlim_max);
      setrlimit (resource, &lim);
    }
}

static void
set_limits (void)
{
  const char *lower = g_getenv ("WARBENCH_THUMBNAILER_TIME_LIMIT");
  guint64 seconds = THUMB_CPU_SECONDS;

  if (lower != NULL)
    {
      guint64 value;

      if (g_ascii_string_to_unsigned (lower, 10, 1, THUMB_CPU_SECONDS, &value, NULL))
        seconds = value;
    }

  /* Under AddressSanitizer the shadow memory alone is terabytes of
   * address space: leave the address space to the other limits there. */
#if !THUMB_ASAN
  set_limit (RLIMIT_AS, THUMB_ADDRESS_SPACE, THUMB_ADDRESS_SPACE);
#endif
  /* SIGXCPU at the soft limit (handled), SIGKILL at the hard one. */
  set_limit (RLIMIT_CPU, seconds, seconds + 2);
  set_limit (RLIMIT_FSIZE, THUMB_MAX_OUTPUT, THUMB_MAX_OUTPUT);
  set_limit (RLIMIT_CORE, 0, 0);
  /* The backstop: a file that blocks us (a stalled network mount) uses no
   * CPU. Half as long again as the CPU limit. */
  alarm ((unsigned int) (seconds + (seconds + 1) / 2));
}

/* The game's first map drawn into an image of at most @size × @size. */
static cairo_surface_t *
render_thumbnail (WbGame  *game,
                  WbMap   *map,
                  int      size,
                  GError **error)
{
  WbRenderOptions options;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double w = 0, h = 0, scale;
  int width, height;

  wb_map_get_extent (map, &w, &h);
  if (!(w > 0 && h > 0 && isfinite (w) && isfinite (h)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("the map “%s” has no size to draw"), wb_map_get_id (map));
      return NULL;
    }
  scale = size / MAX (w, h);
  width = CLAMP ((int) floor (w * scale + 0.5), 1, size);
  height = CLAMP ((int) floor (h * scale + 0.5), 1, size);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", cairo_status_to_string (status));
      return NULL;
    }

  wb_render_options_init (&options);
  options.layers = WB_LAYER_TERRAIN | WB_LAYER_ELEVATION | WB_LAYER_HEXSIDES |
                   WB_LAYER_ROADS | WB_LAYER_GRID | WB_LAYER_MARKS;
  options.scale = scale;

  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  wb_render_map (game, map, cr, &options);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", cairo_status_to_string (status));
      return NULL;
    }
  cairo_surface_flush (surface);

  return surface;
}

typedef struct {
  int fd;
  int saved_errno;
} PngWriter;

static cairo_status_t
write_to_fd (void                *user_data,
             const unsigned char *data,
             unsigned int         length)
{
  PngWriter *writer = user_data;

  while (length > 0)
    {
      ssize_t n = write (writer->fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          writer->saved_errno = n < 0 ? errno : EIO;
          return CAIRO_STATUS_WRITE_ERROR;
        }
      data += n;
      length -= (unsigned int) n;
    }

  return CAIRO_STATUS_SUCCESS;
}

static gboolean
set_io_error (GError    **error,
              const char *path,
              int         saved_errno)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("cannot write “%s”: %s"), path, g_strerror (saved_errno));
  return FALSE;
}

/* Writes @surface as a PNG to a temporary file beside @path, then renames
 * it over @path. On failure nothing is left behind. */
static gboolean
save_png (cairo_surface_t *surface,
          const char      *path,
          GError         **error)
{
  PngWriter writer = { -1, 0 };
  sigset_t block, old;
  cairo_status_t status;
  int saved_errno;

  if (g_snprintf (tmp_path, sizeof tmp_path, "%s.XXXXXX", path) >= (int) sizeof tmp_path)
    return set_io_error (error, path, ENAMETOOLONG);

  /* The file is ours to remove from the moment it exists. */
  sigemptyset (&block);
  for (guint i = 0; i < G_N_ELEMENTS (cleanup_signals); i++)
    sigaddset (&block, cleanup_signals[i]);
  sigprocmask (SIG_BLOCK, &block, &old);
  writer.fd = g_mkstemp_full (tmp_path, O_WRONLY | O_CLOEXEC, 0644);
  saved_errno = errno;
  if (writer.fd >= 0)
    tmp_created = 1;
  sigprocmask (SIG_SETMASK, &old, NULL);
  if (writer.fd < 0)
    return set_io_error (error, path, saved_errno);

  status = cairo_surface_write_to_png_stream (surface, write_to_fd, &writer);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      saved_errno = writer.saved_errno != 0 ? writer.saved_errno : EIO;
      goto fail;
    }
  /* On disk before the rename, so a crash leaves the old file or the new. */
  if (fsync (writer.fd) != 0 || close (writer.fd) != 0)
    {
      saved_errno = errno;
      writer.fd = -1;
      goto fail;
    }
  writer.fd = -1;
  /* Blocked again: a signal between the rename and the flag would end us
   * with "no thumbnail" and the thumbnail there. */
  sigprocmask (SIG_BLOCK, &block, &old);
  if (rename (tmp_path, path) != 0)
    {
      saved_errno = errno;
      remove_tmp ();
      sigprocmask (SIG_SETMASK, &old, NULL);
      return set_io_error (error, path, saved_errno);
    }
  tmp_created = 0;
  sigprocmask (SIG_SETMASK, &old, NULL);

  return TRUE;

fail:
  if (writer.fd >= 0)
    close (writer.fd);
  sigprocmask (SIG_BLOCK, &block, &old);
  remove_tmp ();
  sigprocmask (SIG_SETMASK, &old, NULL);
  return set_io_error (error, path, saved_errno);
}

/* The game at @input, checked to be a local regular file small enough. */
static WbGame *
load_game (const char  *input,
           GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (input);
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = NULL;
  g_autofree char *limit = NULL;

  if (!g_file_is_native (file))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files are read"), input);
      return NULL;
    }
  name = g_file_get_parse_name (file);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    {
      g_prefix_error (error, "%s: ", name);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("%s: not a regular file"), name);
      return NULL;
    }
  if (g_file_info_get_size (info) > THUMB_MAX_FILE_SIZE)
    {
      limit = g_format_size_full (THUMB_MAX_FILE_SIZE, G_FORMAT_SIZE_IEC_UNITS);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s: larger than %s, too large to make a thumbnail of"), name, limit);
      return NULL;
    }

  return wb_game_load (file, NULL, error);
}

int
main (int    argc,
      char **argv)
{
  int size = 0;
  const GOptionEntry entries[] = {
    { "size", 's', 0, G_OPTION_ARG_INT, &size,
      N_("The largest width and height of the thumbnail, in pixels"), N_("SIZE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  cairo_surface_t *surface;
  GPtrArray *maps;
  gboolean saved;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("warbench-thumbnailer");

  timeout_message = _("warbench-thumbnailer: stopped, the thumbnail took too long\n");
  timeout_message_len = strlen (timeout_message);
  install_handlers ();
  set_limits ();
  /* Local files only: no GVfs daemon to wait for, whatever the URI. */
  g_setenv ("GIO_USE_VFS", "local", TRUE);

  context = g_option_context_new (_("INPUT OUTPUT.png"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Draws the first map of a Warbench game (a path or a file:// URI) "
                                  "to a PNG of at most SIZE × SIZE pixels, for file managers."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      out ("warbench-thumbnailer: %s\n", error->message);
      return STATUS_USAGE;
    }
  if (argc != 3)
    {
      out ("warbench-thumbnailer: %s\n", _("Give an input file and an output file"));
      return STATUS_USAGE;
    }
  if (size < 1 || size > THUMB_MAX_SIZE)
    {
      out ("warbench-thumbnailer: ");
      out (_("The size must be from 1 to %d (-s SIZE)"), THUMB_MAX_SIZE);
      out ("\n");
      return STATUS_USAGE;
    }

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      out ("warbench-thumbnailer: %s\n", error->message);
      return STATUS_FAILED;
    }
  maps = wb_game_get_maps (game);
  if (maps->len == 0)
    {
      out ("warbench-thumbnailer: ");
      out (_("%s has no map to draw"), argv[1]);
      out ("\n");
      return STATUS_FAILED;
    }

  surface = render_thumbnail (game, g_ptr_array_index (maps, 0), size, &error);
  if (surface == NULL)
    {
      out ("warbench-thumbnailer: %s: %s\n", argv[1], error->message);
      return STATUS_FAILED;
    }
  saved = save_png (surface, argv[2], &error);
  cairo_surface_destroy (surface);
  if (!saved)
    {
      out ("warbench-thumbnailer: %s\n", error->message);
      return STATUS_FAILED;
    }

  return STATUS_OK;
}
