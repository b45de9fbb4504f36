/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "wb-window-private.h"

/* The region selection's wiring: its outline in the map view, the modifier
 * keys of a Select Region drag, the system clipboard for copy, cut and
 * paste (a clip travels as JSON, under its own MIME type and as plain
 * text, so it can go between windows and through other programs), and the
 * Edit shortcuts while the focus is in the canvas area. */

#define CHUNK 65536

static const char * const paste_types[] = {
  WB_HEX_CLIP_MIME_TYPE, "text/plain;charset=utf-8", "text/plain", NULL
};

/* The selection's outline follows the editor, and a move drag offsets it. */
static void
on_region_changed (WbWindow *self)
{
  double dx, dy;

  if (wb_map_editor_get_region_move (self->editor, &dx, &dy))
    wb_map_view_set_region_offset (self->map_view, dx, dy);
  else
    {
      guint n;
      const WbOffset *hexes = wb_map_editor_get_region (self->editor, &n);

      wb_map_view_set_region (self->map_view, hexes, n);
    }
}

WbRegionMode
_wb_window_region_mode (WbWindow *self)
{
  GdkModifierType state = wb_map_view_get_drag_modifiers (self->map_view);

  if (state & GDK_CONTROL_MASK)
    return WB_REGION_REMOVE;
  if (state & GDK_SHIFT_MASK)
    return WB_REGION_ADD;
  return WB_REGION_REPLACE;
}

static void
on_clip_copied (WbWindow  *self,
                WbHexClip *clip)
{
  g_autofree char *json = wb_hex_clip_to_json (clip);
  gsize len = strlen (json);
  g_autoptr(GBytes) bytes = g_bytes_new_take (g_steal_pointer (&json), len);
  GdkContentProvider *providers[] = {
    gdk_content_provider_new_for_bytes (WB_HEX_CLIP_MIME_TYPE, bytes),
    gdk_content_provider_new_for_bytes ("text/plain;charset=utf-8", bytes),
    gdk_content_provider_new_for_bytes ("text/plain", bytes),
  };
  g_autoptr(GdkContentProvider) content =
    gdk_content_provider_new_union (providers, G_N_ELEMENTS (providers));

  gdk_clipboard_set_content (gtk_widget_get_clipboard (GTK_WIDGET (self)), content);
}

/* Paste reads the clipboard a chunk at a time, giving up past the clip
 * size limit. */
typedef struct
{
  WbWindow   *window;     /* a weak pointer */
  GByteArray *data;
  gboolean    has_anchor;
  WbOffset    anchor;
} PasteData;

static void
paste_data_free (PasteData *data)
{
  g_clear_weak_pointer (&data->window);
  g_byte_array_unref (data->data);
  g_free (data);
}

static void read_chunk (GInputStream *stream, PasteData *data);

static void
paste_now (PasteData *data)
{
  WbWindow *self = data->window;

  if (self != NULL)
    wb_map_editor_paste_text (self->editor, (const char *) data->data->data, data->data->len,
                              data->has_anchor ? &data->anchor : NULL);
}

static void
on_chunk_read (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  PasteData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result,
                                                              &error);

  if (bytes == NULL || data->window == NULL)
    {
      if (data->window != NULL)
        gtk_label_set_label (data->window->editor_label, error->message);
      paste_data_free (data);
      return;
    }
  if (g_bytes_get_size (bytes) == 0)
    {
      paste_now (data);
      paste_data_free (data);
      return;
    }
  g_byte_array_append (data->data, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  if (data->data->len > WB_HEX_CLIP_MAX_TEXT_LEN)
    {
      /* The editor turns this into the size message. */
      g_byte_array_set_size (data->data, WB_HEX_CLIP_MAX_TEXT_LEN + 1);
      paste_now (data);
      paste_data_free (data);
      return;
    }
  read_chunk (G_INPUT_STREAM (source), data);
}

static void
read_chunk (GInputStream *stream,
            PasteData    *data)
{
  g_input_stream_read_bytes_async (stream, CHUNK, G_PRIORITY_DEFAULT, NULL, on_chunk_read, data);
}

static void
on_clipboard_read (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  PasteData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) stream = gdk_clipboard_read_finish (GDK_CLIPBOARD (source), result,
                                                              NULL, &error);

  if (stream == NULL || data->window == NULL)
    {
      WbWindow *self = data->window;

      /* Nothing readable there: what was copied in this window, if any. */
      if (self != NULL && wb_map_editor_get_clip (self->editor) != NULL)
        wb_map_editor_paste (self->editor, wb_map_editor_get_clip (self->editor),
                             data->has_anchor ? &data->anchor : NULL);
      else if (self != NULL)
        gtk_label_set_label (self->editor_label, _("The clipboard holds no map region"));
      paste_data_free (data);
      return;
    }
  read_chunk (stream, data);
}

/* Paste goes where the pointer is over the map, else to the selection. */
static gboolean
on_paste_requested (WbWindow *self)
{
  PasteData *data = g_new0 (PasteData, 1);

  g_set_weak_pointer (&data->window, self);
  data->data = g_byte_array_new ();
  data->has_anchor = wb_map_view_get_hover_hex (self->map_view, &data->anchor);
  gdk_clipboard_read_async (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                            (const char **) paste_types, G_PRIORITY_DEFAULT, NULL,
                            on_clipboard_read, data);
  return TRUE;
}

static void
on_clipboard_changed (WbWindow     *self,
                      GdkClipboard *clipboard)
{
  GdkContentFormats *formats = gdk_clipboard_get_formats (clipboard);
  gboolean available = FALSE;

  for (guint i = 0; paste_types[i] != NULL; i++)
    available |= gdk_content_formats_contain_mime_type (formats, paste_types[i]);
  wb_map_editor_set_clipboard_available (self->editor, available);
}

void
_wb_window_clipboard_init (WbWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));
  static const struct { const char *trigger, *action; } shortcuts[] = {
    { "<Control>c", "editor.copy" },
    { "<Control>x", "editor.cut" },
    { "<Control>v", "editor.paste" },
    { "Delete", "editor.delete-region" },
    { "<Control>a", "editor.select-all" },
    /* Added after the tool shortcuts, so it is tried first (GTK runs a
     * widget's controllers newest first): Escape drops the selection, and
     * only with none (the action disabled) goes back to Select. */
    { "Escape", "editor.clear-region-selection" },
  };

  g_signal_connect_object (self->editor, "region-changed", G_CALLBACK (on_region_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "clip-copied", G_CALLBACK (on_clip_copied),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "paste-requested", G_CALLBACK (on_paste_requested),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (clipboard, "changed", G_CALLBACK (on_clipboard_changed),
                           self, G_CONNECT_SWAPPED);
  on_clipboard_changed (self, clipboard);

  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_shortcut_trigger_parse_string (shortcuts[i].trigger),
                        gtk_named_action_new (shortcuts[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self->canvas_box), controller);
}
