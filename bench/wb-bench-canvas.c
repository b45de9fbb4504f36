/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bench-canvas"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wb-bench-scan.h"
#include "wb-map-view.h"

/*
 * wb-bench-canvas: frame times of the map canvas (WbMapView) on a game file,
 * typically the 200 × 200 map with 10,000 units that `wb-bench gen FILE`
 * writes. Needs a display (run it under xvfb-run); see bench/README.md.
 *
 *   wb-bench-canvas FILE [WIDTH HEIGHT]     (default 1280 × 800)
 *   wb-bench-canvas --scan [DIR]            a 10,275 × 6,675 px background scan
 *
 * --scan makes (or reuses) DIR/scan-10275x6675.png, a noisy scan of the size
 * of a Blind Swords map scan, and a game whose hex map covers it with the
 * scan as its background (wb-bench-scan.c), then opens it fitted, pans, zooms
 * in one step a frame to 100 % and 200 % and out again, and pans at 100 % and
 * 200 %, printing the peak resident size (VmHWM) after each part.
 *
 * The view sits in a window of that size. A frame is what the canvas does
 * for one frame of the app, on the main thread: its snapshot function, then
 * rasterising the render node it made into an image surface of the view's
 * size with cairo (what GTK's cairo renderer does; the GL renderer would
 * upload the same pixels). Between frames the main loop runs as it would
 * (background rebuilds report back) and the program waits for the next
 * 60 Hz tick, so the scenarios play at the speed of a user dragging or
 * zooming one step per frame. Wall time and the main thread's CPU time are
 * both reported: on a machine with few cores the wall time includes the
 * times the main thread waited for a core (the background rebuilds and the
 * X server run meanwhile).
 */

#define TICK_US 16667

typedef struct {
  const char *name;
  GArray     *times;      /* double, ms */
  GArray     *cpu;        /* double, ms of the main thread's CPU time */
  guint       complete;   /* frames that were not interim */
  guint       covered;    /* frames with no part of the view left blank */
} Scenario;

static GtkWidget       *view_widget;
static cairo_surface_t *target;
static gint64           next_tick;

/* Runs the main loop for what is pending, then until the next tick. */
static void
wait_tick (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
  while (g_get_monotonic_time () < next_tick)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (500);
    }
  next_tick = g_get_monotonic_time () + TICK_US;
}

/* One frame: snapshot plus rasterising, in ms. */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double
frame (Scenario *scenario)
{
  double cpu0;
  WbMapView *view = WB_MAP_VIEW (view_widget);
  gint64 t0, t1;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  cairo_t *cr;
  double ms;

  wait_tick ();

  t0 = g_get_monotonic_time ();
  cpu0 = thread_cpu_ms ();
  snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (view_widget)->snapshot (view_widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  cr = cairo_create (target);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (target);
  g_clear_pointer (&node, gsk_render_node_unref);
  t1 = g_get_monotonic_time ();

  ms = (t1 - t0) / 1000.0;
  if (ms > 16.0 && g_getenv ("WB_BENCH_VERBOSE") != NULL)
    fprintf (stderr, "  slow frame: %.1f ms, %.1f ms on the CPU (%s, zoom %.3f, %s)\n", ms,
             thread_cpu_ms () - cpu0,
             scenario != NULL ? scenario->name : "settling",
             wb_map_view_get_zoom (view),
             wb_map_view_get_frame_complete (view) ? "complete" : "interim");
  if (scenario != NULL)
    {
      double cpu = thread_cpu_ms () - cpu0;

      g_array_append_val (scenario->times, ms);
      g_array_append_val (scenario->cpu, cpu);
      if (wb_map_view_get_frame_complete (view))
        scenario->complete++;
      if (wb_map_view_get_frame_covered (view))
        scenario->covered++;
    }
  return ms;
}

/* Draws frames until the view is complete and nothing renders; returns the
 * time that took in ms. */
static double
settle (void)
{
  WbMapView *view = WB_MAP_VIEW (view_widget);
  gint64 t0 = g_get_monotonic_time ();

  do
    frame (NULL);
  while (!wb_map_view_get_frame_complete (view) || wb_map_view_get_rendering (view));

  return (g_get_monotonic_time () - t0) / 1000.0;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report (Scenario *scenario)
{
  GArray *t = scenario->times;
  GArray *c = scenario->cpu;
  guint p95 = MIN (t->len - 1, (guint) ceil (t->len * 0.95) - 1);
  double sum = 0;

  g_array_sort (t, compare_double);
  g_array_sort (c, compare_double);
  for (guint i = 0; i < t->len; i++)
    sum += g_array_index (t, double, i);

  printf ("%-38s %4u frames (%3u complete, %3u covered)  wall: mean %5.2f p95 %5.2f max %5.2f  "
          "CPU: p95 %5.2f max %5.2f ms\n",
          scenario->name, t->len, scenario->complete, scenario->covered, sum / t->len,
          g_array_index (t, double, p95), g_array_index (t, double, t->len - 1),
          g_array_index (c, double, p95), g_array_index (c, double, c->len - 1));
  fflush (stdout);
  g_array_unref (t);
  g_array_unref (c);
}

static Scenario
scenario_new (const char *name)
{
  return (Scenario) { name, g_array_new (FALSE, FALSE, sizeof (double)),
                      g_array_new (FALSE, FALSE, sizeof (double)), 0, 0 };
}

static gboolean
allocated (void)
{
  return gtk_widget_get_width (view_widget) > 0 && gtk_widget_get_mapped (view_widget);
}

/* The view in an undecorated window of about @width × @height. */
static GtkWidget *
open_window (int width,
             int height)
{
  GtkWidget *window;

  view_widget = wb_map_view_new ();
  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), view_widget);
  gtk_window_present (GTK_WINDOW (window));
  while (!allocated ())
    g_main_context_iteration (NULL, TRUE);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gtk_widget_get_width (view_widget),
                                       gtk_widget_get_height (view_widget));
  return window;
}

