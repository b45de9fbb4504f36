/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui"

#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sys/wait.h>
#include <unistd.h>

#include "wb-application.h"
#include "wb-drafts.h"
#include "wb-new-game-dialog.h"
#include "wb-tool-palette.h"
#include "wb-window.h"

#include "gui-common.h"
const char *test_game;   /* WARBENCH_TEST_GAME, or NULL */
const char *test_data;   /* WARBENCH_TEST_DATA, or NULL */

/* Xvfb on the CI machines refuses about one connection in a hundred
 * (xcb sees EAGAIN from connect: a full listen backlog). Retry briefly
 * instead of failing a test at random; gtk_init () then uses this display. */
gboolean
open_display_with_retries (void)
{
  for (int attempt = 0; attempt < 50; attempt++)
    {
      GdkDisplay *display = gdk_display_open (NULL);

      if (display != NULL)
        {
          gdk_display_manager_set_default_display (gdk_display_manager_get (), display);
          return TRUE;
        }
      g_usleep (20 * 1000);
    }
  return FALSE;
}

void
setup_gtk (void)
{
  open_display_with_retries ();
  gtk_init ();
  adw_init ();
}


/* Runs the main loop until @cond holds or @timeout_ms passes. */
gboolean
spin_until (Condition cond,
            gpointer  data,
            guint     timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
  return TRUE;
}

void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

gboolean
load_finished (gpointer data)
{
  return !wb_window_get_loading (data);
}

typedef struct {
  WbMapView *view;
  guint      frames;
} FrameWait;

gboolean
frame_moved (gpointer data)
{
  FrameWait *wait = data;

  return wb_map_view_get_frame_count (wait->view) > wait->frames;
}

void
wait_for_draw (WbMapView *view)
{
  FrameWait wait = { view, wb_map_view_get_frame_count (view) };

  gtk_widget_queue_draw (GTK_WIDGET (view));
  ck_assert_msg (spin_until (frame_moved, &wait, DRAW_TIMEOUT_MS),
                 "the map view did not draw");
}

gboolean
view_settled (gpointer data)
{
  WbMapView *view = data;

  if (wb_map_view_get_frame_complete (view) && !wb_map_view_get_rendering (view))
    return TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (view));
  return FALSE;
}

/* Waits until the background rebuilds are done and a frame showed the map
 * as it is at the current zoom. */
void
wait_until_settled (WbMapView *view)
{
  wait_for_draw (view);
  ck_assert_msg (spin_until (view_settled, view, LOAD_TIMEOUT_MS),
                 "the map view never showed a complete frame");
  /* A queued draw drops the widget's render node: have one on screen. */
  wait_for_draw (view);
  ck_assert (wb_map_view_get_frame_complete (view));
}

/* Takes a snapshot of @view now, without the main loop: what the next frame
 * would draw. */
void
snapshot_now (WbMapView *view)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  GTK_WIDGET_GET_CLASS (view)->snapshot (GTK_WIDGET (view), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_clear_pointer (&node, gsk_render_node_unref);
}

/* A presented window that has finished loading @path. */
WbWindow *
open_window (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WbWindow *window = wb_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  wb_window_open (window, file);
  ck_assert (wb_window_get_loading (window));
  ck_assert_msg (spin_until (load_finished, window, LOAD_TIMEOUT_MS), "loading did not finish");
  return window;
}

/* The Wilderness game, shown and drawn at least once. */
WbWindow *
open_test_game (void)
{
  WbWindow *window = open_window (test_game);
  WbMapView *view = wb_window_get_map_view (window);
  FrameWait wait = { view, 0 };

  ck_assert_msg (wb_window_get_game (window) != NULL, "the game did not load");
  ck_assert_msg (spin_until (frame_moved, &wait, DRAW_TIMEOUT_MS),
                 "the map view never drew");
  wait_until_settled (view);
  return window;
}

gboolean
is_toplevel (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (item == window)
        return TRUE;
    }
  return FALSE;
}

gboolean
window_gone (gpointer data)
{
  return !is_toplevel (data);
}

/* The message dialog shown over @window, if any. */
AdwMessageDialog *
find_dialog (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) &&
          gtk_window_get_transient_for (item) == window &&
          gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_MESSAGE_DIALOG (item);
    }
  return NULL;
}

gboolean
dialog_shown (gpointer data)
{
  return find_dialog (data) != NULL;
}

gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;

  return FALSE;
}

/* The first drop target in @widget's tree. */
GtkDropTarget *
find_drop_target (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkDropTarget *target = find_drop_target (child);

      if (target != NULL)
        return target;
    }

  return NULL;
}

/* The shortcuts of @widget's own shortcut controllers: its class's key
 * bindings and the controllers added to it (a new array of references). */
