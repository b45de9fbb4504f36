/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-application.h"
#include "wb-drafts.h"
#include "wb-edit.h"
#include "wb-map-editor.h"
#include "wb-tool-palette.h"
#include "wb-window-private.h"

/* The window's part in drafts (ui/wb-drafts.c keeps the files). */

/* Drafts. The game is autosaved, some seconds after it first changes, to a
 * draft in the user's data folder; never to the game's file. Saving,
 * discarding the changes or undoing back to the saved state removes it, so
 * a draft left on disk at start-up means a crash. */

#define DEFAULT_AUTOSAVE_SECONDS 30

static guint
get_autosave_interval (WbWindow *self)
{
  const char *env = g_getenv ("WARBENCH_AUTOSAVE_SECONDS");

  if (env != NULL && *env)
    return (guint) MIN (g_ascii_strtoull (env, NULL, 10), 3600);
  if (self->settings != NULL)
    return g_settings_get_uint (self->settings, "autosave-interval");
  return DEFAULT_AUTOSAVE_SECONDS;
}

const char *
_wb_window_get_draft_id (WbWindow *self)
{
  if (self->draft_id == NULL)
    self->draft_id = wb_drafts_id_for_file (self->file);
  return self->draft_id;
}

void
_wb_window_cancel_autosave (WbWindow *self)
{
  g_clear_handle_id (&self->autosave_source, g_source_remove);
}

static void
write_draft (WbWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || !self->dirty)
    return;
  /* Not worth a dialog: the game itself is fine, and the next change
   * tries again. */
  if (!wb_drafts_write (_wb_window_get_draft_id (self), self->game, self->file, &error))
    g_warning ("Could not autosave a draft: %s", error->message);
}

static gboolean
autosave_cb (gpointer data)
{
  WbWindow *self = data;

  self->autosave_source = 0;
  write_draft (self);
  return G_SOURCE_REMOVE;
}

/* Coalesces changes: the first change after a write starts the timer and
 * the ones that follow ride along, so a long run of edits is still written
 * every interval rather than put off until the user pauses. */
void
_wb_window_schedule_autosave (WbWindow *self)
{
  guint interval;

  if (self->game == NULL || !self->dirty || self->autosave_source != 0)
    return;
  interval = get_autosave_interval (self);
  if (interval == 0)
    return;
  self->autosave_source = g_timeout_add_seconds (interval, autosave_cb, self);
  g_source_set_name_by_id (self->autosave_source, "[warbench] autosave");
}

/* The changes the draft kept are saved or dropped. */
void
_wb_window_delete_draft (WbWindow *self)
{
  _wb_window_cancel_autosave (self);
  if (self->draft_id != NULL)
    wb_drafts_delete (self->draft_id);
}
