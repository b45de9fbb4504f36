/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-view"

#include "config.h"

#include <stdlib.h>

#include <errno.h>
#include <math.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "wb-map-view-private.h"

/* What the map canvas paints. Drawing goes through the one renderer,
 * wb_render_map(), but never on the frame path: the map (static layers and
 * the scenario's units) is rendered in a worker thread into an image surface
 * covering the visible part of the map plus a margin, and a frame only
 * paints images. While the cache does not match the view (a new zoom, a pan
 * past its margin, an edit) the frame shows what there is, scaled and moved
 * into place (a little blurry for a moment), and the rebuild runs in the
 * background; when it is done it is swapped in and the view redrawn. One
 * view rebuild runs at a time: a request for another zoom cancels the
 * running one, whose result is then dropped, and the frame after it ends
 * asks again. A pan coming near the cache's edge starts a rebuild around the
 * view ahead of time. The rebuilds run on a private pool of two threads
 * below the main thread's priority. Only a map just opened, with nothing to
 * show yet and a small view, is rendered in its first frame.
 *
 * For zoomed-out views a whole-map overview is built once per map, content
 * and layer set, at a resolution where a hex is about OVERVIEW_HEX_PX pixels,
 * with halved copies below it; at or below its scale a frame is a blit of
 * the nearest copy, so even the whole of a 200 × 200 map costs no rendering.
 * After an edit the images are patched where it changed rather than
 * rebuilt.
 *
 * A match shown (wb_map_view_set_match ()) moves units after every action,
 * so its units are not cached with the static layers: they get an image of
 * their own (WB_LAYER_UNITS on a transparent surface, covering what the
 * view cache covers, at the current zoom even when zoomed out), painted
 * over the static images. A new state bumps @units_serial and re-renders
 * that image only: a few milliseconds for the Wilderness' units, against
 * tens for the map, which stays cached. Each units rebuild holds its own
 * copy of the match: the caller's state may be freed at once. */

/* How far (widget pixels) the static-layer cache reaches past each edge of
 * the view, so that short pans reuse it. */
#define CACHE_MARGIN     256.0
/* Cairo's image surfaces are limited to 32767 pixels a side. */
#define CACHE_MAX_PIXELS 16384
/* The overview: a hex about this many pixels wide, at most this many pixels
 * a side; halved copies down to about MIP_MIN_PIXELS. */
#define OVERVIEW_HEX_PX     7.0
#define OVERVIEW_MAX_PIXELS 4096.0
#define OVERVIEW_POINT_MAP_PIXELS 1536.0
#define MIP_MIN_PIXELS      96
/* A map just opened is rendered in the first frame when the view needs at
 * most this many hexes; larger views start as a blank sheet. */
#define FIRST_FRAME_MAX_HEXES 1500.0

gboolean
_wb_map_view_rect_intersect (const Rect *a,
                             const Rect *b,
                             Rect       *out)
{
  double x0 = MAX (a->x, b->x);
  double y0 = MAX (a->y, b->y);
  double x1 = MIN (a->x + a->w, b->x + b->w);
  double y1 = MIN (a->y + a->h, b->y + b->h);

  if (x1 <= x0 || y1 <= y0)
    return FALSE;

  *out = (Rect) { x0, y0, x1 - x0, y1 - y0 };
  return TRUE;
}

static gboolean
rect_contains (const Rect *outer,
               const Rect *inner)
{
  /* A hair of slack: both come from the same floating-point arithmetic. */
  const double e = 1e-6;

  return inner->x >= outer->x - e &&
         inner->y >= outer->y - e &&
         inner->x + inner->w <= outer->x + outer->w + e &&
         inner->y + inner->h <= outer->y + outer->h + e;
}
static void
image_clear (Image *image)
{
  g_clear_pointer (&image->surface, cairo_surface_destroy);
}

static void
cancel_builds (WbMapView *self)
{
  if (self->units_cancellable != NULL)
    g_cancellable_cancel (self->units_cancellable);
  g_clear_object (&self->units_cancellable);
  if (self->build_cancellable != NULL)
    g_cancellable_cancel (self->build_cancellable);
  g_clear_object (&self->build_cancellable);
  if (self->overview_cancellable != NULL)
    g_cancellable_cancel (self->overview_cancellable);
  g_clear_object (&self->overview_cancellable);
}