GPtrArray *
widget_shortcuts (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  GPtrArray *shortcuts = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_SHORTCUT_CONTROLLER (controller))
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
          g_ptr_array_add (shortcuts, g_list_model_get_item (G_LIST_MODEL (controller), j));
    }
  return shortcuts;
}

/* Renders @widget the way it appears on screen. */
GdkTexture *
render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  ck_assert (node != NULL);
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* How many pixels of @texture are within 2 of the colour @hex. */
void
save_shot (GtkWidget  *widget,
           const char *name,
           guint       settle_ms)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  if (settle_ms > 0)
    spin_for (settle_ms);
  texture = render_widget (widget);
  path = g_build_filename (dir, name, NULL);
  ck_assert (gdk_texture_save_to_png (texture, path));
}

guint
count_color (GdkTexture *texture,
             const char *hex)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  double r, g, b;
  int want[3];
  guint count = 0;

  ck_assert (wb_color_parse (hex, &r, &g, &b));
  want[0] = (int) round (r * 255);
  want[1] = (int) round (g * 255);
  want[2] = (int) round (b * 255);

  /* CAIRO_FORMAT_ARGB32 in native byte order: B, G, R, A on little-endian. */
  gdk_texture_download (texture, data, (gsize) width * 4);
  for (int i = 0; i < width * height; i++)
    {
      guint32 px = ((guint32 *) data)[i];
      int pr = (px >> 16) & 0xff, pg = (px >> 8) & 0xff, pb = px & 0xff;

      if (((px >> 24) & 0xff) == 0xff &&
          ABS (pr - want[0]) <= 2 && ABS (pg - want[1]) <= 2 && ABS (pb - want[2]) <= 2)
        count++;
    }

  return count;
}


void
hex_centre (WbHexMap *map,
            int       col,
            int       row,
            double   *x,
            double   *y)
{
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map),
                 (WbOffset) { col, row }, x, y);
}

void
canvas_drag (WbMapView *view,
             int        c0,
             int        r0,
             int        c1,
             int        r1)
{
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  double x0, y0, x1, y1;

  ck_assert (wb_map_view_get_editing (view));
  hex_centre (map, c0, r0, &x0, &y0);
  hex_centre (map, c1, r1, &x1, &y1);
  g_signal_emit_by_name (view, "edit-begin", x0, y0);
  for (int i = 1; i <= 8; i++)
    g_signal_emit_by_name (view, "edit-update", x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8);
  g_signal_emit_by_name (view, "edit-end", x1, y1);
}

/* Whether GTK can open a display, asked in a child so that this process
 * stays free of GTK for check's forks. */
static gboolean
have_display (void)
{
  pid_t pid;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    return FALSE;

  pid = fork ();
  if (pid < 0)
    return FALSE;
  if (pid == 0)
    _exit (open_display_with_retries () && gtk_init_check () ? 0 : 1);

  return waitpid (pid, &status, 0) == pid && WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

/* The main () of every GUI test program: skip (77) without a display, keep
 * user data in a temporary folder, read the test files' locations, run. */
int
gui_main (Suite *(*make_suite) (void))
{
  g_autofree char *data_home = NULL;
  SRunner *runner;
  int failed;

  if (!have_display ())
    {
      fprintf (stderr, "No display: skipping the GUI tests\n");
      return 77;
    }

  /* libadwaita would start xdg-desktop-portal on the test bus only to ask
   * for the colour scheme; its warnings drown the test log. */
  g_setenv ("ADW_DISABLE_PORTAL", "1", FALSE);

  /* Keep recent-files and other user data out of the real home. */
  data_home = g_dir_make_tmp ("warbench-gui-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  test_data = g_getenv ("WARBENCH_TEST_DATA");
  test_game = g_getenv ("WARBENCH_TEST_GAME");
  if (test_game != NULL && !g_file_test (test_game, G_FILE_TEST_IS_REGULAR))
    test_game = NULL;

  runner = srunner_create (make_suite ());
  srunner_run_all (runner, CK_ENV);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);

  /* The forked tests may have left GtkRecentManager's list here. */
  {
    g_autofree char *recent = g_build_filename (data_home, "recently-used.xbel", NULL);

    g_unlink (recent);
    g_rmdir (data_home);
  }

  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

GtkWidget *
find_named (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found = find_named (w, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
find_type (GtkWidget *root, GType type)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
        return w;
      if ((found = find_type (w, type)) != NULL)
        return found;
    }
  return NULL;
}

void
click_location (WbWindow *window, const char *id)
{
  WbMapView *view = wb_window_get_map_view (window);
  WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (wb_map_view_get_map (view)), id);

  ck_assert_msg (loc != NULL, "%s", id);
  g_signal_emit_by_name (view, "point-clicked", loc->x, loc->y);
}

void
select_unit (WbWindow *window, WbPlay *play, const char *unit)
{
  WbUnitState *u = wb_match_find_unit (wb_play_get_state (play), unit);
  WbPlayController *ctl = wb_window_get_play_controller (window);

  ck_assert_ptr_nonnull (u);
  ck_assert_int_eq (u->where.kind, WB_WHERE_LOCATION);
  for (int i = 0; i < 16; i++)
    {
      click_location (window, u->where.place);
      if (g_strcmp0 (wb_play_controller_get_selected (ctl), unit) == 0)
        return;
    }
  ck_abort_msg ("could not select %s in %s", unit, u->where.place);
}

gboolean
same_action (JsonObject *a, JsonObject *b)
{
  g_autoptr(JsonNode) na = json_node_init_object (json_node_alloc (), a);
  g_autoptr(JsonNode) nb = json_node_init_object (json_node_alloc (), b);

  return json_node_equal (na, nb);
}

void
assert_replay_matches (WbPlay *play)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbMatch) replayed = wb_play_replay (play, wb_journal_get_cursor (wb_play_get_journal (play)), NULL, &error);
  WbMatch *now = wb_play_get_state (play);

  ck_assert_msg (replayed != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (replayed->over, now->over);
  ck_assert_int_eq (replayed->turn, now->turn);
  ck_assert_int_eq (replayed->vp[0], now->vp[0]);
  ck_assert_int_eq (replayed->vp[1], now->vp[1]);
  ck_assert_uint_eq (replayed->units->len, now->units->len);
  for (guint i = 0; i < replayed->units->len; i++)
    {
      WbUnitState *r = &g_array_index (replayed->units, WbUnitState, i);
      WbUnitState *s = &g_array_index (now->units, WbUnitState, i);

      ck_assert_str_eq (r->id, s->id);
      ck_assert_int_eq (r->halves, s->halves);
      ck_assert_int_eq (r->where.kind, s->where.kind);
      ck_assert_str_eq (r->where.place != NULL ? r->where.place : "", s->where.place != NULL ? s->where.place : "");
    }
}

