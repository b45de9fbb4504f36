/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "warbench-core.h"
#include "rules/wb-play.h"
#include "wb-map-editor.h"
#include "wb-map-view.h"
#include "wb-play-controller.h"
#include "wb-play-auto.h"
#include "wb-balance-window.h"
#include "wb-print-dialog.h"
#include "wb-sidebar.h"

G_BEGIN_DECLS

#define WB_TYPE_WINDOW (wb_window_get_type ())
G_DECLARE_FINAL_TYPE (WbWindow, wb_window, WB, WINDOW, AdwApplicationWindow)

/* @application may be NULL (tests). */
WbWindow   *wb_window_new           (GtkApplication *application);

/* Loads @file in a worker thread and shows it; a failure is reported in a
 * dialog and leaves what the window showed before. Watch notify::loading. */
void        wb_window_open          (WbWindow       *self,
                                     GFile          *file);
gboolean    wb_window_get_loading   (WbWindow       *self);
/* Shows @game, which was loaded from (or will be saved to) @file (may be
 * NULL: Save then asks where). */
void        wb_window_set_game      (WbWindow       *self,
                                     WbGame         *game,
                                     GFile          *file);
WbGame     *wb_window_get_game      (WbWindow       *self);
GFile      *wb_window_get_file      (WbWindow       *self);

/* Whether the game has changes that are not saved. WbGame::changed sets it,
 * saving clears it; closing a dirty window asks first. */
gboolean    wb_window_get_dirty     (WbWindow       *self);
void        wb_window_set_dirty     (WbWindow       *self,
                                     gboolean        dirty);

/* Shows @game, recovered from the draft @draft_id, as unsaved changes to
 * @file (NULL for a game never saved): Save writes @file and removes the
 * draft. */
void        wb_window_restore_draft (WbWindow       *self,
                                     WbGame         *game,
                                     GFile          *file,
                                     const char     *draft_id);
/* The id of the open game's draft (see wb-drafts.h), or NULL without a game. */
const char *wb_window_get_draft_id  (WbWindow       *self);

WbMapView  *wb_window_get_map_view  (WbWindow       *self);
WbSidebar  *wb_window_get_sidebar   (WbWindow       *self);
/* The open game's undo stack (NULL without a game), the map editor and its
 * tool palette. */
WbUndoStack *wb_window_get_undo_stack (WbWindow     *self);
WbMapEditor *wb_window_get_map_editor (WbWindow     *self);
GtkWidget  *wb_window_get_tool_palette (WbWindow    *self);
/* The inspector pane (a WbInspector) right of the canvas. */
GtkWidget  *wb_window_get_inspector (WbWindow      *self);
/* The order-of-battle editor (a WbOobEditor) and whether it is shown in
 * place of the map. */
GtkWidget  *wb_window_get_oob_editor (WbWindow     *self);
gboolean    wb_window_get_oob_shown  (WbWindow     *self);
/* The chit pane (WbChitEditor), and whether it is shown instead of the map. */
GtkWidget  *wb_window_get_chit_editor  (WbWindow   *self);
gboolean    wb_window_get_chits_shown  (WbWindow   *self);
/* The table editor (WbTableEditor), and whether it is shown instead of the map. */
GtkWidget  *wb_window_get_table_editor (WbWindow   *self);
gboolean    wb_window_get_table_shown  (WbWindow   *self);

/* Play mode: a playtest of the window's game on the canvas (the map view
 * shows its state; clicks play it). wb_window_play enters it with @play;
 * wb_window_open_playtest reads a .warbench-play: of this game, it plays
 * here — but when the game has been edited since and the playtest carries
 * it as it was, a dialog asks which to replay with (TRUE returned, the
 * answer opens it); of another game, or with no game open, it opens with
 * the playtest's own game (the file it names, or the game it carries) in
 * this window when it has no game, else in a new one. */
void        wb_window_play             (WbWindow   *self,
                                        WbPlay     *play);
gboolean    wb_window_open_playtest    (WbWindow   *self,
                                        GFile      *file,
                                        GError    **error);
gboolean    wb_window_get_playing      (WbWindow   *self);
WbPlay     *wb_window_get_play         (WbWindow   *self);
/* What clicks on the map mean in play (NULL when not playing). */
WbPlayController *wb_window_get_play_controller (WbWindow *self);
/* The balance lab's window while it is open, else NULL. */
WbBalanceWindow *wb_window_get_balance_lab (WbWindow *self);
/* The automatic player of solo play (NULL when not playing). */
WbPlayAuto *wb_window_get_play_auto    (WbWindow   *self);

/* The order of battle as CSV (wb-window-csv.c): export writes the file
 * atomically; import reads it and presents the import preview, which
 * applies it as one undo step (NULL, with @error set, if the file cannot
 * be read). */
gboolean     wb_window_export_oob   (WbWindow   *self,
                                     GFile      *file,
                                     GError    **error);
GtkWindow   *wb_window_import_oob   (WbWindow   *self,
                                     GFile      *file,
                                     GError    **error);

/* Table charts (wb-window-tables.c): export to a .pdf, .svg or .png file
 * (PNG at 2 pixels per point); print through GtkPrintOperation with its
 * dialog and preview, or, with @export_pdf set, straight to that PDF. */
gboolean     wb_window_export_table (WbWindow   *self,
                                     WbTable    *table,
                                     GFile      *file,
                                     GError    **error);
gboolean     wb_window_print_table  (WbWindow   *self,
                                     WbTable    *table,
                                     const char *export_pdf,
                                     GError    **error);

/* Opens (or brings up) the Print and Export dialog on @what; NULL without
 * a game. */
WbPrintDialog *wb_window_open_print_dialog (WbWindow    *self,
                                            WbPrintWhat  what);
/* Writes the game as a VASSAL module at @file in the background; a message
 * says when it is done (and what VASSAL could not hold). FALSE when no
 * export started (no game, one already running, not a local file). */
gboolean       wb_window_export_vassal     (WbWindow    *self,
                                            GFile       *file);
/* The same for the shown map as a Tiled map, and the shown scenario (or
 * the first) as a game file of its own. */
gboolean       wb_window_export_tmx        (WbWindow    *self,
                                            GFile       *file);
gboolean       wb_window_export_scenario   (WbWindow    *self,
                                            GFile       *file);
/* Imports scenario @scenario_id (NULL: the first) of the game file @file
 * into the window's game as one undoable edit, under a free id; FALSE with
 * every clash in @error's message, nothing changed. */
gboolean       wb_window_import_scenario   (WbWindow    *self,
                                            GFile       *file,
                                            const char  *scenario_id,
                                            GError     **error);

G_END_DECLS
