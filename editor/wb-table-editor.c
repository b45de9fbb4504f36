/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-table-editor"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-text-field.h"
#include "wb-table-editor.h"
#include "wb-table-analysis-view.h"
#include "wb-table-rules-editor.h"
#include "wb-edit.h"

/* The widgets are wb-table-editor.ui's; this file fills the grid and the
 * legend from the table and turns edits into commands. */

struct _WbTableEditor
{
  GtkWidget    parent_instance;

  WbGame      *game;
  WbUndoStack *stack;
  WbTable     *table;
  gulong       changed_id;

  /* Template children. */
  GtkWidget   *box;
  GtkWidget   *title;
  GtkWidget   *name, *dice, *source, *note;
  GtkWidget   *error;
  GtkWidget   *scroller;
  GtkWidget   *grid;
  GtkWidget   *legend;
  GtkWidget   *hpaned;                 /* the grid | the analysis */
  GtkWidget   *analysis;               /* WbTableAnalysis, right of the grid */
  GtkWidget   *rules;                  /* WbTableRulesEditor */

  gboolean     show_analysis;
  /* Where the divider was put for the grid's width, and the width it had
   * then; a divider found elsewhere was moved by the designer. */
  int          placed_at, placed_max;
  gboolean     placing;
  gconstpointer placed_table;          /* compared only */
  guint        placed_columns;

  int          cur_row, cur_col;       /* -1: headers */
  int          anchor_row, anchor_col;
  GtkWidget   *edit_entry;             /* the in-place entry, or NULL */
  int          edit_row, edit_col;
  gboolean     rebuilding;             /* focus leaving removed entries commits nothing */
};

G_DEFINE_FINAL_TYPE (WbTableEditor, wb_table_editor, GTK_TYPE_WIDGET)

enum { CLOSE_REQUESTED, N_SIGNALS };
static guint signals[N_SIGNALS];

enum { PROP_0, PROP_SHOW_ANALYSIS, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void rebuild (WbTableEditor *self);
static void place_analysis (WbTableEditor *self);

static guint
n_rows (WbTableEditor *self)
{
  return self->table != NULL ? wb_table_get_rows (self->table)->len : 0;
}

static guint
n_columns (WbTableEditor *self)
{
  return self->table != NULL ? wb_table_get_columns (self->table)->len : 0;
}

static void
show_error (WbTableEditor *self,
            const char    *message)
{
  if (self->box == NULL)   /* disposed */
    return;
  gtk_label_set_text (GTK_LABEL (self->error), message != NULL ? message : "");
  gtk_widget_set_visible (self->error, message != NULL && *message != '\0');
}

static gboolean
push (WbTableEditor *self,
      WbCommand     *command,
      GError       **error)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) local = NULL;

  if (self->game == NULL || self->stack == NULL)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("No table is open"));
      return FALSE;
    }
  if (!wb_edit_push (self->game, self->stack, owned, &local))
    {
      show_error (self, local->message);
      if (error != NULL)
        *error = g_steal_pointer (&local);
      return FALSE;
    }
  show_error (self, NULL);
  return TRUE;
}

/* --- cells ----------------------------------------------------------------- */

static const char *
cell_text (WbTableEditor *self, int row, int col)
{
  if (row < 0 && col < 0)
    switch (wb_table_get_kind (self->table))
      {
      case WB_TABLE_DICE_POOL:
        /* TRANSLATORS: the header over a dice pool's rows (strength points) */
        return C_("strength points", "SP");
      case WB_TABLE_CHART:
        return "";
      default:
        return wb_table_get_read (self->table) == WB_TABLE_READ_COLORED ? _("Colored die")
             : wb_table_get_read (self->table) == WB_TABLE_READ_WHITE ? _("White die") : _("Roll");
      }
  if (row < 0)
    return ((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (self->table), col))->label;
  if (col < 0)
    return ((WbTableRow *) g_ptr_array_index (wb_table_get_rows (self->table), row))->label;
  return g_ptr_array_index (((WbTableRow *) g_ptr_array_index (wb_table_get_rows (self->table),
                                                                row))->cells, col);
}

static GtkWidget *
cell_widget (WbTableEditor *self, int row, int col)
{
  return gtk_grid_get_child_at (GTK_GRID (self->grid), col + 1, row + 1);
}

static void
update_selection_classes (WbTableEditor *self)
{
  int r0 = MIN (self->cur_row, self->anchor_row), r1 = MAX (self->cur_row, self->anchor_row);
  int c0 = MIN (self->cur_col, self->anchor_col), c1 = MAX (self->cur_col, self->anchor_col);

  for (int r = -1; r < (int) n_rows (self); r++)
    for (int c = -1; c < (int) n_columns (self); c++)
      {
        GtkWidget *w = cell_widget (self, r, c);
        gboolean sel = r >= r0 && r <= r1 && c >= c0 && c <= c1 && (r >= 0 || c >= 0);

        if (w == NULL || !GTK_IS_BOX (w))
          continue;
        if (sel)
          gtk_widget_add_css_class (w, "selected");
        else
          gtk_widget_remove_css_class (w, "selected");
      }
}

static void
move_cursor_full (WbTableEditor *self, int row, int col, gboolean extend, gboolean grab)
{
  GtkWidget *w;

  if (self->table == NULL)
    return;
  row = CLAMP (row, -1, (int) n_rows (self) - 1);
  col = CLAMP (col, -1, (int) n_columns (self) - 1);
  if (row < 0 && col < 0)
    col = 0;
  self->cur_row = row;
  self->cur_col = col;
  if (!extend)
    {
      self->anchor_row = row;
      self->anchor_col = col;
    }
  update_selection_classes (self);
  w = cell_widget (self, row, col);
  if (w != NULL && self->edit_entry == NULL && grab)
    gtk_widget_grab_focus (w);
}

