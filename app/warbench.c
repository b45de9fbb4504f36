/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "warbench-options.h"
#include "wb-application.h"
#include "wb-window.h"

/* WARBENCH_BENCH_FIRST_FRAME=1 (bench/first-frame.sh): print the time from
 * the start of main() to the end of the first frame in which the main
 * window's map view showed the map (its frame clock's after-paint), then
 * quit. See bench/README.md. */
static gint64 bench_start_us;

static void
bench_after_paint (GdkFrameClock *clock,
                   WbMapView     *view)
{
  GApplication *app = g_application_get_default ();

  if (wb_map_view_get_map_frame_count (view) == 0)
    return;

  g_signal_handlers_disconnect_by_func (clock, bench_after_paint, view);
  g_print ("first frame: %.1f ms\n", (g_get_monotonic_time () - bench_start_us) / 1000.0);
  if (app != NULL)
    g_application_quit (app);
}

static void
bench_view_realized (WbMapView *view)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (view)), "after-paint",
                           G_CALLBACK (bench_after_paint), view, 0);
}

static void
bench_window_added (GtkApplication *app,
                    GtkWindow      *window)
{
  if (WB_IS_WINDOW (window))
    g_signal_connect (wb_window_get_map_view (WB_WINDOW (window)), "realize",
                      G_CALLBACK (bench_view_realized), NULL);
}

/* The options of warbench-options.c (what warbench(1) lists), read before
 * the application registers: -1 goes on to start it. */
static int
handle_local_options (GApplication *app,
                      GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("warbench %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(WbApplication) app = NULL;

  bench_start_us = g_get_monotonic_time ();

  setlocale (LC_ALL, "");
  /* WARBENCH_LOCALEDIR: the translations of an uninstalled build
   * (./dev run sets it to BUILDDIR/po). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("WARBENCH_LOCALEDIR") != NULL ? g_getenv ("WARBENCH_LOCALEDIR")
                                                                         : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = wb_application_new ();
  g_application_add_main_option_entries (G_APPLICATION (app), warbench_options);
  g_application_set_option_context_parameter_string (G_APPLICATION (app), _("[FILE…]"));
  g_signal_connect (app, "handle-local-options", G_CALLBACK (handle_local_options), NULL);
  if (g_strcmp0 (g_getenv ("WARBENCH_BENCH_FIRST_FRAME"), "1") == 0)
    g_signal_connect (app, "window-added", G_CALLBACK (bench_window_added), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
