/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map-view"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <math.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "wb-map-view.h"

/* The map canvas. View state (zoom and the map point at the centre of the
 * widget) lives here; input handlers only change that state and queue a
 * draw. Drawing goes through the one renderer, wb_render_map(), but never on
 * the frame path: the map (static layers and the scenario's units) is
 * rendered in a worker thread into an image surface covering the visible
 * part of the map plus a margin, and a frame only paints images. While the
 * cache does not match the view (a new zoom, a pan past its margin, an edit)
 * the frame shows what there is, scaled and moved into place (a little
 * blurry for a moment), and the rebuild runs in the background; when it is
 * done it is swapped in and the view redrawn. One view rebuild runs at a
 * time: a request for another zoom cancels the running one, whose result is
 * then dropped, and the frame after it ends asks again. A pan coming near
 * the cache's edge starts a rebuild around the view ahead of time. The
 * rebuilds run on a private pool of two threads below the main thread's
 * priority. Only a map just opened, with nothing to show yet and a small
 * view, is rendered in its first frame.
 *
 * For zoomed-out views a whole-map overview is built once per map, content
 * and layer set, at a resolution where a hex is about OVERVIEW_HEX_PX pixels,
 * with halved copies below it; at or below its scale a frame is a blit of
 * the nearest copy, so even the whole of a 200 × 200 map costs no rendering.
 * The hover highlight is drawn live on top. */

/* How far (widget pixels) the static-layer cache reaches past each edge of
 * the view, so that short pans reuse it. */
#define CACHE_MARGIN     256.0
/* Map points around the map's extent that still belong to it (strokes on the
 * border hexsides stick out a little). */
#define EXTENT_BLEED     4.0
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
#define MAX_MIP_LEVELS      8
#define FIT_PADDING      24.0
#define WHEEL_PAN_STEP   48.0
#define KEY_PAN_STEP     64.0

/* What a background rebuild renders: the map rectangle (x, y, w, h) in map
 * points, at @ppp device pixels per map point (view zoom × scale factor). */
typedef struct
{
  double   x, y, w, h;
  double   ppp;
  double   zoom;
  int      scale;
  WbLayers layers;
  guint    serial;
  gboolean overview;
} Request;

/* A rendered image of the map rectangle (x, y, w, h), device pixels at
 * @ppp per map point. */
typedef struct
{
  cairo_surface_t *surface;
  double           x, y, w, h;
  double           ppp;
  double           zoom;
  int              scale;
  WbLayers         layers;
  guint            serial;
} Image;

struct _WbMapView
{
  GtkWidget        parent_instance;

  WbGame          *game;
  WbMap           *map;
  WbScenario      *scenario;

  double           zoom;
  double           center_x;
  double           center_y;
  gboolean         needs_fit;
  gboolean         show_numbers;
  gboolean         show_grid;

  /* Input state. With @editing, a primary-button drag is an edit (the
   * edit-* signals) and panning moves to the middle button, space + drag and
   * scrolling. */
  gboolean         editing;
  int              hover_radius;
  gboolean         has_rubber_band;
  double           rubber_band[4];      /* map points: x0, y0, x1, y1 */
  gboolean         space_down;
  gboolean         drag_edits;
  gboolean         drag_pans;
  double           drag_x;
  double           drag_y;
  double           drag_start_x;
  double           drag_start_y;
  double           pinch_start_zoom;
  double           pointer_x;
  double           pointer_y;
  gboolean         pointer_inside;

  /* What the pointer is over. */
  char            *hover_text;
  gboolean         hover_has_hex;
  WbOffset         hover_hex;
  const char      *hover_location;   /* interned location id */

  /* Bumped when what is drawn changes (another map, an edit): images with
   * an older serial may still stand in for a moment, never as final. */
  guint            serial;
  /* Between wb_map_view_begin_edit() and _end_edit(): whether the cache
   * (the overview) was current when the edit began, so that re-rendering
   * the edited area makes it current again. */
  gboolean         in_edit;
  gboolean         patchable;
  gboolean         overview_patchable;

  /* The view cache and the overview (level 0 and its halved copies). */
  Image            cache;
  Image            overview[MAX_MIP_LEVELS];
  guint            n_overview;

  /* The background rebuilds running (view cache, overview), with what they
   * render. */
  GCancellable    *build_cancellable;
  Request          building;
  GCancellable    *overview_cancellable;
  Request          overview_building;

  guint            frame_count;
  guint            map_frame_count;
  gboolean         last_frame_exact;
  guint            cache_builds;
  guint            stale_builds;
  guint            patches;
};

