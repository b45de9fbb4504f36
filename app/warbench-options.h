/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The command line of the application, `warbench`: what app/warbench.c
 * gives its GApplication and what warbench-cli writes warbench(1) from
 * (warbench-cli --man warbench), so the page cannot drift from it. No GTK
 * here: warbench-cli links it without the UI.
 */

/* The application's own options (g_application_add_main_option_entries:
 * no arg_data, each read in handle-local-options). */
extern const GOptionEntry warbench_options[];

/* The options GApplication adds by itself to an application that is
 * neither a service nor a launcher (GLib 2.74, gio/gapplication.c), which
 * warbench(1) lists beside ours; test-man checks the page against
 * `warbench --help-all`. Documentation only: never parsed from here. */
extern const GOptionEntry warbench_gapplication_options[];

/* The files warbench opens from its command line, by pattern: what each
 * opens as. NULL-terminated on pattern. */
typedef struct {
  const char *pattern;
  const char *text;
} WarbenchOperand;

extern const WarbenchOperand warbench_operands[];

G_END_DECLS