static void
move_cursor (WbTableEditor *self, int row, int col, gboolean extend)
{
  move_cursor_full (self, row, col, extend, TRUE);
}

static gboolean
parse_range (const char *text, double *lo, double *hi, gboolean *two)
{
  const char *p = text;
  char *end;

  while (*p == ' ')
    p++;
  if (*p == '+')
    p++;
  *lo = g_ascii_strtod (p, &end);
  if (end == p)
    return FALSE;
  p = end;
  *hi = *lo;
  *two = FALSE;
  if (*p == '-' || g_str_has_prefix (p, "–") || *p == ':')
    {
      const char *q = *p == '-' || *p == ':' ? p + 1 : p + strlen ("–");
      double v = g_ascii_strtod (q, &end);
      if (end != q)
        {
          *hi = v;
          *two = TRUE;
        }
    }
  return TRUE;
}

gboolean
wb_table_editor_commit_text (WbTableEditor *self,
                             int            row,
                             int            col,
                             const char    *text,
                             GError       **error)
{
  g_return_val_if_fail (WB_IS_TABLE_EDITOR (self), FALSE);

  if (self->table == NULL || row >= (int) n_rows (self) || col >= (int) n_columns (self) ||
      (row < 0 && col < 0))
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                           _("There is no such cell"));
      return FALSE;
    }
  if (g_strcmp0 (cell_text (self, row, col), text) == 0)
    return TRUE;
  if (row < 0)
    {
      WbTableColumn *c = g_ptr_array_index (wb_table_get_columns (self->table), col);
      double lo = c->lo, hi = c->hi;
      gboolean two;

      if (parse_range (text, &lo, &hi, &two) && !two && wb_table_get_kind (self->table) == WB_TABLE_ODDS)
        hi = 1;   /* "3" in an odds table: 3-1 */
      return push (self, wb_command_set_table_column_new (self->game, self->table, col, text,
                                                          lo, hi), error);
    }
  if (col < 0)
    {
      WbTableRow *r = g_ptr_array_index (wb_table_get_rows (self->table), row);
      double lo = r->lo, hi = r->hi;
      gboolean two;

      parse_range (text, &lo, &hi, &two);
      return push (self, wb_command_set_table_row_new (self->game, self->table, row, text,
                                                       (int) lo, (int) hi), error);
    }
  return push (self, wb_command_set_table_cell_new (self->game, self->table, row, col, text),
               error);
}

/* --- in-place editing ------------------------------------------------------ */

static void
finish_edit_full (WbTableEditor *self, gboolean keep, int drow, int dcol, gboolean grab)
{
  GtkWidget *entry = self->edit_entry;
  g_autofree char *text = NULL;
  int row = self->edit_row, col = self->edit_col;

  if (entry == NULL)
    return;
  self->edit_entry = NULL;
  text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry)));
  gtk_grid_remove (GTK_GRID (self->grid), entry);
  if (cell_widget (self, row, col) != NULL)
    gtk_widget_set_visible (cell_widget (self, row, col), TRUE);
  if (keep)
    wb_table_editor_commit_text (self, row, col, g_strstrip (text), NULL);
  move_cursor_full (self, row + drow, col + dcol, FALSE, grab);
}

static void
finish_edit (WbTableEditor *self, gboolean keep, int drow, int dcol)
{
  finish_edit_full (self, keep, drow, dcol, TRUE);
}

static void
on_edit_activate (GtkEntry *entry, WbTableEditor *self)
{
  finish_edit (self, TRUE, 1, 0);
}

/* Ctrl+Z in the cell being edited: typed text goes back to the cell's;
 * with none the edit ends and the key goes on to the game's undo (the
 * entry's own text undo is off). Redo keys never overwrite typed text. */
static gboolean
edit_undo_key (WbTableEditor *self, GtkWidget *entry, gboolean redo)
{
  const char *cell = cell_text (self, self->cur_row, self->cur_col);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), cell) != 0)
    {
      if (redo)
        gtk_widget_error_bell (entry);
      else
        {
          gtk_editable_set_text (GTK_EDITABLE (entry), cell);
          gtk_editable_set_position (GTK_EDITABLE (entry), -1);
        }
      return TRUE;
    }
  finish_edit (self, FALSE, 0, 0);
  return FALSE;
}

static gboolean
on_edit_key (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             WbTableEditor         *self)
{
  GdkModifierType mods = state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK | GDK_SUPER_MASK);
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  if ((keyval == GDK_KEY_z || keyval == GDK_KEY_Z) && mods == GDK_CONTROL_MASK)
    return edit_undo_key (self, entry, FALSE);
  if (((keyval == GDK_KEY_z || keyval == GDK_KEY_Z) && mods == (GDK_CONTROL_MASK | GDK_SHIFT_MASK)) ||
      ((keyval == GDK_KEY_y || keyval == GDK_KEY_Y) && mods == GDK_CONTROL_MASK))
    return edit_undo_key (self, entry, TRUE);
  switch (keyval)
    {
    case GDK_KEY_Escape:
      finish_edit (self, FALSE, 0, 0);
      return TRUE;
    case GDK_KEY_Tab:
      finish_edit (self, TRUE, 0, 1);
      return TRUE;
    case GDK_KEY_ISO_Left_Tab:
      finish_edit (self, TRUE, 0, -1);
      return TRUE;
    case GDK_KEY_Up:
      finish_edit (self, TRUE, -1, 0);
      return TRUE;
    case GDK_KEY_Down:
      finish_edit (self, TRUE, 1, 0);
      return TRUE;
    default:
      return FALSE;
    }
}

