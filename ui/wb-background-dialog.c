/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-background-dialog"
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "wb-background-dialog.h"
#include "wb-edit.h"
#include "wb-window-background.h"

/* The Background Scan dialog. It keeps no state of its own: the widgets
 * show the map's WbMapBackground (refreshed on WbMap::changed, so undo
 * and redo show), and every change of a widget pushes a command. */

struct _WbBackgroundDialog
{
  AdwWindow             parent_instance;

  /* Template children. */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  AdwActionRow         *image_row;
  GtkSpinner           *spinner;
  GtkWidget            *remove_button;
  GtkWidget            *choose_button;
  AdwActionRow         *show_row;
  GtkSwitch            *show_switch;
  AdwActionRow         *opacity_row;
  GtkScale             *opacity_scale;
  GtkWidget            *placement_group;
  GtkSpinButton        *x_spin;
  GtkSpinButton        *y_spin;
  GtkSpinButton        *scale_spin;
  GtkSpinButton        *rotation_spin;
  GtkWidget            *calibration_group;
  AdwEntryRow          *first_hex_row;
  AdwEntryRow          *second_hex_row;
  AdwComboRow          *first_location_row;
  AdwComboRow          *second_location_row;
  GtkWidget            *calibrate_button;

  WbWindow             *window;       /* weak */
  WbGame               *game;
  WbMap                *map;
  WbUndoStack          *stack;
  GCancellable         *load_cancellable;
  GtkFileChooserNative *chooser;
  char                 *message;
  gboolean              syncing;

  /* A calibration under way: the two map points and their names, and the
   * scan's pixel clicked for the first. */
  double                target_x[2], target_y[2];
  char                 *target_name[2];
  double                image_x, image_y;
};

G_DEFINE_FINAL_TYPE (WbBackgroundDialog, wb_background_dialog, ADW_TYPE_WINDOW)

enum { PROP_0, PROP_LOADING, N_PROPS };

static GParamSpec *properties[N_PROPS];

static void
show_message (WbBackgroundDialog *self,
              const char         *message)
{
  AdwToast *toast = adw_toast_new (message);

  g_free (self->message);
  self->message = g_strdup (message);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static gboolean
push (WbBackgroundDialog *self,
      WbCommand          *command)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) error = NULL;

  if (self->stack == NULL)
    return FALSE;
  if (!wb_edit_push (self->game, self->stack, owned, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

/* Model → widgets. */

static void
update_actions (WbBackgroundDialog *self)
{
  const WbMapBackground *bg = wb_map_get_background (self->map);
  gboolean loading = self->load_cancellable != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "background.choose", !loading);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "background.remove", bg != NULL && !loading);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "background.calibrate",
                                 bg != NULL && !bg->hidden && wb_map_get_background_scan (self->map) != NULL);
}

static void
sync_widgets (WbBackgroundDialog *self)
{
  const WbMapBackground *bg = wb_map_get_background (self->map);
  g_autofree char *subtitle = NULL;

  self->syncing = TRUE;
  if (bg == NULL)
    subtitle = g_strdup (_("None"));
  else if (wb_map_get_background_scan (self->map) == NULL)
    /* Translators: %s is the scan's path as the game file holds it */
    subtitle = g_strdup_printf (_("%s (not found or not readable)"), bg->image);
  else
    /* Translators: the scan's path, then its size in pixels */
    subtitle = g_strdup_printf (_("%s · %d × %d pixels"), bg->image,
                                wb_scan_get_width (bg->scan),
                                wb_scan_get_height (bg->scan));
  adw_action_row_set_subtitle (self->image_row, subtitle);

  gtk_widget_set_sensitive (GTK_WIDGET (self->show_row), bg != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->opacity_row), bg != NULL);
  gtk_widget_set_sensitive (self->placement_group, bg != NULL);
  gtk_widget_set_sensitive (self->calibration_group, bg != NULL);
  gtk_switch_set_active (self->show_switch, bg != NULL && !bg->hidden);
  gtk_range_set_value (GTK_RANGE (self->opacity_scale), bg != NULL ? bg->opacity * 100 : 50);
  gtk_spin_button_set_value (self->x_spin, bg != NULL ? bg->x : 0);
  gtk_spin_button_set_value (self->y_spin, bg != NULL ? bg->y : 0);
  gtk_spin_button_set_value (self->scale_spin, bg != NULL ? bg->scale : 1);
  gtk_spin_button_set_value (self->rotation_spin, bg != NULL ? bg->rotation : 0);
  self->syncing = FALSE;
  update_actions (self);
}