/* Drops every image and pending rebuild: what they show is gone. */
void
_wb_map_view_invalidate_cache (WbMapView *self)
{
  self->serial++;
  cancel_builds (self);
  image_clear (&self->cache);
  image_clear (&self->units);
  for (guint i = 0; i < self->n_overview; i++)
    image_clear (&self->overview[i]);
  self->n_overview = 0;
}

/* The content changed but the map is the same: the images may stand in
 * until their rebuilds arrive. */
void
_wb_map_view_content_changed (WbMapView *self)
{
  self->serial++;
  /* A rebuild of the old content is of no use any more. */
  if (self->build_cancellable != NULL)
    g_cancellable_cancel (self->build_cancellable);
  if (self->overview_cancellable != NULL)
    g_cancellable_cancel (self->overview_cancellable);
  if (self->units_cancellable != NULL)
    g_cancellable_cancel (self->units_cancellable);
}

/* A new state of the match shown: only the units layer is out of date. Its
 * rebuild starts at once, cancelling one for an older state. */
void
_wb_map_view_units_changed (WbMapView *self)
{
  self->units_serial++;
  if (self->units_cancellable != NULL)
    g_cancellable_cancel (self->units_cancellable);
}

/* What the cache holds: the static layers (as the toggles say) and, when a
 * scenario is shown, its set-up units: they move only when edited, so they
 * are cached with the rest and an edit rebuilds. A match's units move after
 * every action and have an image of their own (see the top). */
static WbLayers
cached_layers (WbMapView *self)
{
  WbLayers layers = WB_LAYER_STATIC;

  if (!self->show_numbers)
    layers &= ~WB_LAYER_NUMBERS;
  if (!self->show_grid)
    layers &= ~WB_LAYER_GRID;
  if (self->scenario != NULL && self->match == NULL)
    layers |= WB_LAYER_UNITS;

  return layers;
}
static gboolean
same_target (const Request *a,
             const Request *b)
{
  return a->overview == b->overview &&
         a->units == b->units &&
         a->units_serial == b->units_serial &&
         a->ppp == b->ppp &&
         a->zoom == b->zoom &&
         a->scale == b->scale &&
         a->layers == b->layers &&
         a->serial == b->serial;
}

/* Device pixels per map point of this map's overview: a hex about
 * OVERVIEW_HEX_PX wide, the whole map at most OVERVIEW_MAX_PIXELS a side. */
static double
overview_ppp (WbMapView *self)
{
  double ew, eh, ppp;

  _wb_map_view_get_extent (self, &ew, &eh);
  if (ew <= 0 || eh <= 0)
    return 0;

  if (WB_IS_HEX_MAP (self->map))
    ppp = OVERVIEW_HEX_PX / (2 * wb_hex_map_get_hex_size (WB_HEX_MAP (self->map)));
  else
    ppp = OVERVIEW_POINT_MAP_PIXELS / MAX (ew, eh);

  return MIN (ppp, OVERVIEW_MAX_PIXELS / (MAX (ew, eh) + 2 * EXTENT_BLEED));
}

static gboolean
overview_valid (WbMapView *self,
                WbLayers   layers)
{
  return self->n_overview > 0 &&
         self->overview[0].serial == self->serial &&
         self->overview[0].layers == layers &&
         self->overview[0].ppp == overview_ppp (self);
}

/* A background rebuild: its own references to what it draws (read only
 * while it runs) and what it made. */
typedef struct
{
  WbGame     *game;
  WbMap      *map;
  WbScenario *scenario;
  WbMatch    *match;       /* a units rebuild's own copy */
  const char *viewer;      /* interned: fog of war */
  Request     request;
  Image       images[MAX_MIP_LEVELS];
  guint       n_images;
} Build;

static void
build_free (Build *build)
{
  g_clear_object (&build->game);
  g_clear_object (&build->map);
  g_clear_object (&build->scenario);
  g_clear_pointer (&build->match, wb_match_free);
  for (guint i = 0; i < build->n_images; i++)
    image_clear (&build->images[i]);
  g_free (build);
}

/* Runs in a worker thread: renders into a surface of its own. The renderer
 * keeps all its state on the stack and in the cairo context, and pango's
 * default font map is per thread. */
