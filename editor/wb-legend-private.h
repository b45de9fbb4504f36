/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internal to the Map Legend window: wb-legend-editor.c (the window, its
 * records, actions and refresh), wb-legend-list.c (the two lists and their
 * swatches), wb-legend-form.c (the form for the selected type and its
 * edits), wb-legend-move.c (the form's movement cost grid and "Cancels"
 * checklist) and wb-legend-replace.c (the repaint question a refused
 * terrain removal asks). */

#include "wb-legend-editor.h"

G_BEGIN_DECLS

/* One row of the movement cost grid: a unit class, or "*" for all. */
typedef struct {
  const char *klass;     /* interned */
  GtkWidget  *own;       /* check: the class has its own cost (NULL for "*") */
  GtkWidget  *spin;
  GtkWidget  *prohibited;
} MoveRow;

struct _WbLegendEditor
{
  GtkWindow    parent_instance;

  WbGame      *game;
  WbUndoStack *stack;
  gboolean     sel_feature;
  const char  *sel_id;       /* interned, or NULL */
  gboolean     updating;     /* the form is being filled from the model */
  char        *message;

  GtkWidget   *terrain_list;
  GtkWidget   *feature_list;
  GtkWidget   *remove_button;
  GtkWidget   *pages;        /* "empty" / "form" */
  GtkWidget   *preview;
  GtkWidget   *heading;
  GtkWidget   *usage_label;
  GtkWidget   *message_label;

  GtkWidget   *form;         /* GtkGrid */
  GtkWidget   *name_entry;
  GtkWidget   *where_label;
  GtkWidget   *color_button;
  GtkWidget   *pattern_dropdown;
  GtkWidget   *style_dropdown;
  GtkWidget   *width_spin;
  GtkWidget   *mode_dropdown;
  GtkWidget   *defense_spin;
  GtkWidget   *los_check;
  GtkWidget   *zoc_check;
  GtkWidget   *note_entry;
  GtkWidget   *roles_entry;
  GtkWidget   *move_grid;
  GArray      *move_rows;    /* MoveRow */
  char        *move_key;     /* the classes the grid was built for */
  GtkWidget   *negates_box;
  char        *negates_key;
  /* Form rows shown for one kind only: label and field. */
  GPtrArray   *terrain_only;
  GPtrArray   *feature_only;
};


/* The form's edits: a copy of the selected record, changed by the caller,
 * pushed as an edit. */
typedef struct {
  WbTerrainType *terrain;
  WbFeatureType *feature;
} LegendEdit;

/* wb-legend-editor.c */
WbTerrainType *_wb_legend_selected_terrain  (WbLegendEditor *self);
WbFeatureType *_wb_legend_selected_feature  (WbLegendEditor *self);
void           _wb_legend_set_message       (WbLegendEditor *self,
                                             const char     *message);
gboolean       _wb_legend_push              (WbLegendEditor *self,
                                             WbCommand      *command);
void           _wb_legend_refresh           (WbLegendEditor *self);

/* wb-legend-list.c */
GtkWidget     *_wb_legend_swatch_new        (WbLegendEditor *self,
                                             const char     *id,
                                             gboolean        feature,
                                             int             width,
                                             int             height);
const char    *_wb_legend_where_text        (WbFeatureWhere  where);
GHashTable    *_wb_legend_count_terrain     (WbGame         *game);
char          *_wb_legend_terrain_usage     (guint           n);
char          *_wb_legend_feature_usage     (WbGame         *game,
                                             WbFeatureType  *f);
void           _wb_legend_sync_list         (WbLegendEditor *self,
                                             GtkWidget      *list,
                                             gboolean        feature,
                                             GPtrArray      *records,
                                             GHashTable     *terrain_counts);
GtkWidget     *_wb_legend_list_section      (WbLegendEditor *self,
                                             const char     *title,
                                             GtkWidget     **list,
                                             const char     *list_name,
                                             GtkWidget      *buttons);

/* wb-legend-form.c */
gboolean       _wb_legend_edit_begin        (WbLegendEditor *self,
                                             LegendEdit     *edit);
gboolean       _wb_legend_edit_end          (WbLegendEditor *self,
                                             LegendEdit     *edit,
                                             const char     *merge_key);
void           _wb_legend_edit_discard      (LegendEdit     *edit);
void           _wb_legend_set_spin          (GtkWidget      *spin,
                                             double          value);
void           _wb_legend_set_check         (GtkWidget      *check,
                                             gboolean        active);
void           _wb_legend_fill_form         (WbLegendEditor *self);
GtkWidget     *_wb_legend_form_new          (WbLegendEditor *self);

/* wb-legend-move.c */
void           _wb_legend_fill_move_grid    (WbLegendEditor *self,
                                             GArray         *move);
void           _wb_legend_fill_negates      (WbLegendEditor *self,
                                             WbFeatureType  *f);

/* wb-legend-replace.c */
void           _wb_legend_ask_replacement   (WbLegendEditor *self,
                                             WbTerrainType  *t);

G_END_DECLS