/* Widgets → commands. */

/* Whether the value a spin button shows says something else than @model:
 * a spin button rounds to its digits when it loses the focus, and that
 * rounding must not move a calibrated scan. */
static gboolean
spin_differs (GtkSpinButton *spin,
              double         model)
{
  double value = gtk_spin_button_get_value (spin);

  return fabs (value - model) >= 0.5 * pow (10, -(double) gtk_spin_button_get_digits (spin));
}

static void
on_show_changed (WbBackgroundDialog *self)
{
  const WbMapBackground *bg = wb_map_get_background (self->map);
  gboolean hidden = !gtk_switch_get_active (self->show_switch);

  if (self->syncing || bg == NULL || bg->hidden == hidden)
    return;
  if (!push (self, wb_command_set_background_property_new (self->map, WB_BACKGROUND_HIDDEN,
                                                           hidden, 0)))
    sync_widgets (self);
}

static void
on_opacity_changed (WbBackgroundDialog *self)
{
  double opacity = gtk_range_get_value (GTK_RANGE (self->opacity_scale)) / 100.0;
  const WbMapBackground *bg = wb_map_get_background (self->map);

  if (self->syncing || bg == NULL || bg->opacity == opacity)
    return;
  /* The commands merge: a drag of the slider is one undo step. */
  if (!push (self, wb_command_set_background_property_new (self->map, WB_BACKGROUND_OPACITY,
                                                           opacity, 0)))
    sync_widgets (self);
}

static void
on_offset_changed (WbBackgroundDialog *self)
{
  double x = gtk_spin_button_get_value (self->x_spin);
  double y = gtk_spin_button_get_value (self->y_spin);
  const WbMapBackground *bg = wb_map_get_background (self->map);

  if (self->syncing || bg == NULL ||
      (!spin_differs (self->x_spin, bg->x) && !spin_differs (self->y_spin, bg->y)))
    return;
  /* The coordinate that did not change keeps its exact value. */
  if (!spin_differs (self->x_spin, bg->x))
    x = bg->x;
  if (!spin_differs (self->y_spin, bg->y))
    y = bg->y;
  if (!push (self, wb_command_set_background_property_new (self->map, WB_BACKGROUND_OFFSET, x, y)))
    sync_widgets (self);
}

static void
on_scale_changed (WbBackgroundDialog *self)
{
  double scale = gtk_spin_button_get_value (self->scale_spin);
  const WbMapBackground *bg = wb_map_get_background (self->map);

  if (self->syncing || bg == NULL || !spin_differs (self->scale_spin, bg->scale))
    return;
  if (!push (self, wb_command_set_background_property_new (self->map, WB_BACKGROUND_SCALE,
                                                           scale, 0)))
    sync_widgets (self);
}

static void
on_rotation_changed (WbBackgroundDialog *self)
{
  double rotation = gtk_spin_button_get_value (self->rotation_spin);
  const WbMapBackground *bg = wb_map_get_background (self->map);

  if (self->syncing || bg == NULL || !spin_differs (self->rotation_spin, bg->rotation))
    return;
  if (!push (self, wb_command_set_background_property_new (self->map, WB_BACKGROUND_ROTATION,
                                                           rotation, 0)))
    sync_widgets (self);
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbBackgroundDialog *self = WB_BACKGROUND_DIALOG (widget);

  if (wb_map_get_background (self->map) != NULL)
    push (self, wb_command_clear_background_new (self->map));
}

/* Loading a scan. */

typedef struct {
  char            *path;      /* the PNG that is used */
  WbScan          *scan;
} Loaded;

static void
loaded_free (Loaded *loaded)
{
  g_free (loaded->path);
  g_clear_pointer (&loaded->scan, wb_scan_unref);
  g_free (loaded);
}

/* A PNG beside @jpeg that does not exist yet: scan.jpg → scan.png,
 * scan-2.png… */