static cairo_surface_t *
render_request (WbGame         *game,
                WbMap          *map,
                WbScenario     *scenario,
                const WbMatch  *match,
                const char     *viewer,
                const Request  *r,
                cairo_status_t *status)
{
  WbRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  int pw = (int) round (r->w * r->ppp);
  int ph = (int) round (r->h * r->ppp);

  surface = wb_scan_surface_new (pw, ph);
  cr = cairo_create (surface);
  cairo_scale (cr, r->ppp, r->ppp);
  cairo_translate (cr, -r->x, -r->y);

  wb_render_options_init (&options);
  options.layers = r->layers;
  options.scale = r->ppp;
  options.clip_x = r->x;
  options.clip_y = r->y;
  options.clip_width = r->w;
  options.clip_height = r->h;
  options.scenario = (r->layers & WB_LAYER_UNITS) ? scenario : NULL;
  options.match = (r->layers & WB_LAYER_UNITS) ? match : NULL;
  options.viewer_side = viewer;
  wb_render_map (game, map, cr, &options);

  *status = cairo_status (cr);
  cairo_destroy (cr);
  if (*status != CAIRO_STATUS_SUCCESS)
    g_clear_pointer (&surface, cairo_surface_destroy);

  return surface;
}

static void
build_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Build *build = task_data;
  const Request *r = &build->request;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (g_task_return_error_if_cancelled (task))
    return;

  /* The main thread's edits wait while this reads the model. */
  wb_game_lock_read (build->game);
  if (g_cancellable_is_cancelled (cancellable))
    surface = NULL, status = CAIRO_STATUS_SUCCESS;
  else
    surface = render_request (build->game, build->map, build->scenario, build->match, build->viewer, r,
                              &status);
  wb_game_unlock_read (build->game);
  if (surface == NULL && status == CAIRO_STATUS_SUCCESS)
    {
      g_task_return_error_if_cancelled (task);
      return;
    }
  if (surface == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               "%s", cairo_status_to_string (status));
      return;
    }

  build->images[0] = (Image) { surface, r->x, r->y, r->w, r->h, r->ppp,
                               r->zoom, r->scale, r->layers, r->serial, r->units_serial };
  build->n_images = 1;

  /* The overview's halved copies: each pixel the average of four, so that
   * a frame never scales one down by more than half. */
  while (r->overview && build->n_images < MAX_MIP_LEVELS &&
         !g_cancellable_is_cancelled (cancellable))
    {
      const Image *prev = &build->images[build->n_images - 1];
      int w = (cairo_image_surface_get_width (prev->surface) + 1) / 2;
      int h = (cairo_image_surface_get_height (prev->surface) + 1) / 2;
      Image *next = &build->images[build->n_images];

      if (w < MIP_MIN_PIXELS || h < MIP_MIN_PIXELS)
        break;

      *next = *prev;
      next->ppp = prev->ppp / 2;
      next->w = w / next->ppp;
      next->h = h / next->ppp;
      next->surface = wb_scan_surface_new (w, h);
      cr = cairo_create (next->surface);
      cairo_scale (cr, 0.5, 0.5);
      cairo_set_source_surface (cr, prev->surface, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
      cairo_paint (cr);
      cairo_destroy (cr);
      build->n_images++;
    }

  g_task_return_boolean (task, TRUE);
}

/* The rebuilds run on two threads of their own, below the main thread's
 * priority: on a machine with few cores a frame then does not wait for a
 * core while a rebuild runs. */
static void
render_pool_run (gpointer data,
                 gpointer user_data)
{
  static GPrivate lowered = G_PRIVATE_INIT (NULL);
  GTask *task = data;

#ifdef __linux__
  /* Linux gives each thread its own nice value. */
  if (g_private_get (&lowered) == NULL)
    {
      pid_t tid = (pid_t) syscall (SYS_gettid);
      int nice;

      errno = 0;
      nice = getpriority (PRIO_PROCESS, (id_t) tid);
      if (errno == 0)
        setpriority (PRIO_PROCESS, (id_t) tid, MIN (nice + 5, 19));
      g_private_set (&lowered, GINT_TO_POINTER (TRUE));
    }
#endif

  build_thread (task, g_task_get_source_object (task), g_task_get_task_data (task),
                g_task_get_cancellable (task));
  g_object_unref (task);
}

static GThreadPool *render_pool;

