/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by the VASSAL export's sources: wb-vassal.c (the module: boards,
 * pieces, charts, dice), wb-vassal-encode.c (VASSAL's string encodings and
 * the piece traits) and wb-vassal-setup.c (the predefined set-ups). */

#include "wb-game.h"
#include "wb-zip.h"

G_BEGIN_DECLS

#define ESC '\033'
/* Java's KeyStroke modifiers for Ctrl (CTRL_MASK | CTRL_DOWN_MASK), as
 * VASSAL writes a Ctrl+key named key stroke: "keyCode,modifiers". */
#define CTRL "130"
#define KEY_FLIP    "70," CTRL   /* Ctrl+F */
#define KEY_STEP    "83," CTRL   /* Ctrl+S */
#define KEY_RECOVER "82," CTRL   /* Ctrl+R */
#define OFFBOARD_COLUMNS 4
#define OFFBOARD "Off-board"
#define SQRT3 1.7320508075688772

/* VASSAL's SequenceEncoder (VASSAL/tools/SequenceEncoder.java): items
 * joined by a delimiter; a delimiter inside an item is escaped with a
 * backslash, and an item that ends with a backslash or is wrapped in
 * single quotes is wrapped in single quotes once more, so the decoder
 * gives back exactly the item. */
typedef struct {
  GString *s;
  char     delim;
  gboolean started;
} SeqEnc;

typedef struct {
  char *name;
  int   x, y;
} Region;

typedef struct {
  WbMap          *map;
  char           *name;        /* the VASSAL Map's mapName, unique */
  char           *board;       /* its one Board's name */
  char           *image;       /* the board image in images/ */
  double          scale;       /* board pixels per map point */
  int             width, height;
  /* Hex maps: HexGrid's parameters (VASSAL's frame: swapped when sideways). */
  gboolean        hex;
  WbHexLayout     layout;
  WbHexNumbering  numbering;
  gboolean        sideways, stagger, numbered;
  double          dx, dy;
  int             x0, y0;
  /* Point maps: a Region per location, by location id. */
  GHashTable     *regions;     /* id → Region* (borrowed from region_list) */
  GPtrArray      *region_list; /* Region* */
} MapOut;

typedef struct {
  WbUnit  *unit;
  char    *type;               /* the piece's type (trait stack) */
  char    *gpid;
  guint    n_steps;
  int      step;               /* the level the set-up shows, 1-based */
} PieceDef;

typedef struct {
  WbGame       *game;
  GPtrArray    *warnings;
  WbZipWriter  *zip;
  char         *tmpdir;
  GPtrArray    *maps;          /* MapOut* */
  GHashTable   *pieces;        /* unit id → PieceDef* */
  GPtrArray    *piece_list;    /* PieceDef*, in unit order */
  GPtrArray    *chit_slots;    /* char*: PieceSlot texts of chits */
  GPtrArray    *chit_names;    /* char* */
  GPtrArray    *chit_gpids;    /* char* */
  int           next_gpid;
  int           counter_px;
  /* The off-board window: boxes and reinforcements, as regions. */
  GPtrArray    *offboard;      /* Region* */
  int           offboard_cell_w, offboard_cell_h;
} Export;

/* wb-vassal.c */
void        _wb_vassal_warn               (Export        *ex,
                                           const char    *format,
                                           ...) G_GNUC_PRINTF (2, 3);
char       *_wb_vassal_safe_name          (const char    *s);
gboolean    _wb_vassal_add_entry          (Export        *ex,
                                           const char    *name,
                                           const void    *data,
                                           gsize          len,
                                           gboolean       compress,
                                           GError       **error);
gboolean    _wb_vassal_map_place_position (MapOut        *m,
                                           const WbPlace *place,
                                           int           *x,
                                           int           *y);
char       *_wb_vassal_unit_state         (const PieceDef *d,
                                           const char    *map,
                                           int            x,
                                           int            y);

/* wb-vassal-encode.c */
void        _wb_vassal_se_init            (SeqEnc        *se,
                                           char           delim);
void        _wb_vassal_se_append          (SeqEnc        *se,
                                           const char    *item);
void        _wb_vassal_se_append_int      (SeqEnc        *se,
                                           gint64         v);
char       *_wb_vassal_se_finish          (SeqEnc        *se);
char       *_wb_vassal_nest               (const char * const *parts,
                                           guint          n);
char       *_wb_vassal_add_piece_command  (const char    *id,
                                           const char    *type,
                                           const char    *state);
void        _wb_vassal_xml_open           (GString       *x,
                                           int            depth,
                                           gboolean       empty,
                                           const char    *element,
                                           ...) G_GNUC_NULL_TERMINATED;
void        _wb_vassal_xml_close          (GString       *x,
                                           int            depth,
                                           const char    *element);
void        _wb_vassal_xml_text_element   (GString       *x,
                                           int            depth,
                                           const char    *element,
                                           const char    *text);
char       *_wb_vassal_fmt_int            (gint64         v);
char       *_wb_vassal_fmt_double         (double         v);
char       *_wb_vassal_layer_type         (const char    *activate_command,
                                           const char    *activate_key,
                                           const char    *up_command,
                                           const char    *up_key,
                                           const char    *down_command,
                                           const char    *down_key,
                                           const char * const *images,
                                           guint          n_images,
                                           gboolean       loop,
                                           const char    *name,
                                           gboolean       always_active,
                                           const char    *activate_stroke,
                                           const char    *up_stroke,
                                           const char    *down_stroke);
char       *_wb_vassal_basic_piece_type   (const char    *image,
                                           const char    *name);
char       *_wb_vassal_marker_type        (void);
char       *_wb_vassal_marker_state       (const char    *id,
                                           const char    *side);
char       *_wb_vassal_basic_piece_state  (const char    *map,
                                           int            x,
                                           int            y,
                                           const char    *gpid);
char       *_wb_vassal_obfuscate          (const char    *text,
                                           guint8         key);

/* wb-vassal-setup.c */
/* A turn's label, or "Turn N" for one without. */
char       *_wb_vassal_turn_label         (WbTurn        *turn,
                                           guint          index);
const char *_wb_vassal_game_title         (Export        *ex);
char       *_wb_vassal_metadata_xml       (Export        *ex,
                                           const char    *description,
                                           const char    *name);
/* Where every scenario's units start: a GArray of placements per
 * scenario (all placed before any is written: the off-board window must
 * know every region first). */
GPtrArray  *_wb_vassal_place_all          (Export        *ex);
gboolean    _wb_vassal_write_setup        (Export        *ex,
                                           WbScenario    *scenario,
                                           guint          index,
                                           GArray        *placed,
                                           GString       *x,
                                           GError       **error);

G_END_DECLS
