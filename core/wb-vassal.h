/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-game.h"

G_BEGIN_DECLS

/* The VASSAL module the export writes claims this version of VASSAL, so
 * that 3.6 and every later release open it without a version warning. */
#define WB_VASSAL_VERSION "3.6.0"

/* Where the export puts a map's board and pieces: board pixels per map
 * point (the board image is the map drawn at this scale, from its origin),
 * unless the map is so large that the image would pass the side limit. */
#define WB_VASSAL_BOARD_SCALE     2.0
#define WB_VASSAL_BOARD_MAX_SIDE  8000

/* Writes @game as a VASSAL module (a .vmod, a ZIP archive) at @path,
 * replaced atomically: each map as a board with VASSAL's hex grid and
 * numbering (or a region per location), each unit and chit as a piece in
 * the piece palette, one predefined set-up per scenario, the tables as
 * charts, a turn track and dice buttons. What VASSAL cannot express (an
 * oblique hex numbering, a unit set up in two places…) is described in
 * @warnings (char*, may be NULL) and the module is written all the same;
 * see docs/vassal-export.md. FALSE with @error when the module cannot be
 * written (@path names the file). Synchronous (a second or two for the
 * bundled games: every face, chart and board is drawn); it holds the
 * game's read lock meanwhile, so a worker thread may run it. */
gboolean  wb_vassal_export (WbGame      *game,
                            const char  *path,
                            GPtrArray   *warnings,
                            GError     **error);

G_END_DECLS