static char *
png_name_for (const char *jpeg)
{
  g_autofree char *dir = g_path_get_dirname (jpeg);
  g_autofree char *base = g_path_get_basename (jpeg);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  for (int i = 1; i < 1000; i++)
    {
      g_autofree char *name = i == 1 ? g_strdup_printf ("%s.png", base)
                                     : g_strdup_printf ("%s-%d.png", base, i);
      char *path = g_build_filename (dir, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
  return NULL;
}

/* The file format holds PNG scans: a JPEG is written as a PNG once. Its
 * size is checked before it is decoded. */
static char *
convert_jpeg (const char  *path,
              GError     **error)
{
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autofree char *png = NULL;
  int w = 0, h = 0;

  if (gdk_pixbuf_get_file_info (path, &w, &h) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is not an image Warbench can read"), path);
      return NULL;
    }
  if (w <= 0 || h <= 0 || w > WB_BACKGROUND_MAX_SIDE || h > WB_BACKGROUND_MAX_SIDE ||
      (gint64) w * h > WB_BACKGROUND_MAX_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is %u × %u pixels (expected at most %d a side and %d million in all)"),
                   path, (guint) w, (guint) h, WB_BACKGROUND_MAX_SIDE,
                   WB_BACKGROUND_MAX_PIXELS / 1000000);
      return NULL;
    }
  pixbuf = gdk_pixbuf_new_from_file (path, error);
  if (pixbuf == NULL)
    return NULL;
  png = png_name_for (path);
  if (png == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("No free name for a PNG copy of %s"), path);
      return NULL;
    }
  if (!gdk_pixbuf_save (pixbuf, png, "png", error, NULL))
    return NULL;
  return g_steal_pointer (&png);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const char *path = task_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *png = NULL;
  guint8 head[4] = { 0 };
  GStatBuf st;
  Loaded *loaded;
  FILE *f;

  /* Only a regular file: opening a FIFO would wait for a writer forever. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                               _("%s is not a regular file (expected a PNG or JPEG image)"),
                               path);
      return;
    }
  /* What the file is, from its first bytes rather than its name. */
  f = fopen (path, "rb");
  if (f == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("Cannot open %s: %s"), path, g_strerror (errno));
      return;
    }
  if (fread (head, 1, sizeof head, f) != sizeof head)
    memset (head, 0, sizeof head);
  fclose (f);

  if (head[0] == 0xff && head[1] == 0xd8 && head[2] == 0xff)
    {
      png = convert_jpeg (path, &error);
      if (png == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
    }
  else if (memcmp (head, "\x89PNG", 4) == 0)
    png = g_strdup (path);
  else
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("%s is not a PNG or JPEG image"), path);
      return;
    }

  loaded = g_new0 (Loaded, 1);
  loaded->scan = wb_map_background_load_image (png, &error);
  if (loaded->scan == NULL)
    {
      loaded_free (loaded);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  loaded->path = g_steal_pointer (&png);
  g_task_return_pointer (task, loaded, (GDestroyNotify) loaded_free);
}

static void
load_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  WbBackgroundDialog *self = WB_BACKGROUND_DIALOG (object);
  g_autoptr(GError) error = NULL;
  Loaded *loaded = g_task_propagate_pointer (G_TASK (result), &error);
  GFile *game_file;
  g_autofree char *base_dir = NULL;
  g_autofree char *stored = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->load_cancellable);
  gtk_spinner_set_spinning (self->spinner, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);

  if (loaded == NULL)
    {
      show_message (self, error->message);
      update_actions (self);
      return;
    }

  /* The file format wants the path relative to the game file. */
  game_file = self->window != NULL ? wb_window_get_file (self->window) : NULL;
  if (game_file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (game_file);

      base_dir = parent != NULL ? g_file_get_path (parent) : NULL;
    }
  stored = wb_map_background_relative_path (loaded->path, base_dir);
  push (self, wb_command_set_background_new (self->map, stored, loaded->scan));
  loaded_free (loaded);
  update_actions (self);
}

void
wb_background_dialog_set_image_file (WbBackgroundDialog *self,
                                     GFile              *file)
{
  g_autoptr(GTask) task = NULL;
  char *path;

  g_return_if_fail (WB_IS_BACKGROUND_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      show_message (self, _("The scan must be a local file"));
      return;
    }
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_set_spinning (self->spinner, TRUE);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);

  task = g_task_new (self, self->load_cancellable, load_done, NULL);
  g_task_set_task_data (task, path, g_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, load_thread);
}

