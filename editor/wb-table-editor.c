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

struct _WbTableEditor
{
  GtkWidget    parent_instance;

  WbGame      *game;
  WbUndoStack *stack;
  WbTable     *table;
  gulong       changed_id;

  GtkWidget   *box;
  GtkWidget   *title;
  GtkWidget   *name, *dice, *source, *note;
  GtkWidget   *error;
  GtkWidget   *scroller;
  GtkWidget   *grid;
  GtkWidget   *legend;
  GtkWidget   *analysis;               /* WbTableAnalysis, right of the grid */
  gboolean     show_analysis;
  gboolean     analysis_placed;        /* the divider was placed once */
  GtkWidget   *rules;                  /* WbTableRulesEditor */

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
        return _("SP");
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

static GtkWidget *
info_entry (WbTableEditor *self, GtkWidget *grid, int row, const char *label_text,
            const char *tooltip)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_set_tooltip_text (entry, tooltip);
  wb_text_field_guard (GTK_ENTRY (entry), G_CALLBACK (commit_info), self);
  gtk_grid_attach (GTK_GRID (grid), label, (row % 2) * 2, row / 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), entry, (row % 2) * 2 + 1, row / 2, 1, 1);
  return entry;
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
      code_entry (self, box, row, "wb-code", c->code, 4, _("Result code"));
      code_entry (self, box, row, "wb-name", c->name, 14, _("Name"));
      text = code_entry (self, box, row, "wb-text", c->text, 20, _("What it does"));
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

static GtkWidget *
tool_button (const char *icon, const char *action, const char *tooltip)
{
  GtkWidget *b = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (b), action);
  gtk_widget_set_tooltip_text (b, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (b), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (b, "flat");
  return b;
}

/* The first time the grid and the analysis share the width: the analysis
 * gets what it asks for, up to a little more than half. */