typedef struct { WbTableEditor *self; GtkWidget *widget; } Later;

static void
later_free (Later *l)
{
  g_object_unref (l->self);
  g_object_unref (l->widget);
  g_free (l);
}

static Later *
later_new (WbTableEditor *self, GtkWidget *widget)
{
  Later *l = g_new (Later, 1);

  l->self = g_object_ref (self);
  l->widget = g_object_ref (widget);
  return l;
}

/* The focus left the cell being edited (a click elsewhere): keep the text,
 * after the focus change is over, leaving the focus where it went. */
static gboolean
finish_edit_later (gpointer data)
{
  Later *l = data;

  if (l->self->box != NULL && l->self->edit_entry == l->widget)
    finish_edit_full (l->self, TRUE, 0, 0, FALSE);
  return G_SOURCE_REMOVE;
}

static void
on_edit_focus_leave (GtkEventControllerFocus *controller, WbTableEditor *self)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  if (self->edit_entry == entry)
    g_idle_add_full (G_PRIORITY_DEFAULT, finish_edit_later, later_new (self, entry),
                     (GDestroyNotify) later_free);
}

static GtkWidget *
start_edit (WbTableEditor *self, const char *initial)
{
  GtkWidget *label, *entry;
  GtkEventController *key, *focus;
  int row = self->cur_row, col = self->cur_col;

  if (self->table == NULL || self->edit_entry != NULL || (row < 0 && col < 0))
    return self->edit_entry;
  label = cell_widget (self, row, col);
  if (label == NULL)
    return NULL;
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), initial != NULL ? initial : cell_text (self, row, col));
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 4);
  gtk_editable_set_enable_undo (GTK_EDITABLE (entry), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Cell"), -1);
  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_edit_key), self);
  gtk_widget_add_controller (entry, key);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (on_edit_focus_leave), self);
  gtk_widget_add_controller (entry, focus);
  g_signal_connect (entry, "activate", G_CALLBACK (on_edit_activate), self);
  gtk_widget_set_visible (label, FALSE);
  gtk_grid_attach (GTK_GRID (self->grid), entry, col + 1, row + 1, 1, 1);
  self->edit_entry = entry;
  self->edit_row = row;
  self->edit_col = col;
  gtk_widget_grab_focus (entry);
  gtk_editable_set_position (GTK_EDITABLE (entry), -1);
  return entry;
}

GtkWidget *
wb_table_editor_start_edit (WbTableEditor *self)
{
  g_return_val_if_fail (WB_IS_TABLE_EDITOR (self), NULL);
  return start_edit (self, NULL);
}

/* --- the grid -------------------------------------------------------------- */

static void
on_cell_pressed (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 WbTableEditor   *self)
{
  GtkWidget *w = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  int row = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (w), "wb-row"));
  int col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (w), "wb-col"));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  finish_edit (self, TRUE, 0, 0);
  move_cursor (self, row, col, (state & GDK_SHIFT_MASK) != 0);
  if (n_press == 2)
    start_edit (self, NULL);
}

static void
delete_selection (WbTableEditor *self)
{
  int r0 = MAX (0, MIN (self->cur_row, self->anchor_row)), r1 = MAX (self->cur_row, self->anchor_row);
  int c0 = MAX (0, MIN (self->cur_col, self->anchor_col)), c1 = MAX (self->cur_col, self->anchor_col);
  g_autoptr(GString) tsv = g_string_new (NULL);

  if (self->table == NULL || r1 < 0 || c1 < 0)
    return;
  for (int r = r0; r <= r1; r++)
    {
      for (int c = c0; c < c1; c++)
        g_string_append_c (tsv, '\t');
      /* A line of one empty cell would read as a blank line. */
      g_string_append (tsv, c0 == c1 ? "\"\"\n" : "\n");
    }
  push (self, wb_command_paste_table_cells_new (self->game, self->table, r0, c0, tsv->str), NULL);
}

static gboolean
on_grid_key (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             WbTableEditor         *self)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;
  gunichar ch;

  if (self->table == NULL || self->edit_entry != NULL)
    return FALSE;
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor (self, self->cur_row - 1, self->cur_col, shift);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor (self, self->cur_row + 1, self->cur_col, shift);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_cursor (self, self->cur_row, self->cur_col - 1, shift);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_cursor (self, self->cur_row, self->cur_col + 1, shift);
      return TRUE;
    case GDK_KEY_Tab:
      move_cursor (self, self->cur_row, self->cur_col + 1, FALSE);
      return TRUE;
    case GDK_KEY_ISO_Left_Tab:
      move_cursor (self, self->cur_row, self->cur_col - 1, FALSE);
      return TRUE;
    case GDK_KEY_Home:
      move_cursor (self, self->cur_row, -1, shift);
      return TRUE;
    case GDK_KEY_End:
      move_cursor (self, self->cur_row, (int) n_columns (self) - 1, shift);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_F2:
      start_edit (self, NULL);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_BackSpace:
      delete_selection (self);
      return TRUE;
    case GDK_KEY_Escape:
      g_signal_emit (self, signals[CLOSE_REQUESTED], 0);
      return TRUE;
    default:
      break;
    }
  ch = gdk_keyval_to_unicode (keyval);
  if (ch != 0 && g_unichar_isprint (ch))
    {
      char buf[8] = { 0 };
      g_unichar_to_utf8 (ch, buf);
      start_edit (self, buf);
      return TRUE;
    }
  return FALSE;
}