static void
on_chooser_response (WbBackgroundDialog *self,
                     int                 response)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (self->chooser));

      if (file != NULL)
        wb_background_dialog_set_image_file (self, file);
    }
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbBackgroundDialog *self = WB_BACKGROUND_DIALOG (widget);
  GtkFileFilter *filter;
  GFile *game_file;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }
  self->chooser = gtk_file_chooser_native_new (_("Choose a Scan"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);

  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Images (PNG, JPEG)"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/jpeg");
  gtk_file_filter_add_suffix (filter, "png");
  gtk_file_filter_add_suffix (filter, "jpg");
  gtk_file_filter_add_suffix (filter, "jpeg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_unref (filter);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("PNG Images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_suffix (filter, "png");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_unref (filter);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("JPEG Images (converted to PNG)"));
  gtk_file_filter_add_mime_type (filter, "image/jpeg");
  gtk_file_filter_add_suffix (filter, "jpg");
  gtk_file_filter_add_suffix (filter, "jpeg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_unref (filter);

  /* Start beside the game file: that is where relative paths point. */
  game_file = self->window != NULL ? wb_window_get_file (self->window) : NULL;
  if (game_file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (game_file);

      if (parent != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), parent, NULL);
    }
  g_signal_connect_swapped (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Two-point calibration. */

/* The scan's pixel under map point (@mx, @my): the inverse of the
 * placement the renderer draws with. */
static void
map_to_image (const WbMapBackground *bg,
              double                 mx,
              double                 my,
              double                *ix,
              double                *iy)
{
  double t = bg->rotation * G_PI / 180.0;
  double dx = mx - bg->x, dy = my - bg->y;

  *ix = (cos (t) * dx + sin (t) * dy) / bg->scale;
  *iy = (-sin (t) * dx + cos (t) * dy) / bg->scale;
}

/* The map point and name of calibration place @which (0 or 1). */
static gboolean
read_target (WbBackgroundDialog *self,
             guint               which)
{
  g_clear_pointer (&self->target_name[which], g_free);

  if (WB_IS_HEX_MAP (self->map))
    {
      WbHexMap *map = WB_HEX_MAP (self->map);
      AdwEntryRow *row = which == 0 ? self->first_hex_row : self->second_hex_row;
      g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
      WbOffset hex;

      g_autoptr(GError) error = NULL;

      if (!wb_hex_map_parse_typed_hex (map, text, &hex, &error) || !wb_hex_map_contains (map, hex))
        {
          g_autofree char *msg = NULL;
          char example[WB_HEX_NUMBER_MAX_LEN];
          WbOffset corner = { 0, 0 };

          wb_hex_map_format_hex (map, corner, example, sizeof example);
          if (error != NULL)
            msg = g_strdup (error->message);
          else
            /* Translators: "“4099” is not a hex of this map (a number such as 0101)" */
            msg = g_strdup_printf (_("“%s” is not a hex of this map (a number such as %s)"),
                                   text, example);
          show_message (self, msg);
          gtk_widget_grab_focus (GTK_WIDGET (row));
          return FALSE;
        }
      wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), hex,
                     &self->target_x[which], &self->target_y[which]);
      /* Translators: a hex to click, "hex 0101" */
      self->target_name[which] = g_strdup_printf (_("hex %s"), text);
    }
  else
    {
      GPtrArray *locations = wb_point_map_get_locations (WB_POINT_MAP (self->map));
      AdwComboRow *row = which == 0 ? self->first_location_row : self->second_location_row;
      guint i = adw_combo_row_get_selected (row);
      WbLocation *loc;

      if (i == GTK_INVALID_LIST_POSITION || i >= locations->len)
        {
          show_message (self, _("Choose two locations of the map"));
          return FALSE;
        }
      loc = g_ptr_array_index (locations, i);
      self->target_x[which] = loc->x;
      self->target_y[which] = loc->y;
      self->target_name[which] = g_strdup (loc->name != NULL ? loc->name : loc->id);
    }
  return TRUE;
}

static void pick_second (WbWindow *window, gboolean picked, double x, double y, gpointer data);

static void
end_calibration (WbBackgroundDialog *self)
{
  if (self->window != NULL)
    gtk_window_present (GTK_WINDOW (self));
}

static char *
pick_hint (WbBackgroundDialog *self,
           guint               which)
{
  /* Translators: a hint in the status bar; %s is "hex 0101" or a location's
   * name */
  return g_strdup_printf (WB_IS_HEX_MAP (self->map)
                          ? _("Click the centre of %s on the scan · Escape cancels")
                          : _("Click %s on the scan · Escape cancels"),
                          self->target_name[which]);
}