/* At exit, a rebuild still drawing text would meet the libraries' own
 * exit handlers freeing what it reads (harfbuzz's language list: a crash
 * as the program quits). The rebuilds under way finish first, the waiting
 * ones are dropped. Registered after those handlers (the main thread laid
 * out text before any rebuild), so it runs before them. */
static void
drain_render_pool (void)
{
  g_thread_pool_free (render_pool, TRUE, TRUE);
}

static void
render_pool_push (GTask *task)
{
  static gsize made;

  if (g_once_init_enter (&made))
    {
      render_pool = g_thread_pool_new (render_pool_run, NULL, 2, TRUE, NULL);
      atexit (drain_render_pool);
      g_once_init_leave (&made, 1);
    }

  g_thread_pool_push (render_pool, g_object_ref (task), NULL);
}

static void start_build (WbMapView     *self,
                         const Request *request);

/* The rebuild of @request's kind running (its cancellable) and what it
 * renders. */
static GCancellable **
build_slot (WbMapView     *self,
            const Request *request,
            Request      **building)
{
  if (request->overview)
    {
      *building = &self->overview_building;
      return &self->overview_cancellable;
    }
  if (request->units)
    {
      *building = &self->units_building;
      return &self->units_cancellable;
    }
  *building = &self->building;
  return &self->build_cancellable;
}

static void
build_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  WbMapView *self = WB_MAP_VIEW (source);
  GTask *task = G_TASK (result);
  Build *build = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  gboolean overview = build->request.overview;
  gboolean units = build->request.units;
  Request *building;
  GCancellable **current = build_slot (self, &build->request, &building);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  ok = g_task_propagate_boolean (task, &error);
  if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not render the map: %s", error->message);

  /* Superseded by another map (_wb_map_view_invalidate_cache() let go of
   * it) or by the widget going away. */
  if (cancellable != *current)
    return;
  g_clear_object (current);

  if (!ok || g_cancellable_is_cancelled (cancellable) ||
      build->request.serial != self->serial ||
      (units && (self->match == NULL || build->request.units_serial != self->units_serial)))
    {
      self->stale_builds++;
    }
  else if (units)
    {
      image_clear (&self->units);
      self->units = build->images[0];
      build->images[0].surface = NULL;
      self->units_builds++;
    }
  else if (overview)
    {
      for (guint i = 0; i < self->n_overview; i++)
        image_clear (&self->overview[i]);
      memcpy (self->overview, build->images, sizeof build->images);
      self->n_overview = build->n_images;
      build->n_images = 0;
    }
  else
    {
      image_clear (&self->cache);
      self->cache = build->images[0];
      build->images[0].surface = NULL;
      self->cache_builds++;
    }

  /* The next frame shows it, or asks for what is still missing. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
start_build (WbMapView     *self,
             const Request *request)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GTask) task = NULL;
  Build *build = g_new0 (Build, 1);

  g_assert (self->game != NULL && self->map != NULL);

  build->game = g_object_ref (self->game);
  build->map = g_object_ref (self->map);
  build->scenario = self->scenario != NULL ? g_object_ref (self->scenario) : NULL;
  build->viewer = self->viewer;
  /* The caller's state is freed after every action, and ours replaced by
   * the next: the thread reads a copy of its own. */
  if (request->units)
    {
      g_assert (self->match != NULL);
      build->match = wb_match_copy (self->match);
    }
  build->request = *request;

  {
    Request *building;
    GCancellable **slot = build_slot (self, request, &building);

    g_set_object (slot, cancellable);
    *building = *request;
  }

  task = g_task_new (self, cancellable, build_done, NULL);
  g_task_set_source_tag (task, start_build);
  g_task_set_name (task, "[wb-map-view] render");
  g_task_set_task_data (task, build, (GDestroyNotify) build_free);
  render_pool_push (task);
}

/* Asks for @request to be rendered in the background. One rebuild of each
 * kind runs at a time: while one runs, a request for another target
 * cancels it (its result will be dropped) and is made again by the frame
 * after it ends. The units layer is cheap and wanted at once after an
 * action: its new rebuild starts right away (the cancelled one is let go). */
static void
request_build (WbMapView     *self,
               const Request *request)
{
  Request *building;
  GCancellable *running = *build_slot (self, request, &building);

  if (running != NULL)
    {
      if (same_target (building, request))
        return;
      g_cancellable_cancel (running);
      if (!request->units)
        return;
    }

  start_build (self, request);
}

