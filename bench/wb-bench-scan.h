/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes DIR/scan-WxH.png (a noisy RGB scan of WIDTH × HEIGHT pixels, kept
 * when it is there already) and DIR/scan-WxH.warbench (a hex map of
 * HEX_SIZE-point hexes covering it, the scan its background at opacity
 * 0.7); returns the game file's path. */
char *wb_bench_make_scan (const char *dir,
                          int         width,
                          int         height,
                          double      hex_size,
                          GError    **error);

G_END_DECLS