void
play_act_ok (WbPlay *play, const char *json)
{
  g_autoptr(JsonParser) p = json_parser_new ();
  g_autoptr(GError) error = NULL;

  ck_assert_msg (json_parser_load_from_data (p, json, -1, NULL), "bad JSON: %s", json);
  ck_assert_msg (wb_play_act (play, json_node_get_object (json_parser_get_root (p)), &error), "%s: %s", json,
                 error ? error->message : "");
}

gboolean
field_key (GtkWidget *entry, guint keyval, GdkModifierType state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (entry);
  GtkEventController *key = NULL;
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c) &&
          gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (c)) == GTK_PHASE_CAPTURE)
        {
          ck_assert_msg (key == NULL, "two capture key controllers on the field");
          key = GTK_EVENT_CONTROLLER (c);
        }
    }
  ck_assert_msg (key != NULL, "the field has no guard");
  g_signal_emit_by_name (key, "key-pressed", keyval, 0, state, &handled);
  return handled;
}

static void
field_focus (const FieldDrive *d, gboolean in)
{
  GtkWidget *entry = d->entry (d->data);

  if (in)
    ck_assert_msg (gtk_widget_grab_focus (entry), "the field takes no focus");
  else
    gtk_root_set_focus (gtk_widget_get_root (entry), NULL);
}

static void
field_type (const FieldDrive *d, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (d->entry (d->data)), text);
}

static void
assert_field (const FieldDrive *d, const char *shown, const char *model, guint n_undo, const char *when)
{
  g_autofree char *now = d->model (d->data);

  ck_assert_msg (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (d->entry (d->data))), shown) == 0,
                 "%s: the field shows “%s”, not “%s”", when,
                 gtk_editable_get_text (GTK_EDITABLE (d->entry (d->data))), shown);
  ck_assert_msg (g_strcmp0 (now, model) == 0, "%s: the model has “%s”, not “%s”", when, now, model);
  ck_assert_msg (wb_undo_stack_get_n_undo (d->stack) == n_undo, "%s: %u undo steps, not %u (%s)", when,
                 wb_undo_stack_get_n_undo (d->stack), n_undo,
                 wb_undo_stack_get_undo_label (d->stack) ? wb_undo_stack_get_undo_label (d->stack) : "");
}

static gboolean
field_shows_model (gpointer data)
{
  const FieldDrive *d = data;
  g_autofree char *model = d->model (d->data);

  return g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (d->entry (d->data))), model) == 0;
}

/* A pane may rebuild its rows on an idle after a change: wait for the
 * field to show the model (the assertions that follow say if it never does). */