/* A cell is a focusable box around its label (a label that cannot be
 * selected does not take the focus). */
static GtkWidget *
make_cell (WbTableEditor *self, int row, int col)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (cell_text (self, row, col));
  GtkGesture *click = gtk_gesture_click_new ();
  g_autofree char *name = NULL;

  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (box, "table-cell");
  if (row < 0 || col < 0)
    gtk_widget_add_css_class (box, "heading");
  gtk_widget_set_focusable (box, row >= 0 || col >= 0);
  gtk_label_set_width_chars (GTK_LABEL (label), col < 0 ? 5 : 6);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  g_object_set_data (G_OBJECT (box), "wb-row", GINT_TO_POINTER (row));
  g_object_set_data (G_OBJECT (box), "wb-col", GINT_TO_POINTER (col));
  if (row >= 0 && col >= 0)
    {
      WbTableRow *r = g_ptr_array_index (wb_table_get_rows (self->table), row);
      WbTableColumn *c = g_ptr_array_index (wb_table_get_columns (self->table), col);
      /* Translators: the accessible name of a table cell: the column's header and the row's label */
      name = g_strdup_printf (_("Column %s, roll %s"), c->label, r->label);
    }
  else if (row < 0)
    name = g_strdup_printf (_("Header of column %d"), col + 1);
  else
    name = g_strdup_printf (_("Label of row %d"), row + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  cell_text (self, row, col), -1);
  gtk_widget_set_tooltip_text (box, row >= 0 && col >= 0
                               ? _("Enter or F2 edits the cell, typing replaces it")
                               : row < 0 ? _("The column’s label; its numbers set the column’s bounds")
                                         : _("The row’s label; “3” or “3-4” sets its rolls"));
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_BUBBLE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_cell_pressed), self);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (click));
  return box;
}

static void
rebuild_grid (WbTableEditor *self)
{
  GtkWidget *child;
  GtkRoot *root = gtk_widget_get_root (self->grid);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean had_focus = focus != NULL && gtk_widget_is_ancestor (focus, self->grid);

  self->edit_entry = NULL;
  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  if (self->table == NULL)
    return;
  for (int r = -1; r < (int) n_rows (self); r++)
    for (int c = -1; c < (int) n_columns (self); c++)
      gtk_grid_attach (GTK_GRID (self->grid), make_cell (self, r, c), c + 1, r + 1, 1, 1);
  self->cur_row = CLAMP (self->cur_row, -1, (int) n_rows (self) - 1);
  self->cur_col = CLAMP (self->cur_col, -1, (int) n_columns (self) - 1);
  self->anchor_row = CLAMP (self->anchor_row, -1, (int) n_rows (self) - 1);
  self->anchor_col = CLAMP (self->anchor_col, -1, (int) n_columns (self) - 1);
  update_selection_classes (self);
  if (had_focus && cell_widget (self, self->cur_row, self->cur_col) != NULL)
    gtk_widget_grab_focus (cell_widget (self, self->cur_row, self->cur_col));
}

/* --- the header fields ----------------------------------------------------- */

static void
commit_info (WbTableEditor *self,
             GtkEntry      *entry)
{
  const char *name, *dice, *source, *note;
  g_autoptr(GError) error = NULL;

  if (self->table == NULL || self->rebuilding)
    return;
  name = gtk_editable_get_text (GTK_EDITABLE (self->name));
  dice = gtk_editable_get_text (GTK_EDITABLE (self->dice));
  source = gtk_editable_get_text (GTK_EDITABLE (self->source));
  note = gtk_editable_get_text (GTK_EDITABLE (self->note));
  if (g_strcmp0 (name, wb_table_get_name (self->table)) == 0 &&
      g_strcmp0 (dice, wb_table_get_dice (self->table)) == 0 &&
      g_strcmp0 (source, wb_table_get_source (self->table) ? wb_table_get_source (self->table) : "") == 0 &&
      g_strcmp0 (note, wb_table_get_note (self->table) ? wb_table_get_note (self->table) : "") == 0)
    return;
  if (!push (self, wb_command_set_table_info_new (self->game, self->table, name, dice, source, note), &error))
    wb_text_field_refuse (entry, error->message);
}

/* --- the legend ------------------------------------------------------------ */

static void
commit_code (WbTableEditor *self, GtkWidget *row, GtkEntry *entry)
{
  g_autoptr(GError) error = NULL;
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "wb-index"));
  GtkWidget *code = g_object_get_data (G_OBJECT (row), "wb-code");
  GtkWidget *name = g_object_get_data (G_OBJECT (row), "wb-name");
  GtkWidget *text = g_object_get_data (G_OBJECT (row), "wb-text");
  GPtrArray *codes;
  WbResultCode *c;

  if (self->table == NULL || self->rebuilding)
    return;
  codes = wb_table_get_codes (self->table);
  if (index >= codes->len)
    return;
  c = g_ptr_array_index (codes, index);
  if (g_strcmp0 (c->code, gtk_editable_get_text (GTK_EDITABLE (code))) == 0 &&
      g_strcmp0 (c->name ? c->name : "", gtk_editable_get_text (GTK_EDITABLE (name))) == 0 &&
      g_strcmp0 (c->text ? c->text : "", gtk_editable_get_text (GTK_EDITABLE (text))) == 0)
    return;
  if (!push (self, wb_command_edit_table_code_new (self->game, self->table, index,
                                                    gtk_editable_get_text (GTK_EDITABLE (code)),
                                                    gtk_editable_get_text (GTK_EDITABLE (name)),
                                                    gtk_editable_get_text (GTK_EDITABLE (text))), &error))
    wb_text_field_refuse (entry, error->message);
}

