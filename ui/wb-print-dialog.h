/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

/* What the Print and Export dialog lays out (core/wb-print.h). */
typedef enum {
  WB_PRINT_WHAT_KIT,
  WB_PRINT_WHAT_MAP,
  WB_PRINT_WHAT_COUNTERS,
  WB_PRINT_WHAT_SETUP_CARDS,
  WB_PRINT_WHAT_OOB_CARDS,
  WB_PRINT_WHAT_TURN_TRACK,
  WB_PRINT_WHAT_PLAYER_AID,
  WB_PRINT_WHAT_RULES_SUMMARY,
  WB_PRINT_WHAT_N,
} WbPrintWhat;

#define WB_TYPE_PRINT_DIALOG (wb_print_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WbPrintDialog, wb_print_dialog, WB, PRINT_DIALOG, GtkWindow)

/* A dialog over @parent for @game's printed pages: choose what, the paper,
 * the scenario, the map's scale and the counter sheets' layout; Print…
 * (GtkPrintOperation, with its preview) or Export PDF… (written in the
 * background with a progress bar and Cancel). */
WbPrintDialog *wb_print_dialog_new           (GtkWindow     *parent,
                                              WbGame        *game,
                                              WbPrintWhat    what);
void           wb_print_dialog_set_what      (WbPrintDialog *self,
                                              WbPrintWhat    what);
void           wb_print_dialog_set_paper     (WbPrintDialog *self,
                                              const char    *paper);
/* The pages the current choices lay out (0 when they cannot). */
guint          wb_print_dialog_get_n_pages   (WbPrintDialog *self);
/* Writes the PDF in the background; the dialog shows progress and Cancel.
 * wb_print_dialog_is_busy () until it ends. */
void           wb_print_dialog_export        (WbPrintDialog *self,
                                              GFile         *file);
gboolean       wb_print_dialog_is_busy       (WbPrintDialog *self);
void           wb_print_dialog_cancel        (WbPrintDialog *self);
/* The last export's outcome: NULL while none ended; else "" on success or
 * the error message. */
const char    *wb_print_dialog_get_result    (WbPrintDialog *self);
/* Runs the print operation exporting to @pdf (the pages the printer would
 * get: tests), or with GTK's print dialog when @pdf is NULL. */
gboolean       wb_print_dialog_print         (WbPrintDialog *self,
                                              const char    *pdf,
                                              GError       **error);

G_END_DECLS