static void
field_settle (const FieldDrive *d)
{
  spin_for (20);
  spin_until (field_shows_model, (gpointer) d, DRAW_TIMEOUT_MS);
}

static void
game_undo (const FieldDrive *d)
{
  ck_assert (gtk_widget_activate_action (d->undo_widget, d->undo_action, NULL));
  field_settle (d);
}

void
drive_text_field (const FieldDrive *d)
{
  g_autofree char *shown = g_strdup (gtk_editable_get_text (GTK_EDITABLE (d->entry (d->data))));
  g_autofree char *model = d->model (d->data);
  const char *good_model = d->good_model != NULL ? d->good_model : d->good;
  guint n = wb_undo_stack_get_n_undo (d->stack);

  ck_assert_str_ne (d->good, shown);

  /* Typed, then Ctrl+Z: the field is put back, the game untouched. */
  field_focus (d, TRUE);
  field_type (d, d->good);
  ck_assert_msg (field_key (d->entry (d->data), GDK_KEY_z, GDK_CONTROL_MASK), "Ctrl+Z went past a dirty field");
  assert_field (d, shown, model, n, "Ctrl+Z with typed text");
  /* Escape likewise; redo keys do nothing to typed text. */
  field_type (d, d->good);
  ck_assert (field_key (d->entry (d->data), GDK_KEY_Escape, 0));
  assert_field (d, shown, model, n, "Escape with typed text");
  field_type (d, d->good);
  ck_assert (field_key (d->entry (d->data), GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  ck_assert (field_key (d->entry (d->data), GDK_KEY_y, GDK_CONTROL_MASK));
  assert_field (d, d->good, model, n, "Ctrl+Shift+Z with typed text");

  /* Leaving the field commits it: one undoable edit. */
  field_focus (d, FALSE);
  field_settle (d);
  assert_field (d, good_model, good_model, n + 1, "leaving the field");

  /* Nothing uncommitted: Ctrl+Z is the game's, and the field follows. */
  field_focus (d, TRUE);
  ck_assert_msg (!field_key (d->entry (d->data), GDK_KEY_z, GDK_CONTROL_MASK), "a clean field kept Ctrl+Z");
  game_undo (d);   /* where the key goes on to */
  assert_field (d, shown, model, n, "the game's undo");
  field_type (d, "zzz");
  ck_assert (field_key (d->entry (d->data), GDK_KEY_z, GDK_CONTROL_MASK));
  assert_field (d, shown, model, n, "Ctrl+Z after the game's undo");

  /* Enter commits too, as one edit. */
  field_type (d, d->good);
  g_signal_emit_by_name (d->entry (d->data), "activate");
  field_settle (d);
  assert_field (d, good_model, good_model, n + 1, "Enter");
  game_undo (d);
  assert_field (d, shown, model, n, "undo after Enter");

  if (d->bad != NULL)
    {
      GtkWidget *entry;

      field_type (d, d->bad);
      g_signal_emit_by_name (d->entry (d->data), "activate");
      entry = d->entry (d->data);
      ck_assert_msg (gtk_widget_has_css_class (entry, "error"), "“%s” was not marked", d->bad);
      ck_assert (gtk_widget_get_tooltip_text (entry) != NULL && *gtk_widget_get_tooltip_text (entry) != '\0');
      {
        g_autofree char *now = d->model (d->data);

        ck_assert_msg (g_strcmp0 (now, model) == 0, "“%s” was saved as “%s”", d->bad, now);
      }
      ck_assert_uint_eq (wb_undo_stack_get_n_undo (d->stack), n);
      /* Leaving does not save it either; Escape puts the model's text back. */
      field_focus (d, FALSE);
      field_focus (d, TRUE);
      ck_assert_uint_eq (wb_undo_stack_get_n_undo (d->stack), n);
      field_key (d->entry (d->data), GDK_KEY_Escape, 0);
      assert_field (d, shown, model, n, "Escape after a refusal");
      ck_assert (!gtk_widget_has_css_class (d->entry (d->data), "error"));
    }
  field_focus (d, FALSE);
}

typedef struct
{
  GtkWidget *view;
  int        width, height;
  gint64     since;
} Still;

static gboolean
view_still (gpointer data)
{
  Still *still = data;
  int width = gtk_widget_get_width (still->view), height = gtk_widget_get_height (still->view);

  if (width != still->width || height != still->height)
    {
      still->width = width;
      still->height = height;
      still->since = g_get_monotonic_time ();
    }
  return width > 0 && g_get_monotonic_time () - still->since > 300 * 1000;
}

void
wait_layout_still (WbMapView *view)
{
  Still still = { GTK_WIDGET (view), -1, -1, 0 };

  ck_assert_msg (spin_until (view_still, &still, LOAD_TIMEOUT_MS), "the map view never kept its size");
}