/* Enter, or leaving the field (from an idle: the commit rebuilds the
 * legend, which holds this entry), through wb_text_field_guard. */
static void
code_apply (WbTableEditor *self, GtkEntry *entry)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (entry), GTK_TYPE_LIST_BOX_ROW);

  /* Still in the legend (not taken out by a rebuild since)? */
  if (self->box != NULL && !self->rebuilding && row != NULL && gtk_widget_get_parent (row) == self->legend)
    commit_code (self, row, entry);
}

static void
on_remove_code (GtkButton *button, WbTableEditor *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "wb-index"));

  push (self, wb_command_remove_table_code_new (self->game, self->table, index), NULL);
}

static GtkWidget *
code_entry (WbTableEditor *self, GtkWidget *box, GtkWidget *row, const char *key,
            const char *value, int width, const char *accessible)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), value != NULL ? value : "");
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  gtk_widget_set_tooltip_text (entry, accessible);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  g_object_set_data (G_OBJECT (row), key, entry);
  wb_text_field_guard (GTK_ENTRY (entry), G_CALLBACK (code_apply), self);
  wb_text_field_commit_later (GTK_ENTRY (entry));
  gtk_box_append (GTK_BOX (box), entry);
  return entry;
}

static void
rebuild_legend (WbTableEditor *self)
{
  GtkWidget *child;
  GPtrArray *codes;

  while ((child = gtk_widget_get_first_child (self->legend)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->legend), child);
  if (self->table == NULL)
    return;
  codes = wb_table_get_codes (self->table);
  for (guint i = 0; i < codes->len; i++)
    {
      WbResultCode *c = g_ptr_array_index (codes, i);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
      GtkWidget *text;

      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      g_object_set_data (G_OBJECT (row), "wb-index", GUINT_TO_POINTER (i));
      /* Narrow fields that grow with the pane: it fits a narrow window. */
      code_entry (self, box, row, "wb-code", c->code, 3, _("Result code"));
      code_entry (self, box, row, "wb-name", c->name, 9, _("Name"));
      text = code_entry (self, box, row, "wb-text", c->text, 10, _("What it does"));
      gtk_widget_set_hexpand (text, TRUE);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove this result code"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Remove result code"), -1);
      g_object_set_data (G_OBJECT (remove), "wb-index", GUINT_TO_POINTER (i));
      g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_code), self);
      gtk_box_append (GTK_BOX (box), remove);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_list_box_append (GTK_LIST_BOX (self->legend), row);
    }
}

/* --- the whole ------------------------------------------------------------- */

static void
update_actions (WbTableEditor *self)
{
  gboolean has = self->table != NULL;
  GtkWidget *w = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (w, "table.insert-row", has);
  gtk_widget_action_set_enabled (w, "table.remove-row", has && n_rows (self) > 1);
  gtk_widget_action_set_enabled (w, "table.move-row-up", has && self->cur_row > 0);
  gtk_widget_action_set_enabled (w, "table.move-row-down",
                                 has && self->cur_row >= 0 && self->cur_row + 1 < (int) n_rows (self));
  gtk_widget_action_set_enabled (w, "table.insert-column", has);
  gtk_widget_action_set_enabled (w, "table.remove-column", has && n_columns (self) > 1);
  gtk_widget_action_set_enabled (w, "table.move-column-left", has && self->cur_col > 0);
  gtk_widget_action_set_enabled (w, "table.move-column-right",
                                 has && self->cur_col >= 0 && self->cur_col + 1 < (int) n_columns (self));
  gtk_widget_action_set_enabled (w, "table.copy", has);
  gtk_widget_action_set_enabled (w, "table.paste", has);
  gtk_widget_action_set_enabled (w, "table.add-code", has);
}

static void
set_entry (GtkWidget *entry, const char *text)
{
  wb_text_field_set_text (GTK_ENTRY (entry), text);
}

static void
rebuild (WbTableEditor *self)
{
  self->rebuilding = TRUE;
  if (self->table != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->title), wb_table_get_name (self->table));
      set_entry (self->name, wb_table_get_name (self->table));
      set_entry (self->dice, wb_table_get_dice (self->table));
      set_entry (self->source, wb_table_get_source (self->table));
      set_entry (self->note, wb_table_get_note (self->table));
    }
  else
    gtk_label_set_text (GTK_LABEL (self->title), _("No table"));
  gtk_widget_set_sensitive (self->box, self->table != NULL);
  if (self->analysis != NULL)
    wb_table_analysis_set_table (WB_TABLE_ANALYSIS (self->analysis),
                                 self->table != NULL ? wb_table_get_id (self->table) : NULL);
  rebuild_grid (self);
  rebuild_legend (self);
  wb_table_rules_editor_set_table (WB_TABLE_RULES_EDITOR (self->rules), self->table);
  update_actions (self);
  self->rebuilding = FALSE;
  /* Another table, or other columns: the grid's width again. */
  if (self->table != self->placed_table || n_columns (self) != self->placed_columns)
    {
      self->placed_table = self->table;
      self->placed_columns = n_columns (self);
      self->placed_at = -1;
      place_analysis (self);
    }
}

static void
on_game_changed (WbGame *game, const char *what, WbTableEditor *self)
{
  if (self->table != NULL && wb_game_find_table (game, wb_table_get_id (self->table)) != self->table)
    g_clear_object (&self->table);
  rebuild (self);
}

