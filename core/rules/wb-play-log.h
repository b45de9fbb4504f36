/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-play.h"

G_BEGIN_DECLS

/* The battle log of a playtest, exported (docs/rules-engine.md, "The battle
 * log"): the events from the start to the cursor, as text (one line per
 * event), a standalone HTML page (a table of turn, side and event) or JSON
 * ({"game", "scenario", "seed", "events": [{"entry", "turn", "side",
 * "text"}]}), narrowed by an optional filter. */

typedef enum {
  WB_LOG_FORMAT_TEXT,
  WB_LOG_FORMAT_HTML,
  WB_LOG_FORMAT_JSON,
} WbLogFormat;

/* Which events: turns @turn_min to @turn_max (0: no bound), the active side
 * @side (its index, or -1 for both), and @unit (NULL or "": any) found in the
 * text, ignoring case; as @viewer may read them (a side index: hidden
 * information is left out or read as the other sides read it; -1: all, the
 * designer's view). */
typedef struct {
  int         turn_min;
  int         turn_max;
  int         side;
  const char *unit;
  int         viewer;
} WbLogFilter;

#define WB_LOG_FILTER_INIT { 0, 0, -1, NULL, -1 }

gboolean     wb_log_filter_matches (const WbLogFilter *filter, const WbLogEvent *event);
/* What happened, without the "Turn 3 (May 5, 2 PM), Union: " the text
 * starts with (transfer full). */
char        *wb_play_log_event_body (WbPlay *play, const WbLogEvent *event);
/* The same of the text @viewer reads (wb_log_event_text_for), or NULL. */
char        *wb_play_log_event_body_for (WbPlay *play, const WbLogEvent *event, int viewer);
/* The usual file extension of @format: "txt", "html", "json". */
const char  *wb_log_format_extension (WbLogFormat format);

/* The log at the cursor in @format (transfer full). */
char        *wb_play_log_export    (WbPlay            *play,
                                    WbLogFormat        format,
                                    const WbLogFilter *filter);
/* The same written to @path, atomically (the old file or the new). */
gboolean     wb_play_log_save      (WbPlay            *play,
                                    const char        *path,
                                    WbLogFormat        format,
                                    const WbLogFilter *filter,
                                    GError           **error);

G_END_DECLS
