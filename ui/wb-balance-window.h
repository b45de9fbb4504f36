/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "warbench-core.h"
#include "rules/wb-balance.h"

G_BEGIN_DECLS

#define WB_TYPE_BALANCE_WINDOW (wb_balance_window_get_type ())
G_DECLARE_FINAL_TYPE (WbBalanceWindow, wb_balance_window, WB, BALANCE_WINDOW, AdwWindow)

/* The balance lab in the app (issue 19; Playtest ▸ Balance Lab…): a
 * scenario, its optional rules, the number of games and the first seed,
 * and a variant to compare — other optional rules or another game file —
 * played off the main thread (a copy of the game taken when Run is
 * pressed: editing on meanwhile changes nothing of the run), with a
 * progress bar and Cancel; then the plots (wins with their intervals, the
 * VP margin, VP by turn; the variant overlaid) and the report, exported
 * as PDF, SVG or PNG (the plots), CSV (a row a game) or JSON (the run). */
WbBalanceWindow *wb_balance_window_new        (GtkWindow *parent, WbGame *game, const char *game_path);

/* What the form holds (tests): the scenario id, the options on, the games,
 * the first seed; the variant: other options (NULL: no variant) or another
 * game file (NULL: none). */
void        wb_balance_window_set_run         (WbBalanceWindow *self, const char *scenario,
                                               const char * const *options, guint games, guint64 seed);
void        wb_balance_window_set_variant_options (WbBalanceWindow *self, const char * const *options);
gboolean    wb_balance_window_set_variant_file (WbBalanceWindow *self, const char *path, GError **error);
/* What Run and Cancel do. */
void        wb_balance_window_run             (WbBalanceWindow *self);
void        wb_balance_window_cancel          (WbBalanceWindow *self);
gboolean    wb_balance_window_is_running      (WbBalanceWindow *self);
/* The last run's result (borrowed; NULL before one ends): the run, and the
 * variant's when there was one. */
WbBalance  *wb_balance_window_get_result      (WbBalanceWindow *self, gboolean variant);
/* The line under the progress bar: what is being done, what was done, or
 * why it failed. */
const char *wb_balance_window_get_status      (WbBalanceWindow *self);
/* Writes the last result to @path by its extension: .pdf, .svg, .png (the
 * plots on one sheet), .csv (a row a game), .json (the run; with a
 * variant both runs and their comparison). */
gboolean    wb_balance_window_export          (WbBalanceWindow *self, const char *path, GError **error);

G_END_DECLS