static void
pick_first (WbWindow *window,
            gboolean  picked,
            double    x,
            double    y,
            gpointer  data)
{
  WbBackgroundDialog *self = data;
  const WbMapBackground *bg = self->map != NULL ? wb_map_get_background (self->map) : NULL;
  g_autofree char *hint = NULL;

  if (!picked || bg == NULL || wb_map_get_background_scan (self->map) == NULL)
    {
      end_calibration (self);
      return;
    }
  map_to_image (bg, x, y, &self->image_x, &self->image_y);
  hint = pick_hint (self, 1);
  wb_window_pick_point (window, hint, pick_second, g_object_ref (self), g_object_unref);
}

static void
pick_second (WbWindow *window,
             gboolean  picked,
             double    x,
             double    y,
             gpointer  data)
{
  WbBackgroundDialog *self = data;
  const WbMapBackground *bg = self->map != NULL ? wb_map_get_background (self->map) : NULL;
  WbMapBackground placed;
  double ix, iy;

  if (!picked || bg == NULL || wb_map_get_background_scan (self->map) == NULL)
    {
      end_calibration (self);
      return;
    }
  map_to_image (bg, x, y, &ix, &iy);
  placed = *bg;
  if (hypot (ix - self->image_x, iy - self->image_y) < 1.0 ||
      !wb_map_background_calibrate (&placed,
                                    self->image_x, self->image_y,
                                    self->target_x[0], self->target_y[0],
                                    ix, iy, self->target_x[1], self->target_y[1]))
    show_message (self, _("The two clicks were on the same spot of the scan: nothing was changed"));
  else if (push (self, wb_command_place_background_new (self->map, placed.x, placed.y,
                                                        placed.scale, placed.rotation)))
    {
      g_autofree char *msg = NULL;

      /* Translators: after a calibration; a scale (map points per pixel)
       * and an angle in degrees */
      msg = g_strdup_printf (_("Calibrated: %.4g points a pixel, %.2f°"),
                             placed.scale, placed.rotation);
      show_message (self, msg);
    }
  end_calibration (self);
}

static void
calibrate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  WbBackgroundDialog *self = WB_BACKGROUND_DIALOG (widget);
  const WbMapBackground *bg = wb_map_get_background (self->map);
  g_autofree char *hint = NULL;

  if (self->window == NULL || bg == NULL)
    return;
  if (bg->hidden || wb_map_get_background_scan (self->map) == NULL)
    {
      show_message (self, _("Show a readable scan to calibrate it"));
      return;
    }
  if (wb_map_view_get_map (wb_window_get_map_view (self->window)) != self->map)
    {
      show_message (self, _("Show this map in the window to calibrate its scan"));
      return;
    }
  if (!read_target (self, 0) || !read_target (self, 1))
    return;
  if (hypot (self->target_x[1] - self->target_x[0], self->target_y[1] - self->target_y[0]) < 1e-6)
    {
      show_message (self, _("Choose two different places"));
      return;
    }

  /* Out of the way while the user clicks on the map (an entry that keeps
   * the focus in a hidden window would miss its focus-out). */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  hint = pick_hint (self, 0);
  wb_window_pick_point (self->window, hint, pick_first, g_object_ref (self), g_object_unref);
}

/* Set-up. */

static void
fill_targets (WbBackgroundDialog *self)
{
  gboolean hex = WB_IS_HEX_MAP (self->map);

  gtk_widget_set_visible (GTK_WIDGET (self->first_hex_row), hex);
  gtk_widget_set_visible (GTK_WIDGET (self->second_hex_row), hex);
  gtk_widget_set_visible (GTK_WIDGET (self->first_location_row), !hex);
  gtk_widget_set_visible (GTK_WIDGET (self->second_location_row), !hex);

  if (hex)
    {
      WbHexMap *map = WB_HEX_MAP (self->map);
      WbOffset first = { 0, 0 };
      WbOffset last = { wb_hex_map_get_cols (map) - 1, wb_hex_map_get_rows (map) - 1 };
      char buf[16];

      /* Opposite corners: the farther apart, the better the fit. */
      wb_hex_map_format_hex (map, first, buf, sizeof buf);
      gtk_editable_set_text (GTK_EDITABLE (self->first_hex_row), buf);
      wb_hex_map_format_hex (map, last, buf, sizeof buf);
      gtk_editable_set_text (GTK_EDITABLE (self->second_hex_row), buf);
    }
  else
    {
      GPtrArray *locations = wb_point_map_get_locations (WB_POINT_MAP (self->map));
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

      for (guint i = 0; i < locations->len; i++)
        {
          WbLocation *loc = g_ptr_array_index (locations, i);

          gtk_string_list_append (names, loc->name != NULL ? loc->name : loc->id);
        }
      adw_combo_row_set_model (self->first_location_row, G_LIST_MODEL (names));
      adw_combo_row_set_model (self->second_location_row, G_LIST_MODEL (names));
      if (locations->len > 1)
        adw_combo_row_set_selected (self->second_location_row, locations->len - 1);
    }
}

