/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define WB_TYPE_APPLICATION (wb_application_get_type ())
G_DECLARE_FINAL_TYPE (WbApplication, wb_application, WB, APPLICATION, AdwApplication)

WbApplication *wb_application_new                (void);
/* The app's settings, or NULL when the schema is not installed (tests,
 * running uninstalled without GSETTINGS_SCHEMA_DIR). */
GSettings     *wb_application_get_settings       (WbApplication *self);
/* The bundled default game: $WARBENCH_DATADIR/games, then the source tree's
 * data/games (running uninstalled), then PKGDATADIR/games. NULL if none. */
GFile         *wb_application_find_default_game  (void);
/* Whether @file is one of the bundled sample games (never overwritten by Save). */
gboolean       wb_application_is_sample_game     (GFile *file);
/* The user guide: "help:warbench", or "help:warbench/PAGE" for one of its
 * pages (a Mallard page id: letters, digits, dashes). */
char          *wb_application_help_uri           (const char *page);
gboolean       wb_application_help_page_is_valid (const char *page);
/* Opens the guide (or @page of it) in the desktop's help viewer, over the
 * active window; says so in a dialog when no viewer could show it. */
void           wb_application_show_help          (WbApplication *self,
                                                  const char    *page);

G_END_DECLS