void
wb_table_editor_set_game (WbTableEditor *self, WbGame *game, WbUndoStack *stack)
{
  g_return_if_fail (WB_IS_TABLE_EDITOR (self));

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  g_set_object (&self->stack, stack);
  g_clear_object (&self->table);
  wb_table_rules_editor_set_game (WB_TABLE_RULES_EDITOR (self->rules), game, stack);
  if (game != NULL)
    self->changed_id = g_signal_connect (game, "changed::tables", G_CALLBACK (on_game_changed), self);
  if (self->analysis != NULL)
    wb_table_analysis_set_game (WB_TABLE_ANALYSIS (self->analysis), game);
  rebuild (self);
}

void
wb_table_editor_set_table (WbTableEditor *self, const char *id)
{
  WbTable *table = NULL;

  g_return_if_fail (WB_IS_TABLE_EDITOR (self));
  if (self->game != NULL && id != NULL)
    table = wb_game_find_table (self->game, id);
  if (table == self->table)
    return;
  g_set_object (&self->table, table);
  self->cur_row = self->anchor_row = 0;
  self->cur_col = self->anchor_col = 0;
  show_error (self, NULL);
  rebuild (self);
}

WbTable *
wb_table_editor_get_table (WbTableEditor *self)
{
  g_return_val_if_fail (WB_IS_TABLE_EDITOR (self), NULL);
  return self->table;
}

void
wb_table_editor_set_cursor (WbTableEditor *self, int row, int column)
{
  g_return_if_fail (WB_IS_TABLE_EDITOR (self));
  finish_edit (self, TRUE, 0, 0);
  move_cursor (self, row, column, FALSE);
  update_actions (self);
}

void
wb_table_editor_get_cursor (WbTableEditor *self, int *row, int *column)
{
  g_return_if_fail (WB_IS_TABLE_EDITOR (self));
  if (row != NULL)
    *row = self->cur_row;
  if (column != NULL)
    *column = self->cur_col;
}

void
wb_table_editor_select_to (WbTableEditor *self, int row, int column)
{
  g_return_if_fail (WB_IS_TABLE_EDITOR (self));
  move_cursor (self, row, column, TRUE);
  update_actions (self);
}

gboolean
wb_table_editor_paste_text (WbTableEditor *self, const char *tsv, GError **error)
{
  g_return_val_if_fail (WB_IS_TABLE_EDITOR (self), FALSE);
  if (self->table == NULL)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, _("No table is open"));
      return FALSE;
    }
  return push (self, wb_command_paste_table_cells_new (self->game, self->table,
                                                      MAX (0, MIN (self->cur_row, self->anchor_row)),
                                                      MAX (0, MIN (self->cur_col, self->anchor_col)),
                                                      tsv), error);
}

char *
wb_table_editor_copy_text (WbTableEditor *self)
{
  g_return_val_if_fail (WB_IS_TABLE_EDITOR (self), NULL);
  if (self->table == NULL)
    return g_strdup ("");
  return wb_table_cells_to_tsv (self->table,
                                MAX (0, MIN (self->cur_row, self->anchor_row)),
                                MAX (0, MIN (self->cur_col, self->anchor_col)),
                                MAX (0, MAX (self->cur_row, self->anchor_row)),
                                MAX (0, MAX (self->cur_col, self->anchor_col)));
}

GtkWidget *
wb_table_editor_get_field (WbTableEditor *self, const char *name)
{
  int row, col;

  g_return_val_if_fail (WB_IS_TABLE_EDITOR (self), NULL);
  if (g_strcmp0 (name, "grid") == 0)
    return self->grid;
  if (g_strcmp0 (name, "name") == 0)
    return self->name;
  if (g_strcmp0 (name, "dice") == 0)
    return self->dice;
  if (g_strcmp0 (name, "source") == 0)
    return self->source;
  if (g_strcmp0 (name, "note") == 0)
    return self->note;
  if (g_strcmp0 (name, "legend") == 0)
    return self->legend;
  if (g_strcmp0 (name, "rules") == 0)
    return self->rules;
  if (g_strcmp0 (name, "error") == 0)
    return self->error;
  if (g_strcmp0 (name, "analysis") == 0)
    return self->analysis;
  if (name != NULL && sscanf (name, "cell:%d:%d", &row, &col) == 2)
    {
      GtkWidget *box = cell_widget (self, row, col);
      return box != NULL && GTK_IS_BOX (box) ? gtk_widget_get_first_child (box) : NULL;
    }
  return NULL;
}

/* --- actions --------------------------------------------------------------- */

static void
row_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  WbTableEditor *self = WB_TABLE_EDITOR (widget);
  int row = self->cur_row;
  WbCommand *cmd = NULL;

  if (self->table == NULL)
    return;
  finish_edit (self, TRUE, 0, 0);
  if (g_str_equal (action_name, "table.insert-row"))
    {
      GPtrArray *rows = wb_table_get_rows (self->table);
      int at = MAX (row, -1) + 1;
      int roll = 1;
      g_autofree char *label = NULL;

      if (at > 0)
        roll = ((WbTableRow *) g_ptr_array_index (rows, at - 1))->hi + 1;
      label = g_strdup_printf ("%d", roll);
      cmd = wb_command_insert_table_row_new (self->game, self->table, at, label, roll, roll);
      row = at;
    }
  else if (row < 0)
    {
      show_error (self, _("Put the cursor on a row first"));
      return;
    }
  else if (g_str_equal (action_name, "table.remove-row"))
    cmd = wb_command_remove_table_row_new (self->game, self->table, row);
  else if (g_str_equal (action_name, "table.move-row-up"))
    {
      if (row == 0)
        return;
      cmd = wb_command_move_table_row_new (self->game, self->table, row, row - 1);
      row--;
    }
  else
    {
      if (row + 1 >= (int) n_rows (self))
        return;
      cmd = wb_command_move_table_row_new (self->game, self->table, row, row + 1);
      row++;
    }
  if (push (self, cmd, NULL))
    move_cursor (self, row, self->cur_col, FALSE);
  update_actions (self);
}