/* A line of /proc/self/status (VmHWM: the peak resident size; VmRSS), MiB. */
static double
status_mib (const char *key)
{
  g_autofree char *text = NULL;
  const char *at;

  if (!g_file_get_contents ("/proc/self/status", &text, NULL, NULL) ||
      (at = strstr (text, key)) == NULL)
    return -1;
  return g_ascii_strtod (at + strlen (key), NULL) / 1024.0;
}

static void
print_memory (const char *when)
{
  printf ("  memory %s: peak %.0f MiB (VmHWM), now %.0f MiB (VmRSS), backgrounds decoded %.0f MiB\n",
          when, status_mib ("VmHWM:"), status_mib ("VmRSS:"),
          wb_map_background_get_decoded () / 1048576.0);
  fflush (stdout);
}

/* Zooms one step a frame in (or out) until the zoom reaches @goal, drawing
 * a frame after each step. */
static void
zoom_steps (Scenario *s,
            double    goal,
            gboolean  in)
{
  WbMapView *view = WB_MAP_VIEW (view_widget);

  if (in)
    while (wb_map_view_get_zoom (view) < goal - 1e-9 && wb_map_view_can_zoom_in (view))
      {
        wb_map_view_zoom_in (view);
        frame (s);
      }
  else
    while (wb_map_view_get_zoom (view) > goal + 1e-9 && wb_map_view_can_zoom_out (view))
      {
        wb_map_view_zoom_out (view);
        frame (s);
      }
}

/* The fitted view nudged 8 px a frame, 30 frames one way and 30 back. */
static void
pan_fitted (const char *name)
{
  WbMapView *view = WB_MAP_VIEW (view_widget);
  Scenario s = scenario_new (name);
  double cx, cy;

  for (int i = 0; i < 60; i++)
    {
      wb_map_view_get_center (view, &cx, &cy);
      wb_map_view_set_center (view, cx + (i < 30 ? 8 : -8) / wb_map_view_get_zoom (view), cy);
      frame (&s);
    }
  report (&s);
}

/* Pans 150 frames by @speed widget pixels a frame at @zoom. */
static void
pan_at (double zoom,
        int    speed,
        double x,
        double y)
{
  WbMapView *view = WB_MAP_VIEW (view_widget);
  g_autofree char *name = g_strdup_printf ("pan %d px/frame at zoom %g", speed, zoom);
  Scenario s = scenario_new (name);
  double cx, cy;

  wb_map_view_set_zoom (view, zoom);
  wb_map_view_set_center (view, x, y);
  settle ();
  for (int i = 0; i < 150; i++)
    {
      double step = speed / zoom;

      wb_map_view_get_center (view, &cx, &cy);
      wb_map_view_set_center (view, cx + step, cy + step * 0.5);
      frame (&s);
    }
  report (&s);
}

