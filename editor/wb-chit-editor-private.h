/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internal to the chit pane: wb-chit-editor.c (the list, the chit's form,
 * the actions) and wb-chit-cup.c (a scenario's draw cup). */

#include "wb-chit-editor.h"

G_BEGIN_DECLS

struct _WbChitEditor
{
  GtkWidget      parent_instance;

  /* Template children (wb-chit-editor.ui). */
  GtkWidget     *box;
  GtkWidget     *list;           /* GtkListBox of the chits */
  GtkWidget     *pages;          /* GtkStack: "chit", "cup" */
  GtkWidget     *error_label;
  GtkWidget     *count_label;
  GtkWidget     *add_button;
  GtkWidget     *remove_button;
  GHashTable    *fields;         /* name → widget (borrowed) */

  WbGame        *game;
  WbUndoStack   *stack;
  const char    *selected;       /* interned chit id, or NULL */
  char          *list_shape;     /* the rows' sides and ids, to rebuild only when they change */
  gboolean       updating;       /* setting widgets from the model: no edits */
  gboolean       rebuilding;

  /* The chit's form. */
  GtkWidget     *form;           /* shown with a chit selected */
  GtkWidget     *empty;          /* shown without */
  GtkWidget     *preview;
  GtkWidget     *id_label;
  GtkWidget     *name_entry;
  GtkWidget     *side_dropdown;
  GtkWidget     *kind_dropdown;
  GtkWidget     *activation_box;
  GtkWidget     *level_dropdown;
  GtkWidget     *formation_dropdown;
  GtkWidget     *rating_entry;
  GtkWidget     *automatic_check;
  GtkWidget     *casualty_dropdown;
  GtkWidget     *event_box;
  GtkWidget     *play_dropdown;
  GtkWidget     *text_view;
  GtkWidget     *effect_label;
  GtkWidget     *wild_box;
  GtkWidget     *wild_dropdown;
  GtkWidget     *note_view;
  GtkWidget     *source_entry;
  GtkStringList *side_names;
  GPtrArray     *side_ids;       /* dropdown item → side id (NULL: both sides) */
  GtkStringList *formation_names;
  GPtrArray     *formation_ids;  /* item 0: none */
  GtkStringList *casualty_names;
  GPtrArray     *casualty_ids;   /* item 0: none */

  /* The draw cup (wb-chit-cup.c). */
  const char    *scenario;       /* interned scenario id, or NULL */
  GtkWidget     *scenario_dropdown;
  GtkStringList *scenario_names;
  GPtrArray     *scenario_ids;
  GtkWidget     *cup_slot;       /* the cup's widgets, shown as the cup is */
  GtkWidget     *cup_no_scenarios;
  GtkWidget     *cup_none;       /* the scenario has no cup */
  GtkWidget     *cup_none_label;
  GtkWidget     *cup_new_button;
  GtkWidget     *cup_box;        /* the scenario's cup */
  GtkWidget     *cup_counts;     /* GtkGrid: the titles, then a row per side */
  GtkWidget     *cup_per_division;
  GtkWidget     *cup_list;       /* GtkListBox: a row per chit */
  GtkWidget     *cup_no_chits;
  GtkWidget     *cup_adds;       /* GtkGrid: a row per added entry */
  GtkWidget     *cup_no_adds;
  GtkWidget     *cup_add_button;
  GtkWidget     *cup_remove_button;
  char          *cup_shape;      /* the rows are made again when it changes */
  GHashTable    *cup_fields;     /* name → widget of the cup's widgets (borrowed) */
};

/* Pushes @command (taken) on the stack; a refusal is shown in the message
 * line and the pane shows the model again. */
gboolean  _wb_chit_editor_push        (WbChitEditor *self,
                                       WbCommand    *command);
void      _wb_chit_editor_show_error  (WbChitEditor *self,
                                       const char   *message);
/* Draws @chit's face in a @size square at (0, 0). */
void      _wb_chit_draw_face          (cairo_t      *cr,
                                       WbGame       *game,
                                       const WbChit *chit,
                                       double        size);
GtkWidget *_wb_chit_face_new          (WbChitEditor *self,
                                       const char   *id,
                                       int           size);
/* Draws the selected chit in @area (the form's preview, from the template). */
void      _wb_chit_face_init_preview  (WbChitEditor *self,
                                       GtkWidget    *area);
/* A short description: "Division · CR ?", "Event · immediate", "Wild". */
char     *_wb_chit_summary            (const WbChit *chit);
/* The heading of a side's group of chits (NULL side: the Wild chits). */
const char *_wb_chit_group_name       (WbGame       *game,
                                       const char   *side);
/* The cup page: its template children and callbacks (class_init), its
 * state (init, after the template), updated from the model. */
void      _wb_chit_cup_class_init     (GtkWidgetClass *widget_class);
void      _wb_chit_cup_init           (WbChitEditor *self);
void      _wb_chit_cup_update         (WbChitEditor *self);
GtkWidget *_wb_chit_cup_get_field     (WbChitEditor *self,
                                       const char   *name);

G_END_DECLS