static void
on_window_game_changed (WbBackgroundDialog *self)
{
  /* The map belongs to a game the window no longer shows. */
  if (self->window == NULL || wb_window_get_game (self->window) != self->game)
    gtk_window_destroy (GTK_WINDOW (self));
}

WbBackgroundDialog *
wb_background_dialog_new (WbWindow *window)
{
  WbBackgroundDialog *self;

  g_return_val_if_fail (WB_IS_WINDOW (window), NULL);
  g_return_val_if_fail (wb_map_view_get_map (wb_window_get_map_view (window)) != NULL, NULL);

  self = g_object_new (WB_TYPE_BACKGROUND_DIALOG, "transient-for", window, NULL);
  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  self->game = g_object_ref (wb_window_get_game (window));
  self->map = g_object_ref (wb_map_view_get_map (wb_window_get_map_view (window)));
  self->stack = g_object_ref (wb_window_get_undo_stack (window));
  adw_window_title_set_subtitle (self->window_title, wb_map_get_name (self->map));

  g_signal_connect_object (self->map, "changed", G_CALLBACK (sync_widgets), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "notify::game", G_CALLBACK (on_window_game_changed), self,
                           G_CONNECT_SWAPPED);
  fill_targets (self);
  sync_widgets (self);
  return self;
}

WbMap *
wb_background_dialog_get_map (WbBackgroundDialog *self)
{
  g_return_val_if_fail (WB_IS_BACKGROUND_DIALOG (self), NULL);
  return self->map;
}

gboolean
wb_background_dialog_get_loading (WbBackgroundDialog *self)
{
  g_return_val_if_fail (WB_IS_BACKGROUND_DIALOG (self), FALSE);
  return self->load_cancellable != NULL;
}

const char *
wb_background_dialog_get_message (WbBackgroundDialog *self)
{
  g_return_val_if_fail (WB_IS_BACKGROUND_DIALOG (self), NULL);
  return self->message;
}

static void
wb_background_dialog_dispose (GObject *object)
{
  WbBackgroundDialog *self = WB_BACKGROUND_DIALOG (object);

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  if (self->window != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->window, self);
      g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
      self->window = NULL;
    }
  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_BACKGROUND_DIALOG);
  g_clear_object (&self->stack);
  g_clear_object (&self->map);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_background_dialog_parent_class)->dispose (object);
}

static void
wb_background_dialog_finalize (GObject *object)
{
  WbBackgroundDialog *self = WB_BACKGROUND_DIALOG (object);

  g_free (self->message);
  g_free (self->target_name[0]);
  g_free (self->target_name[1]);
  G_OBJECT_CLASS (wb_background_dialog_parent_class)->finalize (object);
}

static void
wb_background_dialog_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  WbBackgroundDialog *self = WB_BACKGROUND_DIALOG (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, self->load_cancellable != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_background_dialog_class_init (WbBackgroundDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_background_dialog_dispose;
  object_class->finalize = wb_background_dialog_finalize;
  object_class->get_property = wb_background_dialog_get_property;

  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/wb-background-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, image_row);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, remove_button);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, choose_button);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, show_row);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, show_switch);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, opacity_row);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, opacity_scale);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, placement_group);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, x_spin);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, y_spin);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, scale_spin);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, rotation_spin);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, calibration_group);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, first_hex_row);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, second_hex_row);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, first_location_row);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, second_location_row);
  gtk_widget_class_bind_template_child (widget_class, WbBackgroundDialog, calibrate_button);
  gtk_widget_class_bind_template_callback (widget_class, on_show_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_opacity_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_offset_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_scale_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_rotation_changed);

  gtk_widget_class_install_action (widget_class, "background.choose", NULL, choose_action);
  gtk_widget_class_install_action (widget_class, "background.remove", NULL, remove_action);
  gtk_widget_class_install_action (widget_class, "background.calibrate", NULL, calibrate_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_background_dialog_init (WbBackgroundDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