static void
column_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  WbTableEditor *self = WB_TABLE_EDITOR (widget);
  int col = self->cur_col;
  WbCommand *cmd = NULL;

  if (self->table == NULL)
    return;
  finish_edit (self, TRUE, 0, 0);
  if (g_str_equal (action_name, "table.insert-column"))
    {
      col = MAX (col, -1) + 1;
      cmd = wb_command_insert_table_column_new (self->game, self->table, col, "", 0, 0);
    }
  else if (col < 0)
    {
      show_error (self, _("Put the cursor on a column first"));
      return;
    }
  else if (g_str_equal (action_name, "table.remove-column"))
    cmd = wb_command_remove_table_column_new (self->game, self->table, col);
  else if (g_str_equal (action_name, "table.move-column-left"))
    {
      if (col == 0)
        return;
      cmd = wb_command_move_table_column_new (self->game, self->table, col, col - 1);
      col--;
    }
  else
    {
      if (col + 1 >= (int) n_columns (self))
        return;
      cmd = wb_command_move_table_column_new (self->game, self->table, col, col + 1);
      col++;
    }
  if (push (self, cmd, NULL))
    move_cursor (self, self->cur_row, col, FALSE);
  update_actions (self);
}

static void
copy_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  WbTableEditor *self = WB_TABLE_EDITOR (widget);
  g_autofree char *tsv = wb_table_editor_copy_text (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), tsv);
}

static void
on_clipboard_text (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(WbTableEditor) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      show_error (self, error != NULL ? error->message : _("The clipboard holds no text"));
      return;
    }
  wb_table_editor_paste_text (self, text, NULL);
}

static void
paste_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  finish_edit (WB_TABLE_EDITOR (widget), TRUE, 0, 0);
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_clipboard_text,
                                 g_object_ref (widget));
}

static void
add_code_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  WbTableEditor *self = WB_TABLE_EDITOR (widget);
  g_autofree char *code = NULL;
  GPtrArray *codes;

  if (self->table == NULL)
    return;
  codes = wb_table_get_codes (self->table);
  for (guint n = 1; code == NULL; n++)
    {
      gboolean used = FALSE;
      char *candidate = n == 1 ? g_strdup ("?") : g_strdup_printf ("?%u", n);
      for (guint i = 0; i < codes->len; i++)
        used |= g_strcmp0 (((WbResultCode *) g_ptr_array_index (codes, i))->code, candidate) == 0;
      if (used)
        g_free (candidate);
      else
        code = candidate;
    }
  if (push (self, wb_command_add_table_code_new (self->game, self->table, code, NULL, NULL), NULL))
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->legend),
                                                          codes->len - 1);
      if (row != NULL)
        gtk_widget_grab_focus (g_object_get_data (G_OBJECT (row), "wb-code"));
    }
}

static void
back_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_signal_emit (widget, signals[CLOSE_REQUESTED], 0);
}

/* --- the widget ------------------------------------------------------------ */

/* The grid keeps the size it asks for, all its columns when the pane has
 * room (issue 20: a CRT showed 6 of its 10 columns); the analysis takes
 * the rest, and what the window gains. Placed again when the table or the
 * size changes, unless the designer moved the divider. */
static void
place_analysis (WbTableEditor *self)
{
  GtkPaned *paned = GTK_PANED (self->hpaned);
  gboolean across = gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_HORIZONTAL;
  int max = 0, position = gtk_paned_get_position (paned), natural = 0;

  g_object_get (paned, "max-position", &max, NULL);
  if (max <= 0 || !gtk_widget_get_visible (self->analysis))
    return;
  if (self->placed_at >= 0 && position != self->placed_at && position != self->placed_max)
    return;
  gtk_widget_measure (self->grid, across ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                      across ? -1 : gtk_widget_get_width (self->hpaned), NULL, &natural, NULL, NULL);
  self->placing = TRUE;
  gtk_paned_set_position (paned, MIN (natural + 2, max));
  self->placing = FALSE;
  self->placed_at = gtk_paned_get_position (paned);
  self->placed_max = max;
}

/* The analysis beside the grid when both fit across the pane, else under
 * it, where its columns line up with the grid's. */
static void
wb_table_editor_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  WbTableEditor *self = WB_TABLE_EDITOR (widget);
  int grid = 0, analysis = 0;
  GtkOrientation orientation;

  gtk_widget_measure (self->grid, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &grid, NULL, NULL);
  gtk_widget_measure (self->analysis, GTK_ORIENTATION_HORIZONTAL, -1, &analysis, NULL, NULL, NULL);
  /* The margins and the divider. */
  orientation = grid + analysis + 32 <= width ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->hpaned)) != orientation)
    {
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->hpaned), orientation);
      self->placed_at = -1;
    }
  gtk_widget_allocate (self->box, width, height, baseline, NULL);
}

