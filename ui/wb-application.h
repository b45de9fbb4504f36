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

G_END_DECLS