/* With WB_BENCH_SHOT_DIR set, the view settled at @zoom (0: fitted) about
 * (@x, @y), saved as DIR/scan-NAME.png. */
static void
shoot (double zoom, double x, double y, const char *name)
{
  WbMapView *view = WB_MAP_VIEW (view_widget);
  const char *dir = g_getenv ("WB_BENCH_SHOT_DIR");
  g_autofree char *file = NULL, *path = NULL;

  if (dir == NULL)
    return;
  if (zoom > 0)
    {
      wb_map_view_set_zoom (view, zoom);
      wb_map_view_set_center (view, x, y);
    }
  else
    wb_map_view_zoom_to_fit (view);
  settle ();
  frame (NULL);
  file = g_strdup_printf ("scan-%s.png", name);
  path = g_build_filename (dir, file, NULL);
  cairo_surface_write_to_png (target, path);
  printf ("  saved %s\n", path);
}

#define SCAN_WIDTH  10275
#define SCAN_HEIGHT 6675

/* The big background scan (see the top). */
static int
run_scan (const char *dir)
{
  WbMapView *view;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autofree char *path = NULL;
  GtkWidget *window;
  double fit;
  gint64 t0;

  gtk_init ();
  t0 = g_get_monotonic_time ();
  path = wb_bench_make_scan (dir, SCAN_WIDTH, SCAN_HEIGHT, 30, &error);
  if (path == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  printf ("scan %d × %d px and its game in %s (%.0f ms to make or find)\n", SCAN_WIDTH,
          SCAN_HEIGHT, dir, (g_get_monotonic_time () - t0) / 1000.0);
  file = g_file_new_for_path (path);
  game = wb_game_load (file, NULL, &error);
  if (game == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  window = open_window (1280, 800);
  view = WB_MAP_VIEW (view_widget);
  printf ("view %d × %d\n", gtk_widget_get_width (view_widget), gtk_widget_get_height (view_widget));
  print_memory ("before opening the map");

  wb_map_view_set_map (view, game, g_ptr_array_index (wb_game_get_maps (game), 0), NULL);
  printf ("open + fit (zoom %.3f): first complete frame after %.0f ms\n",
          wb_map_view_get_zoom (view), settle ());
  print_memory ("after open + fit");
  fit = wb_map_view_get_zoom (view);

  pan_fitted ("whole scan (fit), panning 8 px/frame");

  {
    Scenario to100 = scenario_new ("zoom in, fit -> 100 %, a step a frame");
    Scenario to200 = scenario_new ("zoom in, 100 % -> 200 %, a step a frame");
    Scenario out = scenario_new ("zoom out, 200 % -> fit, a step a frame");

    for (int round = 0; round < 3; round++)
      {
        wb_map_view_zoom_to_fit (view);
        wb_map_view_set_center (view, SCAN_WIDTH * (0.3 + 0.2 * round), SCAN_HEIGHT * 0.5);
        settle ();
        zoom_steps (&to100, 1.0, TRUE);
        settle ();
        zoom_steps (&to200, 2.0, TRUE);
        settle ();
        zoom_steps (&out, fit, FALSE);
      }
    report (&to100);
    report (&to200);
    report (&out);
  }
  print_memory ("after zooming");

  pan_at (1.0, 8, SCAN_WIDTH * 0.2, SCAN_HEIGHT * 0.2);
  pan_at (1.0, 60, SCAN_WIDTH * 0.2, SCAN_HEIGHT * 0.2);
  pan_at (2.0, 8, SCAN_WIDTH * 0.5, SCAN_HEIGHT * 0.3);
  pan_at (2.0, 60, SCAN_WIDTH * 0.5, SCAN_HEIGHT * 0.3);
  print_memory ("at the end");

  shoot (0, 0, 0, "fit");
  shoot (0.25, 2000, 1500, "25");
  shoot (0.5, 2000, 1500, "50");
  shoot (1.0, 2000, 1500, "100");
  shoot (2.0, 2000, 1500, "200");

  printf ("view caches swapped in: %u, stale rebuilds dropped: %u\n",
          wb_map_view_get_cache_builds (view), wb_map_view_get_stale_builds (view));
  gtk_window_destroy (GTK_WINDOW (window));
  cairo_surface_destroy (target);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  WbMapView *view;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(WbGame) game = NULL;
  GPtrArray *scenarios;
  GtkWidget *window;
  WbMap *map;
  int width = 1280, height = 800;
  gint64 t0;

  if (argc >= 2 && g_str_equal (argv[1], "--scan"))
    return run_scan (argc >= 3 ? argv[2] : g_get_tmp_dir ());
  if (argc != 2 && argc != 4)
    {
      fprintf (stderr, "usage: wb-bench-canvas FILE [WIDTH HEIGHT] | --scan [DIR]\n");
      return 2;
    }
  if (argc == 4)
    {
      width = atoi (argv[2]);
      height = atoi (argv[3]);
    }

  gtk_init ();

  file = g_file_new_for_commandline_arg (argv[1]);
  t0 = g_get_monotonic_time ();
  game = wb_game_load (file, NULL, &error);
  if (game == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  printf ("loaded %s in %.0f ms\n", argv[1], (g_get_monotonic_time () - t0) / 1000.0);

  map = g_ptr_array_index (wb_game_get_maps (game), 0);
  scenarios = wb_game_get_scenarios (game);

  window = open_window (width, height);
  view = WB_MAP_VIEW (view_widget);

  width = gtk_widget_get_width (view_widget);
  height = gtk_widget_get_height (view_widget);
  printf ("view %d × %d, %s\n", width, height,
          scenarios->len > 0 ? "with the first scenario's units" : "no units");

  wb_map_view_set_map (view, game, map,
                       scenarios->len > 0 ? g_ptr_array_index (scenarios, 0) : NULL);
  printf ("whole map (fit, zoom %.3f): first complete frame after %.0f ms\n",
          wb_map_view_get_zoom (view), settle ());

  /* Whole map: fitted, then nudged about. */
  pan_fitted ("whole map (fit), panning 8 px/frame");

  /* Zoom in one step a frame from the whole map to 8×, then out again. */
  {
    Scenario in = scenario_new ("zoom in, one step a frame");
    Scenario out = scenario_new ("zoom out, one step a frame");

    for (int round = 0; round < 3; round++)
      {
        wb_map_view_zoom_to_fit (view);
        settle ();
        while (wb_map_view_can_zoom_in (view))
          {
            wb_map_view_zoom_in (view);
            frame (&in);
          }
        settle ();
        while (wb_map_view_can_zoom_out (view))
          {
            wb_map_view_zoom_out (view);
            frame (&out);
          }
      }
    report (&in);
    report (&out);
  }

  /* Pinch-like: 3 % a frame, both ways, about the pointer. */
  {
    Scenario s = scenario_new ("continuous zoom (3 %/frame, 0.1-4)");

    wb_map_view_set_zoom (view, 0.1);
    settle ();
    while (wb_map_view_get_zoom (view) < 4.0)
      {
        wb_map_view_zoom_at (view, wb_map_view_get_zoom (view) * 1.03, width * 0.3, height * 0.6);
        frame (&s);
      }
    while (wb_map_view_get_zoom (view) > 0.1 + 1e-9)
      {
        wb_map_view_zoom_at (view, wb_map_view_get_zoom (view) / 1.03, width * 0.3, height * 0.6);
        frame (&s);
      }
    report (&s);
  }

  /* Panning at a few zooms: a drag (8 px a frame) and a fling (60 px a
   * frame, which leaves the cache's margin every few frames). */
  {
    static const double zooms[] = { 2.0, 1.0, 0.25 };
    static const int speeds[] = { 8, 60 };

    for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
      for (guint v = 0; v < G_N_ELEMENTS (speeds); v++)
        pan_at (zooms[z], speeds[v], 1500, 1500);
  }

  printf ("view caches swapped in: %u, stale rebuilds dropped: %u\n",
          wb_map_view_get_cache_builds (view), wb_map_view_get_stale_builds (view));

  gtk_window_destroy (GTK_WINDOW (window));
  cairo_surface_destroy (target);
  return 0;
}