G_DEFINE_FINAL_TYPE (WbMapView, wb_map_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_EDIT_BEGIN,
  SIGNAL_EDIT_UPDATE,
  SIGNAL_EDIT_END,
  SIGNAL_POINT_CLICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_GAME,
  PROP_MAP,
  PROP_SCENARIO,
  PROP_ZOOM,
  PROP_SHOW_NUMBERS,
  PROP_SHOW_GRID,
  PROP_HOVER_TEXT,
  PROP_EDITING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The steps zoom in/out walk through. */
static const double zoom_steps[] = {
  0.1, 0.125, 1.0 / 6.0, 0.25, 1.0 / 3.0, 0.5, 2.0 / 3.0, 0.8,
  1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0,
};

typedef struct { double x, y, w, h; } Rect;

static gboolean
rect_intersect (const Rect *a,
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
get_extent (WbMapView *self,
            double    *width,
            double    *height)
{
  *width = *height = 0;
  if (self->map != NULL)
    wb_map_get_extent (self->map, width, height);
}

static void
image_clear (Image *image)
{
  g_clear_pointer (&image->surface, cairo_surface_destroy);
}

static void
cancel_builds (WbMapView *self)
{
  if (self->build_cancellable != NULL)
    g_cancellable_cancel (self->build_cancellable);
  g_clear_object (&self->build_cancellable);
  if (self->overview_cancellable != NULL)
    g_cancellable_cancel (self->overview_cancellable);
  g_clear_object (&self->overview_cancellable);
}

/* Drops every image and pending rebuild: what they show is gone. */
static void
invalidate_cache (WbMapView *self)
{
  self->serial++;
  cancel_builds (self);
  image_clear (&self->cache);
  for (guint i = 0; i < self->n_overview; i++)
    image_clear (&self->overview[i]);
  self->n_overview = 0;
}

/* The content changed but the map is the same: the images may stand in
 * until their rebuilds arrive. */
static void
content_changed (WbMapView *self)
{
  self->serial++;
  /* A rebuild of the old content is of no use any more. */
  if (self->build_cancellable != NULL)
    g_cancellable_cancel (self->build_cancellable);
  if (self->overview_cancellable != NULL)
    g_cancellable_cancel (self->overview_cancellable);
}

/* What the cache holds: the static layers (as the toggles say) and, when a
 * scenario is shown, its units. Nothing on the map moves yet, so the units
 * are cached with the rest; an edit rebuilds. */
static WbLayers
cached_layers (WbMapView *self)
{
  WbLayers layers = WB_LAYER_STATIC;

  if (!self->show_numbers)
    layers &= ~WB_LAYER_NUMBERS;
  if (!self->show_grid)
    layers &= ~WB_LAYER_GRID;
  if (self->scenario != NULL)
    layers |= WB_LAYER_UNITS;

  return layers;
}

/* The map point drawn at widget pixel (0, 0), snapped so that it falls on a
 * device pixel: the cached surface is then painted without resampling. */
static void
get_origin (WbMapView *self,
            double    *ox,
            double    *oy)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double px = self->zoom * gtk_widget_get_scale_factor (GTK_WIDGET (self));

  *ox = round ((self->center_x - width / (2 * self->zoom)) * px) / px;
  *oy = round ((self->center_y - height / (2 * self->zoom)) * px) / px;
}

static void
clamp_center (WbMapView *self)
{
  double width, height;

  get_extent (self, &width, &height);
  self->center_x = CLAMP (self->center_x, 0, width);
  self->center_y = CLAMP (self->center_y, 0, height);
}

/* What is at widget pixel (x, y): a hex of a hex map (@hex) or a location
 * of a point map (@loc). */
static gboolean
hit_test (WbMapView   *self,
          double       x,
          double       y,
          WbOffset    *hex,
          WbLocation **loc)
{
  double mx, my;

  if (self->map == NULL)
    return FALSE;

  wb_map_view_widget_to_map (self, x, y, &mx, &my);

  if (WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (self->map);

      *hex = wb_hex_from_point (wb_hex_map_get_layout (hex_map),
                                wb_hex_map_get_hex_size (hex_map), mx, my);
      return wb_hex_map_contains (hex_map, *hex);
    }

  if (WB_IS_POINT_MAP (self->map))
    {
      *loc = wb_point_map_location_at (WB_POINT_MAP (self->map), mx, my,
                                       MAX (10.0, 12.0 / self->zoom));
      return *loc != NULL;
    }

  return FALSE;
}

static void
update_hover (WbMapView *self)
{
  g_autofree char *text = NULL;
  WbOffset hex = { -1, -1 };
  WbLocation *loc = NULL;
  const char *location = NULL;
  gboolean has_hex = FALSE;

  if (self->pointer_inside &&
      hit_test (self, self->pointer_x, self->pointer_y, &hex, &loc))
    {
      text = wb_map_view_lookup (self, self->pointer_x, self->pointer_y, NULL);
      has_hex = loc == NULL;
      location = loc != NULL ? loc->id : NULL;
    }

  if (has_hex != self->hover_has_hex ||
      (has_hex && !wb_offset_equal (hex, self->hover_hex)) ||
      location != self->hover_location)
    {
      self->hover_has_hex = has_hex;
      self->hover_hex = hex;
      self->hover_location = location;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (g_strcmp0 (text, self->hover_text) != 0)
    {
      g_free (self->hover_text);
      self->hover_text = g_steal_pointer (&text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_TEXT]);
    }
}

static void
on_model_changed (WbMapView *self)
{
  double mx = self->center_x;
  double my = self->center_y;
  content_changed (self);
  clamp_center (self);
  if (mx != self->center_x || my != self->center_y)
    update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_game_changed (WbMapView  *self,
                 const char *what,
                 WbGame     *game)
{
  on_model_changed (self);
}

static gboolean
same_target (const Request *a,
             const Request *b)
{
  return a->overview == b->overview &&
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

  get_extent (self, &ew, &eh);
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
                const Request  *r,
                cairo_status_t *status)
{
  WbRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  int pw = (int) round (r->w * r->ppp);
  int ph = (int) round (r->h * r->ppp);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
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
    surface = render_request (build->game, build->map, build->scenario, r, &status);
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
                               r->zoom, r->scale, r->layers, r->serial };
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
      next->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
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

static void
render_pool_push (GTask *task)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    g_once_init_leave (&pool, g_thread_pool_new (render_pool_run, NULL, 2, TRUE, NULL));

  g_thread_pool_push (pool, g_object_ref (task), NULL);
}

static void start_build (WbMapView     *self,
                         const Request *request);

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
  GCancellable **current = overview ? &self->overview_cancellable : &self->build_cancellable;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  ok = g_task_propagate_boolean (task, &error);
  if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not render the map: %s", error->message);

  /* Superseded by another map (invalidate_cache() let go of it) or by the
   * widget going away. */
  if (cancellable != *current)
    return;
  g_clear_object (current);

  if (!ok || g_cancellable_is_cancelled (cancellable) ||
      build->request.serial != self->serial)
    {
      self->stale_builds++;
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
  build->request = *request;

  if (request->overview)
    {
      g_set_object (&self->overview_cancellable, cancellable);
      self->overview_building = *request;
    }
  else
    {
      g_set_object (&self->build_cancellable, cancellable);
      self->building = *request;
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
 * after it ends. */
static void
request_build (WbMapView     *self,
               const Request *request)
{
  GCancellable *running = request->overview ? self->overview_cancellable : self->build_cancellable;
  const Request *building = request->overview ? &self->overview_building : &self->building;

  if (running != NULL)
    {
      if (!same_target (building, request))
        g_cancellable_cancel (running);
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

  get_extent (self, &ew, &eh);
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

  get_extent (self, &ew, &eh);
  visible = (Rect) { ox, oy, width / self->zoom, height / self->zoom };
  extent = (Rect) { -EXTENT_BLEED, -EXTENT_BLEED, ew + 2 * EXTENT_BLEED, eh + 2 * EXTENT_BLEED };
  margin = CACHE_MARGIN / self->zoom;
  if (!rect_intersect (&(Rect) { visible.x - margin, visible.y - margin,
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
 * Wilderness map's 644 hexes take 20–40 ms). */
static gboolean
request_is_cheap (WbMapView     *self,
                  const Request *request)
{
  double size;

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
  surface = render_request (self->game, self->map, self->scenario, request, &status);
  wb_game_unlock_read (self->game);
  if (surface == NULL)
    {
      g_warning ("Could not render the map: %s", cairo_status_to_string (status));
      return FALSE;
    }

  self->cache = (Image) { surface, request->x, request->y, request->w, request->h,
                          request->ppp, request->zoom, request->scale,
                          request->layers, request->serial };
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

/* Draws the map's cached layers for the current view into @cr (widget
 * pixels) and asks for what is missing. Never renders the map itself. With
 * @cr NULL only asks: the rebuild then starts before the first frame. */
static void
draw_map (WbMapView *self,
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
  gboolean exact = FALSE, painted = FALSE;
  double ew, eh;
  Rect visible, extent, needed;
  Request request;

  get_extent (self, &ew, &eh);
  visible = (Rect) { ox, oy, width / self->zoom, height / self->zoom };
  extent = (Rect) { -EXTENT_BLEED, -EXTENT_BLEED, ew + 2 * EXTENT_BLEED, eh + 2 * EXTENT_BLEED };
  if (!rect_intersect (&visible, &extent, &needed))
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
      return;
    }

  if (!use_overview && self->cache.surface == NULL &&
      view_request (self, ox, oy, layers, &request))
    render_first_frame (self, &request);

  if (use_overview && overview_valid (self, layers))
    {
      /* At or below the overview's scale it is the final picture. */
      paint_image (cr, overview_level (self, ppp), ox, oy, self->zoom, scale, FALSE);
      exact = painted = TRUE;
    }
  else if (!use_overview && cache_complete (self, layers, scale, &needed))
    {
      paint_image (cr, &self->cache, ox, oy, self->zoom, scale, TRUE);
      exact = painted = TRUE;

      /* Panning towards an edge of the cache: rebuild it around the view
       * before the view gets there. */
      if (self->build_cancellable == NULL)
        {
          double m = CACHE_MARGIN / 2 / self->zoom;
          Rect ahead;

          if (rect_intersect (&(Rect) { needed.x - m, needed.y - m, needed.w + 2 * m, needed.h + 2 * m },
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
          painted = TRUE;
        }
      if (self->cache.surface != NULL)
        {
          paint_image (cr, &self->cache, ox, oy, self->zoom, scale, FALSE);
          painted = TRUE;
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

  self->last_frame_exact = exact;
  if (painted)
    self->map_frame_count++;
}

static void
draw_hover (WbMapView *self,
            cairo_t   *cr)
{
  cairo_save (cr);
  /* The renderer may leave a current point behind. */
  cairo_new_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 2.5 / self->zoom);

  if (self->hover_has_hex && WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (self->map);
      WbHexLayout layout = wb_hex_map_get_layout (hex_map);
      double size = wb_hex_map_get_hex_size (hex_map);
      double cx, cy;

      gsize n = wb_hex_range (layout, self->hover_hex, self->hover_radius, NULL, 0);
      g_autofree WbOffset *hexes = g_new (WbOffset, n);

      /* The brush's footprint: each hex outlined. */
      wb_hex_range (layout, self->hover_hex, self->hover_radius, hexes, n);
      for (gsize h = 0; h < n; h++)
        {
          if (!wb_hex_map_contains (hex_map, hexes[h]))
            continue;
          wb_hex_center (layout, size, hexes[h], &cx, &cy);
          cairo_new_sub_path (cr);
          for (int i = 0; i < WB_HEX_DIRECTIONS; i++)
            {
              double dx, dy;

              wb_hex_corner_offset (layout, size, i, &dx, &dy);
              cairo_line_to (cr, cx + dx, cy + dy);
            }
          cairo_close_path (cr);
        }
    }
  else if (self->hover_location != NULL && WB_IS_POINT_MAP (self->map))
    {
      WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (self->map),
                                                    self->hover_location);

      if (loc != NULL)
        cairo_arc (cr, loc->x, loc->y, MAX (10.0, 12.0 / self->zoom), 0, 2 * G_PI);
    }

  /* GNOME's accent blue, over a light wash so the hex reads as picked. */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, 0.95);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
wb_map_view_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  WbMapView *self = WB_MAP_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double ox, oy, ew, eh;
  Rect paper, drawn;
  cairo_t *cr;

  self->frame_count++;

  if (self->map == NULL || self->game == NULL || width <= 0 || height <= 0)
    return;

  get_extent (self, &ew, &eh);
  get_origin (self, &ox, &oy);
  paper = (Rect) { -ox * self->zoom, -oy * self->zoom, ew * self->zoom, eh * self->zoom };

  /* The map lies on the desk like a sheet of paper. */
  gtk_snapshot_append_outset_shadow (snapshot,
                                     &GSK_ROUNDED_RECT_INIT ((float) paper.x, (float) paper.y,
                                                             (float) paper.w, (float) paper.h),
                                     &(GdkRGBA) { 0, 0, 0, 0.28f },
                                     0, 2, 0, 10);

  /* Everything drawn lies on the map (plus the bleed of border strokes):
   * a smaller cairo node is less to upload on GL renderers. */
  paper.x -= EXTENT_BLEED * self->zoom;
  paper.y -= EXTENT_BLEED * self->zoom;
  paper.w += 2 * EXTENT_BLEED * self->zoom;
  paper.h += 2 * EXTENT_BLEED * self->zoom;
  if (!rect_intersect (&paper, &(Rect) { 0, 0, width, height }, &drawn))
    return;
  drawn.w = ceil (drawn.x + drawn.w) - floor (drawn.x);
  drawn.h = ceil (drawn.y + drawn.h) - floor (drawn.y);
  drawn.x = floor (drawn.x);
  drawn.y = floor (drawn.y);

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT ((float) drawn.x, (float) drawn.y,
                                                       (float) drawn.w, (float) drawn.h));

  draw_map (self, cr, ox, oy);

  cairo_scale (cr, self->zoom, self->zoom);
  cairo_translate (cr, -ox, -oy);

  if (self->hover_has_hex || self->hover_location != NULL)
    draw_hover (self, cr);

  if (self->has_rubber_band)
    {
      /* A connection being drawn: a dashed accent line. */
      double dash = 6.0 / self->zoom;

      cairo_new_path (cr);
      cairo_move_to (cr, self->rubber_band[0], self->rubber_band[1]);
      cairo_line_to (cr, self->rubber_band[2], self->rubber_band[3]);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 3.0 / self->zoom);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgba (cr, 0.208, 0.518, 0.894, 0.95);
      cairo_stroke (cr);
    }

  cairo_destroy (cr);
}

static void
wb_map_view_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  *minimum = 64;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 480;
}

static void
wb_map_view_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  WbMapView *self = WB_MAP_VIEW (widget);

  if (self->needs_fit && width > 0 && height > 0)
    wb_map_view_zoom_to_fit (self);

  update_hover (self);

  /* Start rendering now rather than at the first frame. */
  if (self->map != NULL && self->game != NULL && width > 0 && height > 0)
    {
      double ox, oy;

      get_origin (self, &ox, &oy);
      draw_map (self, NULL, ox, oy);
    }
}

/* Input. Handlers change view state only; drawing follows from it. */

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           WbMapView                *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (self->map == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      double x = self->pointer_inside ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      double y = self->pointer_inside ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
      double factor = wheel ? pow (1.2, -dy) : exp (-dy * 0.01);

      wb_map_view_zoom_at (self, self->zoom * factor, x, y);
      return TRUE;
    }

  if ((state & GDK_SHIFT_MASK) && dx == 0)
    {
      dx = dy;
      dy = 0;
    }

  if (wheel)
    {
      dx *= WHEEL_PAN_STEP;
      dy *= WHEEL_PAN_STEP;
    }

  wb_map_view_set_center (self,
                          self->center_x + dx / self->zoom,
                          self->center_y + dy / self->zoom);
  return TRUE;
}

/* The pointer's shape when no drag runs: a hand while space is held, a
 * crosshair for the editing tools. */
static void
reset_cursor (WbMapView *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   self->space_down ? "grab" : self->editing ? "crosshair" : NULL);
}

/* A primary-button drag edits when editing is on and space is not held;
 * the middle button, space + drag, or any drag when not editing, pans. */
static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               WbMapView      *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double mx, my;

  self->drag_x = x;
  self->drag_y = y;
  self->drag_start_x = self->center_x;
  self->drag_start_y = self->center_y;
  self->drag_edits = self->editing && button == GDK_BUTTON_PRIMARY && !self->space_down &&
                     self->map != NULL;
  self->drag_pans = !self->drag_edits &&
                    (button == GDK_BUTTON_PRIMARY || button == GDK_BUTTON_MIDDLE);

  if (self->drag_edits)
    {
      wb_map_view_widget_to_map (self, x, y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_BEGIN], 0, mx, my);
    }
  else if (self->drag_pans)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                WbMapView      *self)
{
  double mx, my;

  if (self->drag_edits)
    {
      wb_map_view_widget_to_map (self, self->drag_x + offset_x, self->drag_y + offset_y, &mx, &my);
      g_signal_emit (self, signals[SIGNAL_EDIT_UPDATE], 0, mx, my);
    }
  else if (self->drag_pans)
    wb_map_view_set_center (self,
                            self->drag_start_x - offset_x / self->zoom,
                            self->drag_start_y - offset_y / self->zoom);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             WbMapView      *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double mx, my;

  wb_map_view_widget_to_map (self, self->drag_x + offset_x, self->drag_y + offset_y, &mx, &my);
  if (self->drag_edits)
    g_signal_emit (self, signals[SIGNAL_EDIT_END], 0, mx, my);
  else if (self->drag_pans && button == GDK_BUTTON_PRIMARY && !self->space_down &&
           hypot (offset_x, offset_y) < 4 && self->map != NULL)
    g_signal_emit (self, signals[SIGNAL_POINT_CLICKED], 0, mx, my);

  self->drag_edits = self->drag_pans = FALSE;
  reset_cursor (self);
  /* The next frame asks for what the drag put off. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                WbMapView             *self)
{
  if (keyval != GDK_KEY_space || !self->editing)
    return FALSE;

  if (!self->space_down)
    {
      self->space_down = TRUE;
      if (!self->drag_edits && !self->drag_pans)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
    }
  return TRUE;
}

static void
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 WbMapView             *self)
{
  if (keyval != GDK_KEY_space || !self->space_down)
    return;

  self->space_down = FALSE;
  if (!self->drag_pans)
    reset_cursor (self);
}

static void
on_zoom_begin (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               WbMapView        *self)
{
  self->pinch_start_zoom = self->zoom;
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture,
                       double          scale,
                       WbMapView      *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }

  wb_map_view_zoom_at (self, self->pinch_start_zoom * scale, x, y);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           WbMapView                *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  update_hover (self);
}

static void
on_leave (GtkEventControllerMotion *controller,
          WbMapView                *self)
{
  self->pointer_inside = FALSE;
  update_hover (self);
}

static gboolean
pan_by_key (GtkWidget *widget,
            GVariant  *args,
            gpointer   user_data)
{
  WbMapView *self = WB_MAP_VIEW (widget);
  int dx, dy;

  if (self->map == NULL)
    return FALSE;

  g_variant_get (args, "(ii)", &dx, &dy);
  wb_map_view_set_center (self,
                          self->center_x + dx * KEY_PAN_STEP / self->zoom,
                          self->center_y + dy * KEY_PAN_STEP / self->zoom);
  return TRUE;
}

static void
wb_map_view_dispose (GObject *object)
{
  WbMapView *self = WB_MAP_VIEW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_clear_object (&self->scenario);
  invalidate_cache (self);

  G_OBJECT_CLASS (wb_map_view_parent_class)->dispose (object);
}

static void
wb_map_view_finalize (GObject *object)
{
  WbMapView *self = WB_MAP_VIEW (object);

  g_free (self->hover_text);

  G_OBJECT_CLASS (wb_map_view_parent_class)->finalize (object);
}

static void
wb_map_view_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  WbMapView *self = WB_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_MAP:
      g_value_set_object (value, self->map);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_SHOW_NUMBERS:
      g_value_set_boolean (value, self->show_numbers);
      break;
    case PROP_SHOW_GRID:
      g_value_set_boolean (value, self->show_grid);
      break;
    case PROP_HOVER_TEXT:
      g_value_set_string (value, self->hover_text);
      break;
    case PROP_EDITING:
      g_value_set_boolean (value, self->editing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_view_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  WbMapView *self = WB_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      wb_map_view_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_SHOW_NUMBERS:
      wb_map_view_set_show_numbers (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_GRID:
      wb_map_view_set_show_grid (self, g_value_get_boolean (value));
      break;
    case PROP_EDITING:
      wb_map_view_set_editing (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_view_class_init (WbMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_map_view_dispose;
  object_class->finalize = wb_map_view_finalize;
  object_class->get_property = wb_map_view_get_property;
  object_class->set_property = wb_map_view_set_property;

  widget_class->snapshot = wb_map_view_snapshot;
  widget_class->measure = wb_map_view_measure;
  widget_class->size_allocate = wb_map_view_size_allocate;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, WB_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MAP] =
    g_param_spec_object ("map", NULL, NULL, WB_TYPE_MAP,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL, WB_TYPE_SCENARIO,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         WB_MAP_VIEW_MIN_ZOOM, WB_MAP_VIEW_MAX_ZOOM, 1.0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_NUMBERS] =
    g_param_spec_boolean ("show-numbers", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_GRID] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HOVER_TEXT] =
    g_param_spec_string ("hover-text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * WbMapView:editing:
   *
   * Whether a primary-button drag edits (emits the edit-* signals) rather
   * than pans. Panning then takes the middle button, space + drag or the
   * scroll wheel.
   */
  properties[PROP_EDITING] =
    g_param_spec_boolean ("editing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The edit-* signals carry map points; edit-end always follows an
   * edit-begin. point-clicked: a primary click (no drag) while not editing. */
  signals[SIGNAL_EDIT_BEGIN] =
    g_signal_new ("edit-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_EDIT_UPDATE] =
    g_signal_new ("edit-update", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_EDIT_END] =
    g_signal_new ("edit-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_POINT_CLICKED] =
    g_signal_new ("point-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, pan_by_key, "(ii)", -1, 0);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, pan_by_key, "(ii)", 1, 0);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Up, 0, pan_by_key, "(ii)", 0, -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Down, 0, pan_by_key, "(ii)", 0, 1);

  gtk_widget_class_set_css_name (widget_class, "mapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
wb_map_view_init (WbMapView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->zoom = 1.0;
  self->show_numbers = TRUE;
  self->show_grid = TRUE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map"),
                                  -1);
}

GtkWidget *
wb_map_view_new (void)
{
  return g_object_new (WB_TYPE_MAP_VIEW, NULL);
}

void
wb_map_view_set_map (WbMapView  *self,
                     WbGame     *game,
                     WbMap      *map,
                     WbScenario *scenario)
{
  gboolean game_changed, map_changed, scenario_changed;

  g_return_if_fail (WB_IS_MAP_VIEW (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (map == NULL || WB_IS_MAP (map));
  g_return_if_fail (map == NULL || game != NULL);
  g_return_if_fail (scenario == NULL || WB_IS_SCENARIO (scenario));

  game_changed = game != self->game;
  map_changed = map != self->map;
  scenario_changed = scenario != self->scenario;

  if (!game_changed && !map_changed && !scenario_changed)
    return;

  if (game_changed)
    {
      if (self->game != NULL)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      if (game != NULL)
        g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self,
                                 G_CONNECT_SWAPPED);
    }

  if (map_changed)
    {
      if (self->map != NULL)
        g_signal_handlers_disconnect_by_data (self->map, self);
      g_set_object (&self->map, map);
      if (map != NULL)
        g_signal_connect_object (map, "changed", G_CALLBACK (on_model_changed), self,
                                 G_CONNECT_SWAPPED);

      /* A different map starts fitted into the view. */
      self->needs_fit = map != NULL;
      if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
        wb_map_view_zoom_to_fit (self);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      map != NULL ? wb_map_get_name (map) : _("Map"),
                                      -1);
    }

  g_set_object (&self->scenario, scenario);

  /* Another map: nothing drawn so far applies. Another scenario on the same
   * map: the images stand in until their rebuilds arrive. */
  if (game_changed || map_changed)
    invalidate_cache (self);
  else
    content_changed (self);
  self->hover_has_hex = FALSE;
  self->hover_location = NULL;
  update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  if (game_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  if (map_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAP]);
  if (scenario_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

WbGame *
wb_map_view_get_game (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->game;
}

WbMap *
wb_map_view_get_map (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->map;
}

WbScenario *
wb_map_view_get_scenario (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->scenario;
}

double
wb_map_view_get_zoom (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 1.0);
  return self->zoom;
}

void
wb_map_view_set_zoom (WbMapView *self,
                      double     zoom)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  wb_map_view_zoom_at (self, zoom,
                       gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                       gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
wb_map_view_zoom_at (WbMapView *self,
                     double     zoom,
                     double     x,
                     double     y)
{
  double mx, my;

  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (isnan (zoom))
    return;
  zoom = CLAMP (zoom, WB_MAP_VIEW_MIN_ZOOM, WB_MAP_VIEW_MAX_ZOOM);
  /* Explicit zooming overrides the pending fit. */
  self->needs_fit = FALSE;
  if (zoom == self->zoom)
    return;

  wb_map_view_widget_to_map (self, x, y, &mx, &my);
  self->zoom = zoom;
  self->center_x = mx - (x - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / zoom;
  self->center_y = my - (y - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / zoom;
  clamp_center (self);

  update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

gboolean
wb_map_view_can_zoom_in (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->map != NULL && self->zoom < WB_MAP_VIEW_MAX_ZOOM;
}

gboolean
wb_map_view_can_zoom_out (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->map != NULL && self->zoom > WB_MAP_VIEW_MIN_ZOOM;
}

void
wb_map_view_zoom_in (WbMapView *self)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  for (guint i = 0; i < G_N_ELEMENTS (zoom_steps); i++)
    if (zoom_steps[i] > self->zoom * 1.001)
      {
        wb_map_view_set_zoom (self, zoom_steps[i]);
        return;
      }
}

void
wb_map_view_zoom_out (WbMapView *self)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  for (guint i = G_N_ELEMENTS (zoom_steps); i > 0; i--)
    if (zoom_steps[i - 1] < self->zoom / 1.001)
      {
        wb_map_view_set_zoom (self, zoom_steps[i - 1]);
        return;
      }
}

void
wb_map_view_zoom_to_fit (WbMapView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double ew, eh, zoom;

  g_return_if_fail (WB_IS_MAP_VIEW (self));

  get_extent (self, &ew, &eh);
  if (width <= 0 || height <= 0 || ew <= 0 || eh <= 0)
    {
      /* Done on the first allocation. */
      self->needs_fit = self->map != NULL;
      return;
    }

  zoom = MIN ((width - 2 * FIT_PADDING) / ew, (height - 2 * FIT_PADDING) / eh);
  zoom = CLAMP (zoom, WB_MAP_VIEW_MIN_ZOOM, 1.0);

  self->needs_fit = FALSE;
  self->center_x = ew / 2;
  self->center_y = eh / 2;
  if (zoom != self->zoom)
    {
      self->zoom = zoom;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }

  update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_get_center (WbMapView *self,
                        double    *x,
                        double    *y)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (x != NULL)
    *x = self->center_x;
  if (y != NULL)
    *y = self->center_y;
}

void
wb_map_view_set_center (WbMapView *self,
                        double     x,
                        double     y)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (isnan (x) || isnan (y))
    return;

  self->needs_fit = FALSE;
  self->center_x = x;
  self->center_y = y;
  clamp_center (self);

  update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_widget_to_map (WbMapView *self,
                           double     wx,
                           double     wy,
                           double    *mx,
                           double    *my)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  *mx = self->center_x + (wx - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / self->zoom;
  *my = self->center_y + (wy - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / self->zoom;
}

void
wb_map_view_map_to_widget (WbMapView *self,
                           double     mx,
                           double     my,
                           double    *wx,
                           double    *wy)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  *wx = (mx - self->center_x) * self->zoom + gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  *wy = (my - self->center_y) * self->zoom + gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
}

gboolean
wb_map_view_get_show_numbers (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->show_numbers;
}

void
wb_map_view_set_show_numbers (WbMapView *self,
                              gboolean   show)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  show = !!show;
  if (show == self->show_numbers)
    return;

  self->show_numbers = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_NUMBERS]);
}

gboolean
wb_map_view_get_show_grid (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->show_grid;
}

void
wb_map_view_set_show_grid (WbMapView *self,
                           gboolean   show)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  show = !!show;
  if (show == self->show_grid)
    return;

  self->show_grid = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_GRID]);
}

char *
wb_map_view_lookup (WbMapView *self,
                    double     x,
                    double     y,
                    WbOffset  *hex)
{
  WbOffset at = { -1, -1 };
  WbLocation *loc = NULL;

  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);

  if (!hit_test (self, x, y, &at, &loc))
    return NULL;

  if (loc != NULL)
    return g_strdup (loc->name != NULL && *loc->name ? loc->name : loc->id);

  if (hex != NULL)
    *hex = at;
  {
    char buf[16];

    wb_hex_map_format_hex (WB_HEX_MAP (self->map), at, buf, sizeof buf);
    return g_strdup (buf);
  }
}

const char *
wb_map_view_get_hover_text (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), NULL);
  return self->hover_text;
}

