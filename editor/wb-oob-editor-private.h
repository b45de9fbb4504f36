/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internal to the OOB editor: wb-oob-editor.c (the tree, selection,
 * actions, drag and drop) and wb-oob-editor-form.c (the inspector). */

#include "wb-oob-editor.h"

G_BEGIN_DECLS

struct _WbOobEditor
{
  GtkWidget         parent_instance;

  WbGame           *game;
  WbUndoStack      *stack;
  const char       *side;          /* interned */

  /* Tree (the template's, wb-oob-editor.ui, but the models). */
  GtkWidget        *paned;
  GtkWidget        *side_swatch;
  GtkWidget        *side_label;
  GtkWidget        *search;
  GtkWidget        *list_view;
  GtkWidget        *scroller;
  GtkWidget        *empty_label;
  GListStore       *roots;
  GtkTreeListModel *tree;
  GtkMultiSelection *selection;
  gboolean          rebuilding;
  /* The game changed while the editor was off screen: the rows are built
   * when it maps or when they are asked for (opening a game does not pay
   * for a page nobody looks at). */
  gboolean          stale;

  /* Inspector (the template's, but the form). */
  GtkWidget        *inspector;     /* GtkScrolledWindow */
  GtkWidget        *form;          /* a GtkBox: the form of the selection, rebuilt per selection */
  GtkWidget        *hint;          /* in the form box: shown when nothing is selected */
  GtkWidget        *error_label;
  GHashTable       *fields;        /* field name → widget (borrowed) */
  char             *form_key;      /* what the form was built for */
  GPtrArray        *form_units;    /* WbUnit* (refs) the form edits */
  const char       *form_formation;
  gboolean          updating;      /* setting widgets from the model */
  gboolean          in_form_edit;  /* a form widget's handler is pushing */
  guint             form_idle;     /* a rebuild of the form, deferred out of that handler */
  GPtrArray        *pending;       /* text edits left in a field when the form changed */
  guint             pending_idle;
  guint             preview_draws;
};

/* wb-oob-editor.c */
gboolean  _wb_oob_editor_push           (WbOobEditor *self,
                                         WbCommand   *command);
void      _wb_oob_editor_show_error     (WbOobEditor *self,
                                         const char  *message);

void      _wb_oob_editor_refresh_form   (WbOobEditor *self);

/* wb-oob-editor-form.c */
/* Builds the form for the selection (or refreshes the values when it is
 * the same selection). */
void      _wb_oob_editor_form_update    (WbOobEditor *self,
                                         GPtrArray   *units,
                                         WbFormation *formation);
void      _wb_oob_editor_form_clear     (WbOobEditor *self);
char     *_wb_oob_strength_label        (const WbStrength *s);

G_END_DECLS