static void
request_overview (WbMapView *self,
                  WbLayers   layers)
{
  double ew, eh, ppp = overview_ppp (self);
  Request request = { 0, };
  double pw, ph;

  _wb_map_view_get_extent (self, &ew, &eh);
  if (ppp <= 0)
    return;

  pw = ceil ((ew + 2 * EXTENT_BLEED) * ppp);
  ph = ceil ((eh + 2 * EXTENT_BLEED) * ppp);
  request = (Request) { -EXTENT_BLEED, -EXTENT_BLEED, pw / ppp, ph / ppp, ppp,
                        0, 0, layers, self->serial, TRUE };
  request_build (self, &request);
}

/* The view cache to ask for: what is visible plus a margin, aligned to the
 * device-pixel grid of the view. FALSE when there is nothing to render. */
static gboolean
view_request (WbMapView *self,
              double     ox,
              double     oy,
              WbLayers   layers,
              Request   *request)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double px = self->zoom * scale;
  double ew, eh, margin, x0, y0, x1, y1;
  Rect visible, extent, region;

  _wb_map_view_get_extent (self, &ew, &eh);
  visible = (Rect) { ox, oy, width / self->zoom, height / self->zoom };
  extent = (Rect) { -EXTENT_BLEED, -EXTENT_BLEED, ew + 2 * EXTENT_BLEED, eh + 2 * EXTENT_BLEED };
  margin = CACHE_MARGIN / self->zoom;
  if (!_wb_map_view_rect_intersect (&(Rect) { visible.x - margin, visible.y - margin,
                                              visible.w + 2 * margin, visible.h + 2 * margin },
                                    &extent, &region))
    return FALSE;

  x0 = floor (region.x * px) / px;
  y0 = floor (region.y * px) / px;
  x1 = ceil ((region.x + region.w) * px) / px;
  y1 = ceil ((region.y + region.h) * px) / px;
  if ((x1 - x0) * px > CACHE_MAX_PIXELS || (y1 - y0) * px > CACHE_MAX_PIXELS)
    return FALSE;

  *request = (Request) { x0, y0, x1 - x0, y1 - y0, px, self->zoom, scale,
                         layers, self->serial, FALSE };
  return TRUE;
}

/* Paints @image where its map rectangle lies in the view. @exact: it was
 * rendered for this zoom and the origin is on its pixel grid, so this is a
 * plain copy; otherwise it is scaled, bilinearly. */
static void
paint_image (cairo_t     *cr,
             const Image *image,
             double       ox,
             double       oy,
             double       zoom,
             int          scale,
             gboolean     exact)
{
  double dx = (image->x - ox) * zoom;
  double dy = (image->y - oy) * zoom;
  double k = zoom / image->ppp;

  if (exact)
    {
      dx = round (dx * scale) / scale;
      dy = round (dy * scale) / scale;
    }

  cairo_save (cr);
  cairo_rectangle (cr, dx, dy,
                   cairo_image_surface_get_width (image->surface) * k,
                   cairo_image_surface_get_height (image->surface) * k);
  cairo_clip (cr);
  cairo_translate (cr, dx, dy);
  cairo_scale (cr, k, k);
  cairo_set_source_surface (cr, image->surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr),
                            exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR);
  cairo_paint (cr);
  cairo_restore (cr);
}

/* The overview copy to draw at @ppp device pixels per map point: the
 * smallest that is not smaller than the view wants. */
static const Image *
overview_level (WbMapView *self,
                double     ppp)
{
  const Image *best = &self->overview[0];

  for (guint i = 1; i < self->n_overview; i++)
    if (self->overview[i].ppp >= ppp)
      best = &self->overview[i];

  return best;
}

/* Whether @request is small enough to render on the spot (about the
 * Wilderness map's 644 hexes take 20–40 ms) and has no background scan. */
static gboolean
request_is_cheap (WbMapView     *self,
                  const Request *request)
{
  const WbMapBackground *bg = wb_map_get_background (self->map);
  double size;

  /* A scan is decoded (the first time) and read again in bands (at large
   * zooms) by the worker threads, never on the frame path. */
  if (bg != NULL && !bg->hidden && bg->opacity > 0)
    return FALSE;
  if (!WB_IS_HEX_MAP (self->map))
    return TRUE;

  size = wb_hex_map_get_hex_size (WB_HEX_MAP (self->map));
  return request->w * request->h / (2.598 * size * size) <= FIRST_FRAME_MAX_HEXES;
}