gboolean
wb_map_view_get_hover_hex (WbMapView *self,
                           WbOffset  *hex)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);

  if (self->hover_has_hex && hex != NULL)
    *hex = self->hover_hex;
  return self->hover_has_hex;
}

guint
wb_map_view_get_frame_count (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->frame_count;
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
  return self->build_cancellable != NULL || self->overview_cancellable != NULL;
}

gboolean
wb_map_view_get_frame_complete (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->last_frame_exact;
}

guint
wb_map_view_get_stale_builds (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), 0);
  return self->stale_builds;
}

gboolean
wb_map_view_get_editing (WbMapView *self)
{
  g_return_val_if_fail (WB_IS_MAP_VIEW (self), FALSE);
  return self->editing;
}

void
wb_map_view_set_editing (WbMapView *self,
                         gboolean   editing)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  editing = !!editing;
  if (editing == self->editing)
    return;

  self->editing = editing;
  if (!editing)
    self->space_down = FALSE;
  if (!self->drag_pans)
    reset_cursor (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING]);
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

  if (!rect_intersect (area, &(Rect) { image->x, image->y, image->w, image->h }, &patch))
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

void
wb_map_view_set_hover_radius (WbMapView *self,
                              int        radius)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  radius = CLAMP (radius, 0, 8);
  if (radius == self->hover_radius)
    return;

  self->hover_radius = radius;
  if (self->hover_has_hex)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
wb_map_view_set_rubber_band (WbMapView *self,
                             gboolean   show,
                             double     x0,
                             double     y0,
                             double     x1,
                             double     y1)
{
  g_return_if_fail (WB_IS_MAP_VIEW (self));

  if (!show && !self->has_rubber_band)
    return;

  self->has_rubber_band = show;
  self->rubber_band[0] = x0;
  self->rubber_band[1] = y0;
  self->rubber_band[2] = x1;
  self->rubber_band[3] = y1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