static void
wb_table_editor_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  gtk_widget_measure (WB_TABLE_EDITOR (widget)->box, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

/* The designer dragged the divider: it stays where they put it. */
static void
on_divider_moved (WbTableEditor *self)
{
  int max = 0;

  if (self->placing || self->placed_at < 0)
    return;
  g_object_get (self->hpaned, "max-position", &max, NULL);
  /* GtkPaned keeps the position inside the width: not the designer. */
  if (gtk_paned_get_position (GTK_PANED (self->hpaned)) != max)
    self->placed_max = -1;
}

static void
wb_table_editor_dispose (GObject *object)
{
  WbTableEditor *self = WB_TABLE_EDITOR (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_object (&self->stack);
  g_clear_object (&self->table);
  self->edit_entry = NULL;
  self->rebuilding = TRUE;   /* entries losing the focus now commit nothing */
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_TABLE_EDITOR);
  G_OBJECT_CLASS (wb_table_editor_parent_class)->dispose (object);
}

static void
wb_table_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbTableEditor *self = WB_TABLE_EDITOR (object);

  switch (prop_id)
    {
    case PROP_SHOW_ANALYSIS:
      g_value_set_boolean (value, self->show_analysis);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_table_editor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbTableEditor *self = WB_TABLE_EDITOR (object);

  switch (prop_id)
    {
    case PROP_SHOW_ANALYSIS:
      if (self->show_analysis != g_value_get_boolean (value))
        {
          self->show_analysis = g_value_get_boolean (value);
          if (self->analysis != NULL)
            gtk_widget_set_visible (self->analysis, self->show_analysis);
          if (self->show_analysis && self->hpaned != NULL)
            {
              self->placed_at = -1;
              place_analysis (self);
            }
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_table_editor_class_init (WbTableEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char * const row_actions[] = {
    "table.insert-row", "table.remove-row", "table.move-row-up", "table.move-row-down",
  };
  static const char * const column_actions[] = {
    "table.insert-column", "table.remove-column", "table.move-column-left",
    "table.move-column-right",
  };

  object_class->dispose = wb_table_editor_dispose;
  object_class->get_property = wb_table_editor_get_property;
  object_class->set_property = wb_table_editor_set_property;
  widget_class->measure = wb_table_editor_measure;
  widget_class->size_allocate = wb_table_editor_size_allocate;

  /**
   * WbTableEditor:show-analysis:
   *
   * Whether the exact-analysis pane (WbTableAnalysis) shows right of the
   * grid; the action "table.show-analysis" (Ctrl+Shift+A) toggles it.
   */
  properties[PROP_SHOW_ANALYSIS] =
    g_param_spec_boolean ("show-analysis", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WbTableEditor::close-requested:
   *
   * The designer asked to go back (the Back button, Escape in the grid).
   */
  signals[CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  for (guint i = 0; i < G_N_ELEMENTS (row_actions); i++)
    gtk_widget_class_install_action (widget_class, row_actions[i], NULL, row_action);
  for (guint i = 0; i < G_N_ELEMENTS (column_actions); i++)
    gtk_widget_class_install_action (widget_class, column_actions[i], NULL, column_action);
  gtk_widget_class_install_action (widget_class, "table.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "table.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "table.add-code", NULL, add_code_action);
  gtk_widget_class_install_action (widget_class, "table.back", NULL, back_action);
  gtk_widget_class_install_property_action (widget_class, "table.show-analysis", "show-analysis");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "table.insert-row", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_I, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "table.insert-column", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, GDK_CONTROL_MASK,
                                       "table.remove-row", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "table.remove-column", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK,
                                       "table.move-row-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "table.move-row-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "table.move-column-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK,
                                       "table.move-column-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "table.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK,
                                       "table.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_A, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "table.show-analysis", NULL);

  wb_edit_ensure_resources ();
  g_type_ensure (WB_TYPE_TABLE_ANALYSIS);
  g_type_ensure (WB_TYPE_TABLE_RULES_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-table-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, box);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, title);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, name);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, dice);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, source);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, note);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, error);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, scroller);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, grid);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, legend);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, hpaned);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, analysis);
  gtk_widget_class_bind_template_child (widget_class, WbTableEditor, rules);
  gtk_widget_class_bind_template_callback (widget_class, on_grid_key);
  gtk_widget_class_bind_template_callback (widget_class, place_analysis);
  gtk_widget_class_bind_template_callback (widget_class, on_divider_moved);

  gtk_widget_class_set_css_name (widget_class, "tableeditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_table_editor_init (WbTableEditor *self)
{
  GtkWidget *fields[4];
  GtkCssProvider *css;
  static gsize css_loaded = 0;

  self->show_analysis = TRUE;
  self->placed_at = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  fields[0] = self->name;
  fields[1] = self->dice;
  fields[2] = self->source;
  fields[3] = self->note;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    wb_text_field_guard (GTK_ENTRY (fields[i]), G_CALLBACK (commit_info), self);

  if (g_once_init_enter (&css_loaded))
    {
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (css,
    "tableeditor .table-grid box.table-cell { padding: 3px 8px; border-right: 1px solid alpha(currentColor, 0.15);"
    " border-bottom: 1px solid alpha(currentColor, 0.15); }"
    "tableeditor .table-grid box.heading { background: alpha(currentColor, 0.07); }"
    "tableeditor .table-grid box.selected { background: alpha(@accent_bg_color, 0.3); }"
    "tableeditor .table-grid box.table-cell:focus { outline: 2px solid @accent_bg_color; outline-offset: -2px; }",
    -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (css);
      g_once_init_leave (&css_loaded, 1);
    }

  rebuild (self);
}

GtkWidget *
wb_table_editor_new (void)
{
  return g_object_new (WB_TYPE_TABLE_EDITOR, NULL);
}