/* With nothing at all to show (a map just opened), a frame without the map
 * would only be a blank sheet: a small view is rendered on the spot
 * instead, in this thread whose fonts are loaded already. */
static gboolean
render_first_frame (WbMapView     *self,
                    const Request *request)
{
  cairo_surface_t *surface;
  cairo_status_t status;

  if (self->cache.surface != NULL || self->n_overview > 0 ||
      !request_is_cheap (self, request))
    return FALSE;

  wb_game_lock_read (self->game);
  surface = render_request (self->game, self->map, self->scenario, NULL, self->viewer, request, &status);
  wb_game_unlock_read (self->game);
  if (surface == NULL)
    {
      g_warning ("Could not render the map: %s", cairo_status_to_string (status));
      return FALSE;
    }

  self->cache = (Image) { surface, request->x, request->y, request->w, request->h,
                          request->ppp, request->zoom, request->scale,
                          request->layers, request->serial, 0 };
  self->cache_builds++;
  return TRUE;
}

/* Whether the view cache shows @needed as it is at the current zoom. */
static gboolean
cache_complete (WbMapView  *self,
                WbLayers    layers,
                int         scale,
                const Rect *needed)
{
  return self->cache.surface != NULL &&
         self->cache.serial == self->serial &&
         self->cache.layers == layers &&
         self->cache.zoom == self->zoom &&
         self->cache.scale == scale &&
         rect_contains (&(Rect) { self->cache.x, self->cache.y, self->cache.w, self->cache.h },
                        needed);
}

/* Whether the units image shows the match's current state over @needed at
 * the current zoom. */
static gboolean
units_complete (WbMapView  *self,
                int         scale,
                const Rect *needed)
{
  return self->units.surface != NULL &&
         self->units.serial == self->serial &&
         self->units.units_serial == self->units_serial &&
         self->units.zoom == self->zoom &&
         self->units.scale == scale &&
         rect_contains (&(Rect) { self->units.x, self->units.y, self->units.w, self->units.h },
                        needed);
}

static void
request_units (WbMapView *self,
               double     ox,
               double     oy)
{
  Request request;

  if (!view_request (self, ox, oy, WB_LAYER_UNITS, &request))
    return;
  request.units = TRUE;
  request.units_serial = self->units_serial;
  request_build (self, &request);
}

/* The match's units over the static layers (@cr NULL: only asks for them).
 * Until the current state's image arrives the last one stands in, where
 * the units were. TRUE when what was painted is current. */
static gboolean
draw_units (WbMapView  *self,
            cairo_t    *cr,
            double      ox,
            double      oy,
            const Rect *needed,
            const Rect *extent)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  gboolean complete = units_complete (self, scale, needed);
  double m = CACHE_MARGIN / 2 / self->zoom;
  Rect ahead;

  if (!complete)
    {
      request_units (self, ox, oy);
      if (cr != NULL && self->units.surface != NULL)
        paint_image (cr, &self->units, ox, oy, self->zoom, scale, FALSE);
      return FALSE;
    }

  if (cr != NULL)
    paint_image (cr, &self->units, ox, oy, self->zoom, scale, TRUE);

  /* Panning towards its edge: ahead of time, as for the view cache. */
  if (self->units_cancellable == NULL &&
      _wb_map_view_rect_intersect (&(Rect) { needed->x - m, needed->y - m,
                                             needed->w + 2 * m, needed->h + 2 * m },
                                   extent, &ahead) &&
      !rect_contains (&(Rect) { self->units.x, self->units.y, self->units.w, self->units.h },
                      &ahead))
    request_units (self, ox, oy);

  return TRUE;
}

/* Draws the map's cached layers for the current view into @cr (widget
 * pixels) and asks for what is missing. Never renders the map itself. With
 * @cr NULL only asks: the rebuild then starts before the first frame. */
