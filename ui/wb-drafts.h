/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "warbench-core.h"

G_BEGIN_DECLS

/* Drafts: autosaved copies of games with unsaved changes, kept in
 * g_get_user_data_dir()/APP_ID/drafts/ as <id>.warbench plus a sidecar
 * <id>.json (format version, original URI or null, title, time). They are
 * never written over the user's file. No widgets: testable without a
 * display. */

#define WB_DRAFTS_FORMAT_VERSION 1

typedef struct {
  char      *id;
  char      *path;    /* the draft game file */
  char      *uri;     /* the original file's URI, or NULL for an unsaved game */
  char      *title;   /* the game's title, or NULL */
  GDateTime *time;    /* when the draft was written */
} WbDraftInfo;

void         wb_draft_info_free      (WbDraftInfo  *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbDraftInfo, wb_draft_info_free)

char        *wb_drafts_get_dir       (void);
/* A stable id for @file (a hash of its URI), or a new random id when @file
 * is NULL (a game that was never saved). */
char        *wb_drafts_id_for_file   (GFile        *file);
char        *wb_drafts_get_path      (const char   *id);
/* Writes @game as draft @id (atomically), with its sidecar naming @file. */
gboolean     wb_drafts_write         (const char   *id,
                                      WbGame       *game,
                                      GFile        *file,
                                      GError      **error);
/* Every draft on disk, oldest first (WbDraftInfo). A draft whose sidecar is
 * missing or unreadable is still listed, with no URI or title. */
GPtrArray   *wb_drafts_list          (void);
gboolean     wb_drafts_exists        (const char   *id);
/* Removes draft @id and its sidecar; a missing draft is not an error. */
void         wb_drafts_delete        (const char   *id);

G_END_DECLS