static void
on_hpaned_max_position (GtkPaned *paned, GParamSpec *pspec, WbTableEditor *self)
{
  int max = 0, natural = 0;

  g_object_get (paned, "max-position", &max, NULL);
  if (self->analysis_placed || max <= 0 || !gtk_widget_get_visible (self->analysis))
    return;
  gtk_widget_measure (self->analysis, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  gtk_paned_set_position (paned, max - MIN (natural, max * 11 / 20));
  self->analysis_placed = TRUE;
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
  g_clear_pointer (&self->box, gtk_widget_unparent);
  self->analysis = NULL;   /* went with the box */
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

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tableeditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_table_editor_init (WbTableEditor *self)
{
  GtkWidget *toolbar, *back, *info, *paned, *lower, *legend_box, *legend_header, *legend_scroller, *add;
  GtkWidget *toggle, *hpaned;
  GtkEventController *key;
  GtkCssProvider *css;
  static gsize css_loaded = 0;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 8);
  gtk_widget_set_margin_end (self->box, 8);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);

  toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  back = gtk_button_new_with_mnemonic (_("_Back to Map"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "table.back");
  gtk_widget_set_tooltip_text (back, _("Show the map again (Escape)"));
  gtk_box_append (GTK_BOX (toolbar), back);
  self->title = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->title, "title-3");
  gtk_widget_set_margin_start (self->title, 12);
  gtk_widget_set_hexpand (self->title, TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_box_append (GTK_BOX (toolbar), self->title);
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("list-add-symbolic", "table.insert-row", _("Insert a row below the cursor (Ctrl+I)")));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("list-remove-symbolic", "table.remove-row", _("Remove the cursor’s row (Ctrl+Delete)")));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("go-up-symbolic", "table.move-row-up", _("Move the row up (Alt+Up)")));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("go-down-symbolic", "table.move-row-down", _("Move the row down (Alt+Down)")));
  gtk_box_append (GTK_BOX (toolbar), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("insert-object-symbolic", "table.insert-column",
                               _("Insert a column right of the cursor (Ctrl+Shift+I)")));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("edit-delete-symbolic", "table.remove-column",
                               _("Remove the cursor’s column (Ctrl+Shift+Delete)")));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("go-previous-symbolic", "table.move-column-left", _("Move the column left (Alt+Left)")));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("go-next-symbolic", "table.move-column-right", _("Move the column right (Alt+Right)")));
  gtk_box_append (GTK_BOX (toolbar), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("edit-copy-symbolic", "table.copy", _("Copy the selected cells as tab-separated text (Ctrl+C)")));
  gtk_box_append (GTK_BOX (toolbar),
                  tool_button ("edit-paste-symbolic", "table.paste",
                               _("Paste cells from a spreadsheet at the cursor (Ctrl+V)")));
  gtk_box_append (GTK_BOX (toolbar), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  toggle = gtk_toggle_button_new_with_mnemonic (_("_Analysis"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (toggle), "table.show-analysis");
  gtk_widget_set_tooltip_text (toggle, _("Show each column’s exact result probabilities "
                                         "beside the grid (Ctrl+Shift+A)"));
  gtk_widget_add_css_class (toggle, "flat");
  gtk_box_append (GTK_BOX (toolbar), toggle);
  gtk_box_append (GTK_BOX (self->box), toolbar);

  info = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (info), 4);
  gtk_grid_set_column_spacing (GTK_GRID (info), 6);
  self->name = info_entry (self, info, 0, _("_Name"), _("The table’s name as printed"));
  self->dice = info_entry (self, info, 1, _("_Dice"), _("The dice read on the table: 1d6, 2d6, d66 (two dice read as 11–66)…"));
  self->source = info_entry (self, info, 2, _("_Source"), _("Where the table comes from (rule numbers, chart)"));
  self->note = info_entry (self, info, 3, _("N_ote"), _("How the table is read (rounding, shifts, limits)"));
  gtk_box_append (GTK_BOX (self->box), info);

  self->error = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->error, "error");
  gtk_label_set_xalign (GTK_LABEL (self->error), 0);
  gtk_label_set_wrap (GTK_LABEL (self->error), TRUE);
  gtk_widget_set_visible (self->error, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->error);

  paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_vexpand (paned, TRUE);
  self->grid = gtk_grid_new ();
  gtk_widget_add_css_class (self->grid, "table-grid");
  gtk_widget_set_halign (self->grid, GTK_ALIGN_START);
  gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Table cells"), -1);
  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_grid_key), self);
  gtk_widget_add_controller (self->grid, key);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->grid);
  /* The analysis pane right of the grid, above the legend. */
  hpaned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_set_start_child (GTK_PANED (hpaned), self->scroller);
  gtk_paned_set_shrink_start_child (GTK_PANED (hpaned), FALSE);
  self->analysis = wb_table_analysis_new ();
  self->show_analysis = TRUE;
  gtk_paned_set_end_child (GTK_PANED (hpaned), self->analysis);
  gtk_paned_set_shrink_end_child (GTK_PANED (hpaned), FALSE);
  g_signal_connect (hpaned, "notify::max-position", G_CALLBACK (on_hpaned_max_position), self);
  gtk_paned_set_start_child (GTK_PANED (paned), hpaned);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (self->scroller, -1, 160);

  legend_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  legend_header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (legend_header), gtk_label_new (_("Result codes")));
  gtk_widget_add_css_class (gtk_widget_get_first_child (legend_header), "heading");
  add = gtk_button_new_with_mnemonic (_("_Add Code"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "table.add-code");
  gtk_widget_set_tooltip_text (add, _("Add a result code to the table’s legend"));
  gtk_box_append (GTK_BOX (legend_header), add);
  gtk_widget_set_margin_top (legend_header, 6);
  gtk_box_append (GTK_BOX (legend_box), legend_header);
  self->legend = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->legend), GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->legend), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Result codes"), -1);
  legend_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (legend_scroller), self->legend);
  gtk_widget_set_vexpand (legend_scroller, TRUE);
  gtk_box_append (GTK_BOX (legend_box), legend_scroller);
  /* The legend and, next to it, the rules panel (wb-table-rules-editor.c). */
  lower = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_set_start_child (GTK_PANED (lower), legend_box);
  gtk_paned_set_resize_start_child (GTK_PANED (lower), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (lower), FALSE);
  self->rules = wb_table_rules_editor_new ();
  gtk_widget_set_size_request (self->rules, 360, 220);
  gtk_paned_set_end_child (GTK_PANED (lower), self->rules);
  gtk_paned_set_shrink_end_child (GTK_PANED (lower), FALSE);
  gtk_paned_set_end_child (GTK_PANED (paned), lower);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (legend_box, 420, 120);
  gtk_box_append (GTK_BOX (self->box), paned);

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