void
_wb_map_view_draw_map (WbMapView *self,
                       cairo_t   *cr,
                       double     ox,
                       double     oy)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double ppp = self->zoom * scale;
  WbLayers layers = cached_layers (self);
  gboolean use_overview = ppp <= overview_ppp (self) * (1 + 1e-9);
  gboolean exact = FALSE, painted = FALSE, covered = FALSE;
  double ew, eh;
  Rect visible, extent, needed;
  Request request;

  _wb_map_view_get_extent (self, &ew, &eh);
  visible = (Rect) { ox, oy, width / self->zoom, height / self->zoom };
  extent = (Rect) { -EXTENT_BLEED, -EXTENT_BLEED, ew + 2 * EXTENT_BLEED, eh + 2 * EXTENT_BLEED };
  if (!_wb_map_view_rect_intersect (&visible, &extent, &needed))
    return;

  if (cr == NULL)
    {
      if (use_overview && !overview_valid (self, layers))
        request_overview (self, layers);
      else if (!use_overview && !cache_complete (self, layers, scale, &needed) &&
               view_request (self, ox, oy, layers, &request) &&
               !(self->cache.surface == NULL && self->n_overview == 0 &&
                 request_is_cheap (self, &request)))
        request_build (self, &request);
      if (self->match != NULL)
        draw_units (self, NULL, ox, oy, &needed, &extent);
      return;
    }

  if (!use_overview && self->cache.surface == NULL &&
      view_request (self, ox, oy, layers, &request))
    render_first_frame (self, &request);

  if (use_overview && overview_valid (self, layers))
    {
      /* At or below the overview's scale it is the final picture. */
      paint_image (cr, overview_level (self, ppp), ox, oy, self->zoom, scale, FALSE);
      exact = painted = covered = TRUE;
    }
  else if (!use_overview && cache_complete (self, layers, scale, &needed))
    {
      paint_image (cr, &self->cache, ox, oy, self->zoom, scale, TRUE);
      exact = painted = covered = TRUE;

      /* Panning towards an edge of the cache: rebuild it around the view
       * before the view gets there. */
      if (self->build_cancellable == NULL)
        {
          double m = CACHE_MARGIN / 2 / self->zoom;
          Rect ahead;

          if (_wb_map_view_rect_intersect (&(Rect) { needed.x - m, needed.y - m,
                                                     needed.w + 2 * m, needed.h + 2 * m },
                                           &extent, &ahead) &&
              !rect_contains (&(Rect) { self->cache.x, self->cache.y, self->cache.w, self->cache.h },
                              &ahead) &&
              view_request (self, ox, oy, layers, &request))
            request_build (self, &request);
        }
    }
  else
    {
      /* An interim frame from what there is: the overview under the parts
       * the cache does not cover, the cache scaled or moved into place. */
      gboolean cache_covers =
        self->cache.surface != NULL &&
        rect_contains (&(Rect) { self->cache.x, self->cache.y, self->cache.w, self->cache.h },
                       &needed);

      if (self->n_overview > 0 && !cache_covers)
        {
          paint_image (cr, overview_level (self, ppp), ox, oy, self->zoom, scale, FALSE);
          painted = covered = TRUE;
        }
      if (self->cache.surface != NULL)
        {
          paint_image (cr, &self->cache, ox, oy, self->zoom, scale, FALSE);
          painted = TRUE;
          covered = covered || cache_covers;
        }

      if (use_overview)
        request_overview (self, layers);
      else if (view_request (self, ox, oy, layers, &request))
        request_build (self, &request);
    }

  /* Once the view is complete, prepare the overview for zooming out; not
   * during an editing drag, whose every step would wait for it (the model
   * lock) and then make it stale again. */
  if (exact && !use_overview && !overview_valid (self, layers) && !self->drag_edits)
    request_overview (self, layers);

  _wb_map_view_draw_play_under_units (self, cr, ox, oy);
  if (self->match != NULL && !draw_units (self, cr, ox, oy, &needed, &extent))
    exact = FALSE;

  self->last_frame_exact = exact;
  self->last_frame_covered = covered;
  if (painted)
    self->map_frame_count++;
}
guint
wb_map_view_get_cache_builds (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->cache_builds;
}

guint
wb_map_view_get_map_frame_count (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->map_frame_count;
}

gboolean
wb_map_view_get_rendering (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->build_cancellable != NULL || self->overview_cancellable != NULL ||
         self->units_cancellable != NULL;
}

gboolean
wb_map_view_get_frame_complete (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->last_frame_exact;
}

gboolean
wb_map_view_get_frame_covered (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->last_frame_covered;
}

guint
wb_map_view_get_units_builds (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->units_builds;
}

guint
wb_map_view_get_stale_builds (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->stale_builds;
}
/* Re-renders the part of @image that @area (map points) touches, on its
 * pixel grid so there are no seams. */
