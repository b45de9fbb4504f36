/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-command.h"
#include "wb-game.h"
#include "wb-hex-map.h"

G_BEGIN_DECLS

/* Regions of a hex map: a clip (the content of a set of hexes, for copy
 * and paste) and the commands that paste, clear and move a region. */

/* What a clip may hold, so a clip read from the clipboard stays small. */
#define WB_HEX_CLIP_MAX_HEXES    (WB_HEX_MAP_MAX_DIM * WB_HEX_MAP_MAX_DIM)
#define WB_HEX_CLIP_MAX_TEXT_LEN ((gsize) 64 * 1024 * 1024)
#define WB_HEX_CLIP_MAX_FEATURES 32
#define WB_HEX_CLIP_MAX_LABEL    1024
#define WB_HEX_CLIP_MIME_TYPE    "application/x-warbench-hex-clip"

/**
 * WbHexClip:
 *
 * The content of a set of hexes — terrain, elevation, label, hex features
 * and the features of the hexsides whose two hexes are both in the set —
 * with each hex kept as its axial step from an anchor hex. Pasting adds
 * those steps to the axial coordinates of another anchor, so the shape and
 * every neighbour relation survive on any column (row) parity of a
 * staggered layout. Immutable once made; reference counted.
 */
typedef struct _WbHexClip WbHexClip;

/* Copies @hexes (off-map ones and repeats are skipped) relative to
 * @anchor. */
WbHexClip   *wb_hex_clip_new_from_map   (WbHexMap        *map,
                                         const WbOffset  *hexes,
                                         guint            n_hexes,
                                         WbOffset         anchor);
WbHexClip   *wb_hex_clip_ref            (WbHexClip       *clip);
void         wb_hex_clip_unref          (WbHexClip       *clip);
guint        wb_hex_clip_get_n_hexes    (WbHexClip       *clip);
guint        wb_hex_clip_get_n_sides    (WbHexClip       *clip);
/* Where the clip was copied from (the anchor given to new_from_map). */
WbOffset     wb_hex_clip_get_anchor     (WbHexClip       *clip);
WbHexOrientation wb_hex_clip_get_orientation (WbHexClip  *clip);
/* The hexes the clip covers when its anchor is put at @anchor on a map of
 * @layout, in the clip's order (they may lie off the map). A new array of
 * WbOffset. */
GArray      *wb_hex_clip_place          (WbHexClip       *clip,
                                         WbHexLayout      layout,
                                         WbOffset         anchor);
/* Fails (WB_COMMAND_ERROR_NOT_FOUND) when the clip uses a terrain or a
 * feature @game does not define, or a feature where it cannot go. */
gboolean     wb_hex_clip_check_game     (WbHexClip       *clip,
                                         WbGame          *game,
                                         GError         **error);

/* The clipboard form: a small JSON text (see docs/file-format.md). */
char        *wb_hex_clip_to_json        (WbHexClip       *clip);
/* Parses @text (@len bytes, or -1 if NUL-terminated). Malformed or
 * oversized input fails with WB_FORMAT_ERROR and a message naming the JSON
 * path. */
WbHexClip   *wb_hex_clip_new_from_json  (const char      *text,
                                         gssize           len,
                                         GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbHexClip, wb_hex_clip_unref)

/* Region commands. Each records the hexes and hexsides it changes (their
 * terrain, level, label, features) when applied and puts exactly those
 * back on revert; emits WbMap::changed once per apply and revert. @game
 * (may be NULL) is used to check the ids a paste brings in. */

/* Pastes @clip with its anchor at @anchor: the covered hexes get the clip's
 * content (hexes off the map are skipped) and the hexsides between two of
 * them get the clip's hexside features (others there are removed).
 * Refused when nothing lands on the map or the game lacks an id. */
WbCommand   *wb_command_paste_region_new (WbGame         *game,
                                          WbHexMap       *map,
                                          WbHexClip      *clip,
                                          WbOffset        anchor);
/* Gives @hexes @terrain, level 0, no label and no features, and removes
 * the features of the hexsides between two of them. Marks are kept. */
WbCommand   *wb_command_clear_region_new (WbGame         *game,
                                          WbHexMap       *map,
                                          const WbOffset *hexes,
                                          guint           n_hexes,
                                          const char     *terrain);
/* Moves the content of @hexes so that hex @from lands on @to: the source
 * is cleared to @fill, then pasted at the destination (which may overlap
 * it); one step. The map's marks (objectives, set-up areas…) follow their
 * hexes; a hex moved off the map leaves its marks. */
WbCommand   *wb_command_move_region_new  (WbGame         *game,
                                          WbHexMap       *map,
                                          const WbOffset *hexes,
                                          guint           n_hexes,
                                          WbOffset        from,
                                          WbOffset        to,
                                          const char     *fill);

G_END_DECLS