static gboolean
patch_image (WbMapView  *self,
             Image      *image,
             const Rect *area)
{
  WbRenderOptions options;
  double ppp = image->ppp, x0, y0, x1, y1;
  cairo_status_t status;
  Rect patch;
  cairo_t *cr;

  if (!_wb_map_view_rect_intersect (area, &(Rect) { image->x, image->y, image->w, image->h }, &patch))
    return TRUE;

  x0 = image->x + floor ((patch.x - image->x) * ppp) / ppp;
  y0 = image->y + floor ((patch.y - image->y) * ppp) / ppp;
  x1 = image->x + ceil ((patch.x + patch.w - image->x) * ppp) / ppp;
  y1 = image->y + ceil ((patch.y + patch.h - image->y) * ppp) / ppp;

  cr = cairo_create (image->surface);
  cairo_scale (cr, ppp, ppp);
  cairo_translate (cr, -image->x, -image->y);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_clip (cr);
  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_restore (cr);

  wb_render_options_init (&options);
  options.layers = image->layers;
  options.scale = ppp;
  options.clip_x = x0;
  options.clip_y = y0;
  options.clip_width = x1 - x0;
  options.clip_height = y1 - y0;
  options.scenario = (image->layers & WB_LAYER_UNITS) ? self->scenario : NULL;
  wb_game_lock_read (self->game);
  wb_render_map (self->game, self->map, cr, &options);
  wb_game_unlock_read (self->game);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_mark_dirty (image->surface);

  return status == CAIRO_STATUS_SUCCESS;
}

/* Redoes @next, the halved copy of @prev, where @area (map points) lies:
 * each pixel the average of four, as when the overview was built. */
static void
halve_area (const Image *prev,
            Image       *next,
            const Rect  *area)
{
  double x0 = floor ((area->x - next->x) * next->ppp) - 1;
  double y0 = floor ((area->y - next->y) * next->ppp) - 1;
  double x1 = ceil ((area->x + area->w - next->x) * next->ppp) + 1;
  double y1 = ceil ((area->y + area->h - next->y) * next->ppp) + 1;
  cairo_t *cr = cairo_create (next->surface);

  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_scale (cr, 0.5, 0.5);
  cairo_set_source_surface (cr, prev->surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_mark_dirty (next->surface);
}

void
wb_map_view_begin_edit (WbMapView *self)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (!self->in_edit);

  self->in_edit = TRUE;
  self->patchable = self->cache.surface != NULL && self->cache.serial == self->serial;
  self->overview_patchable = self->n_overview > 0 && self->overview[0].serial == self->serial;
}

void
wb_map_view_end_edit (WbMapView *self,
                      double     x,
                      double     y,
                      double     width,
                      double     height)
{
  gboolean patched = FALSE;
  double pad = 0;
  Rect area;

  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (self->in_edit);

  self->in_edit = FALSE;
  if (self->game == NULL || self->map == NULL || width <= 0 || height <= 0)
    {
      self->patchable = self->overview_patchable = FALSE;
      return;
    }

  /* Neighbouring hexes' strokes and labels reach into the area. */
  if (WB_IS_HEX_MAP (self->map))
    pad = wb_hex_map_get_hex_size (WB_HEX_MAP (self->map));
  area = (Rect) { x - pad, y - pad, width + 2 * pad, height + 2 * pad };

  if (self->patchable && self->cache.surface != NULL &&
      patch_image (self, &self->cache, &area))
    {
      self->cache.serial = self->serial;
      patched = TRUE;
    }

  /* The overview: its full-size copy is rendered afresh there, and the
   * halved copies are halved from it again (rendering them directly would
   * not look like the rest of them: the renderer keeps thin lines and small
   * text legible at small scales). */
  if (self->overview_patchable && self->n_overview > 0 &&
      patch_image (self, &self->overview[0], &area))
    {
      for (guint i = 1; i < self->n_overview; i++)
        halve_area (&self->overview[i - 1], &self->overview[i], &area);
      for (guint i = 0; i < self->n_overview; i++)
        self->overview[i].serial = self->serial;
      patched = TRUE;
    }

  self->patchable = self->overview_patchable = FALSE;
  if (patched)
    {
      self->patches++;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

guint
wb_map_view_get_patches (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->patches;
}

