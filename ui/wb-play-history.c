/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play-history"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-play-history.h"
#include "wb-play-follow.h"

/* --- a row ------------------------------------------------------------------ */

struct _WbPlayHistoryRow
{
  GObject    parent_instance;
  guint32    entry;
  gboolean   current;     /* the cursor's branch, or the cursor's entry */
  GPtrArray *cells;       /* char*, in column order */
  char      *text;
};

G_DEFINE_FINAL_TYPE (WbPlayHistoryRow, wb_play_history_row, G_TYPE_OBJECT)

static void
wb_play_history_row_finalize (GObject *object)
{
  WbPlayHistoryRow *self = WB_PLAY_HISTORY_ROW (object);

  g_ptr_array_unref (self->cells);
  g_free (self->text);
  G_OBJECT_CLASS (wb_play_history_row_parent_class)->finalize (object);
}

static void
wb_play_history_row_class_init (WbPlayHistoryRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_play_history_row_finalize;
}

static void
wb_play_history_row_init (WbPlayHistoryRow *self)
{
  self->cells = g_ptr_array_new_with_free_func (g_free);
}

guint32
wb_play_history_row_get_entry (WbPlayHistoryRow *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY_ROW (self), 0);
  return self->entry;
}

const char *
wb_play_history_row_get_cell (WbPlayHistoryRow *self, guint column)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY_ROW (self), NULL);
  return column < self->cells->len ? g_ptr_array_index (self->cells, column) : NULL;
}

const char *
wb_play_history_row_get_text (WbPlayHistoryRow *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY_ROW (self), NULL);
  return self->text;
}

/* --- the pane --------------------------------------------------------------- */

/* The cells of a branch's row: then one VP cell per side, then the result.
 * (The columns show the VP and the result before the step.) */
enum { BRANCH_TITLE, BRANCH_ACTIONS, BRANCH_ENDS, BRANCH_VP };
/* The columns of the marks. */
enum { MARK_TURN, MARK_SIDE, MARK_BOOKMARK, MARK_NOTE };

struct _WbPlayHistory
{
  GtkWidget           parent_instance;

  WbPlay             *play;
  GListStore         *branches;
  GListStore         *marks;
  int                 current_branch;
  guint               n_sides;       /* the VP columns shown */
  gboolean            stale;         /* the play changed while hidden */

  GtkWidget          *branch_view;   /* GtkColumnView */
  GtkWidget          *mark_view;     /* GtkColumnView */
  GtkSingleSelection *mark_selection;
  GtkWidget          *bookmark_button;
  GtkWidget          *bookmark_entry;
  GtkWidget          *note_button;
  GtkWidget          *note_text;     /* GtkTextView */
  GtkWidget          *remove_button;
  GtkWidget          *status;
  GtkWidget          *mark_scrolled;
  GtkWidget          *mark_empty;    /* shown instead of an empty list */
};

G_DEFINE_FINAL_TYPE (WbPlayHistory, wb_play_history, GTK_TYPE_WIDGET)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_status (WbPlayHistory *self, const char *text, gboolean error)
{
  gtk_label_set_text (GTK_LABEL (self->status), text);
  if (error)
    {
      gtk_widget_add_css_class (self->status, "error");
      gtk_widget_remove_css_class (self->status, "dim-label");
    }
  else
    {
      gtk_widget_remove_css_class (self->status, "error");
      gtk_widget_add_css_class (self->status, "dim-label");
    }
}

static void
show_error (WbPlayHistory *self, const GError *error)
{
  set_status (self, error->message, TRUE);
}

/* "Union wins", "draw": the side with the most VP when the game is over. */
static char *
result_text (WbMatch *m, const int *vp, guint n_sides, gboolean over)
{
  guint best = 0, second = 0;
  gboolean tie = FALSE;

  if (n_sides < 2)
    return g_strdup (over ? _("Game over") : "");
  for (guint s = 1; s < n_sides; s++)
    if (vp[s] > vp[best])
      best = s;
  for (guint s = 0; s < n_sides; s++)
    if (s != best && vp[s] == vp[best])
      tie = TRUE;
  if (over)
    {
      if (tie)
        return g_strdup (_("Game over — draw"));
      /* TRANSLATORS: %s is a side's name */
      return g_strdup_printf (_("Game over — %s wins"), wb_match_side_name (m, best));
    }
  if (tie)
    return g_strdup (_("Even"));
  second = best == 0 ? 1 : 0;
  for (guint s = 0; s < n_sides; s++)
    if (s != best && vp[s] > vp[second])
      second = s;
  /* TRANSLATORS: a side's name and how many VP it is ahead of the next */
  return g_strdup_printf (_("%s leads by %d"), wb_match_side_name (m, best), vp[best] - vp[second]);
}

/* The branch the cursor is on: from the cursor down the way redo goes. */
static guint32
cursor_leaf (WbJournal *journal)
{
  guint32 id = wb_journal_get_cursor (journal);

  for (;;)
    {
      const WbJournalEntry *e = wb_journal_get_entry (journal, id);

      if (e->n_children == 0)
        return id;
      if (e->last_child != 0)
        id = e->last_child;
      else
        {
          g_autoptr(GArray) children = wb_journal_children (journal, id);
          id = g_array_index (children, guint32, 0);
        }
    }
}

static gboolean
fill_branches (WbPlayHistory *self, GError **error)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GArray) branches = wb_play_branches (self->play, error);
  g_autoptr(GPtrArray) items = NULL;
  guint32 leaf;

  self->current_branch = -1;
  if (branches == NULL)
    {
      g_list_store_remove_all (self->branches);
      return FALSE;
    }
  leaf = cursor_leaf (wb_play_get_journal (self->play));
  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < branches->len; i++)
    {
      WbBranch *b = &g_array_index (branches, WbBranch, i);
      WbPlayHistoryRow *row = g_object_new (WB_TYPE_PLAY_HISTORY_ROW, NULL);
      gboolean shared = FALSE;
      g_autoptr(GString) text = g_string_new (NULL);
      char *title, *result;

      /* A bookmark before a fork names every branch past it: then the
       * number tells them apart. */
      for (guint k = 0; b->bookmark != NULL && k < branches->len; k++)
        if (k != i && g_strcmp0 (g_array_index (branches, WbBranch, k).bookmark, b->bookmark) == 0)
          shared = TRUE;
      if (b->bookmark != NULL && !shared)
        title = g_strdup (b->bookmark);
      else if (b->bookmark != NULL)
        /* TRANSLATORS: a branch's number and the bookmark on its way */
        title = g_strdup_printf (_("Branch %u · %s"), i + 1, b->bookmark);
      else
        title = g_strdup_printf (_("Branch %u"), i + 1);
      row->entry = b->leaf;
      row->current = b->leaf == leaf;
      if (row->current)
        self->current_branch = (int) i;
      g_ptr_array_add (row->cells, title);
      g_ptr_array_add (row->cells, g_strdup_printf ("%u", b->depth));
      g_ptr_array_add (row->cells, g_strdup (b->step));
      g_string_append (text, title);
      if (row->current)
        g_string_append (text, _(" (current)"));
      g_string_append (text, ": ");
      g_string_append_printf (text, ngettext ("%u action", "%u actions", b->depth), b->depth);
      /* TRANSLATORS: where a branch ends, as the turn bar words a step */
      g_string_append_printf (text, _(", ends at %s"), b->step);
      for (guint s = 0; s < self->n_sides; s++)
        {
          g_ptr_array_add (row->cells, g_strdup_printf ("%d", b->vp[s]));
          /* TRANSLATORS: a side's name and its victory points */
          g_string_append_printf (text, _("; %s %d VP"), wb_match_side_name (m, s), b->vp[s]);
        }
      result = result_text (m, b->vp, self->n_sides, b->over);
      if (*result != '\0')
        g_string_append_printf (text, "; %s", result);
      g_ptr_array_add (row->cells, result);
      row->text = g_string_free (g_steal_pointer (&text), FALSE);
      g_ptr_array_add (items, row);
    }
  g_list_store_splice (self->branches, 0, g_list_model_get_n_items (G_LIST_MODEL (self->branches)),
                       items->pdata, items->len);
  return TRUE;
}

static gboolean
fill_marks (WbPlayHistory *self, GError **error)
{
  WbJournal *journal = wb_play_get_journal (self->play);
  guint32 cursor = wb_journal_get_cursor (journal);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint32 id = 0; id < wb_journal_get_n_entries (journal); id++)
    {
      const WbJournalEntry *e = wb_journal_get_entry (journal, id);
      g_autoptr(WbMatch) at = NULL;
      WbPlayHistoryRow *row;
      g_autoptr(GString) text = NULL;
      char *turn;
      const char *side;

      if (e->bookmark == NULL && e->note == NULL)
        continue;
      at = wb_play_state_at (self->play, id, error);
      if (at == NULL)
        {
          g_list_store_remove_all (self->marks);
          return FALSE;
        }
      row = g_object_new (WB_TYPE_PLAY_HISTORY_ROW, NULL);
      row->entry = id;
      row->current = id == cursor;
      turn = wb_match_turn_text (at, at->turn);
      side = at->active < wb_match_n_sides (at) ? wb_match_side_name (at, at->active) : "";
      g_ptr_array_add (row->cells, turn);
      g_ptr_array_add (row->cells, g_strdup (side));
      g_ptr_array_add (row->cells, g_strdup (e->bookmark != NULL ? e->bookmark : ""));
      g_ptr_array_add (row->cells, g_strdup (e->note != NULL ? e->note : ""));
      text = g_string_new (NULL);
      /* TRANSLATORS: a bookmarked position: the turn, the active side */
      g_string_append_printf (text, _("%s, %s"), turn, side);
      if (row->current)
        g_string_append (text, _(" (current)"));
      if (e->bookmark != NULL)
        /* TRANSLATORS: a bookmark's name */
        g_string_append_printf (text, _(": bookmark “%s”"), e->bookmark);
      if (e->note != NULL)
        /* TRANSLATORS: a note's text */
        g_string_append_printf (text, _(": note “%s”"), e->note);
      row->text = g_string_free (g_steal_pointer (&text), FALSE);
      g_ptr_array_add (items, row);
    }
  g_list_store_splice (self->marks, 0, g_list_model_get_n_items (G_LIST_MODEL (self->marks)),
                       items->pdata, items->len);
  return TRUE;
}

static void
update_buttons (WbPlayHistory *self)
{
  guint selected = gtk_single_selection_get_selected (self->mark_selection);
  gboolean none = g_list_model_get_n_items (G_LIST_MODEL (self->marks)) == 0;

  /* An empty list says how to fill it, and leaves its room to the branches. */
  gtk_widget_set_visible (self->mark_scrolled, !none);
  gtk_widget_set_visible (self->mark_empty, none && self->play != NULL);

  gtk_widget_set_sensitive (self->bookmark_button, self->play != NULL);
  gtk_widget_set_sensitive (self->note_button, self->play != NULL);
  gtk_widget_set_sensitive (self->remove_button,
                            self->play != NULL && selected != GTK_INVALID_LIST_POSITION);
}

void
wb_play_history_refresh (WbPlayHistory *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *branches = NULL, *status = NULL;
  guint n_branches, n_marks;

  g_return_if_fail (WB_IS_PLAY_HISTORY (self));
  self->stale = FALSE;

  if (self->play == NULL)
    {
      g_list_store_remove_all (self->branches);
      g_list_store_remove_all (self->marks);
      self->current_branch = -1;
      set_status (self, _("No match"), FALSE);
      update_buttons (self);
      return;
    }
  if (!fill_branches (self, &error) || !fill_marks (self, &error))
    {
      show_error (self, error);
      update_buttons (self);
      return;
    }
  n_branches = g_list_model_get_n_items (G_LIST_MODEL (self->branches));
  n_marks = g_list_model_get_n_items (G_LIST_MODEL (self->marks));
  /* TRANSLATORS: the history pane's counts, e.g. "2 branches · 1 marked position" */
  branches = g_strdup_printf (ngettext ("%u branch", "%u branches", n_branches), n_branches);
  status = g_strdup_printf (ngettext ("%s · %u marked position", "%s · %u marked positions",
                                      n_marks), branches, n_marks);
  set_status (self, status, FALSE);
  update_buttons (self);
}

/* --- the columns ------------------------------------------------------------ */

/* A column's cell: the index of the row's text it shows (or the marker),
 * how it lays out, and the width it starts wrapping at, packed in the
 * factory's data. */
enum { CELL_MARKER, CELL_NUMBER, CELL_PLAIN, CELL_WORD, CELL_TEXT };
#define CELL(index, kind, chars) GINT_TO_POINTER ((index) | (kind) << 8 | (chars) << 16)
#define CELL_INDEX(data) ((guint) GPOINTER_TO_INT (data) & 0xff)
#define CELL_KIND(data)  ((GPOINTER_TO_INT (data) >> 8) & 0xff)
#define CELL_CHARS(data) (GPOINTER_TO_INT (data) >> 16)

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  GtkWidget *child;

  switch (CELL_KIND (data))
    {
    case CELL_MARKER:
      child = gtk_image_new_from_icon_name ("go-next-symbolic");
      gtk_widget_set_valign (child, GTK_ALIGN_START);
      break;
    case CELL_NUMBER:
      /* Numbers to the right, so the branches' VP compare at a glance. */
      child = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (child), 1.0);
      gtk_label_set_yalign (GTK_LABEL (child), 0.0);
      gtk_widget_add_css_class (child, "numeric");
      break;
    case CELL_PLAIN:
      child = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (child), 0.0);
      gtk_label_set_yalign (GTK_LABEL (child), 0.0);
      break;
    case CELL_WORD:
    case CELL_TEXT:
    default:
      child = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (child), 0.0);
      gtk_label_set_yalign (GTK_LABEL (child), 0.0);
      gtk_label_set_wrap (GTK_LABEL (child), TRUE);
      /* Names and steps break between words only; a note may break anywhere. */
      gtk_label_set_wrap_mode (GTK_LABEL (child), CELL_KIND (data) == CELL_TEXT ? PANGO_WRAP_WORD_CHAR
                                                                                : PANGO_WRAP_WORD);
      if (CELL_KIND (data) == CELL_TEXT)
        {
          /* A long note: its first lines, the whole in the tooltip. */
          gtk_label_set_lines (GTK_LABEL (child), 4);
          gtk_label_set_ellipsize (GTK_LABEL (child), PANGO_ELLIPSIZE_END);
        }
      gtk_label_set_width_chars (GTK_LABEL (child), CELL_CHARS (data));
      gtk_label_set_max_width_chars (GTK_LABEL (child), MAX (CELL_CHARS (data), 36));
      break;
    }
  gtk_list_item_set_child (item, child);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  WbPlayHistoryRow *row = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);

  if (CELL_KIND (data) == CELL_MARKER)
    gtk_widget_set_opacity (child, row->current ? 1.0 : 0.0);
  else
    {
      const char *text = wb_play_history_row_get_cell (row, CELL_INDEX (data));

      gtk_label_set_text (GTK_LABEL (child), text != NULL ? text : "");
      /* Bold, the size kept: the "heading" class would make the row taller. */
      if (row->current)
        {
          PangoAttrList *bold = pango_attr_list_new ();

          pango_attr_list_insert (bold, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
          gtk_label_set_attributes (GTK_LABEL (child), bold);
          pango_attr_list_unref (bold);
        }
      else
        gtk_label_set_attributes (GTK_LABEL (child), NULL);
    }
  gtk_widget_set_tooltip_text (child, row->text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  row->text, -1);
}

static void
add_column (GtkWidget *view, const char *title, gpointer cell, gboolean expand)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) c = NULL;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), cell);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), cell);
  c = gtk_column_view_column_new (title, g_object_ref (factory));
  gtk_column_view_column_set_expand (c, expand);
  gtk_column_view_column_set_resizable (c, CELL_KIND (cell) != CELL_MARKER);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), c);
}

/* The branches' columns: the VP ones are the match's sides. */
static void
build_branch_columns (WbPlayHistory *self)
{
  GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->branch_view));
  WbMatch *m = self->play != NULL ? wb_play_get_state (self->play) : NULL;

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) c = g_list_model_get_item (columns, 0);
      gtk_column_view_remove_column (GTK_COLUMN_VIEW (self->branch_view), c);
    }
  self->n_sides = m != NULL ? MIN (wb_match_n_sides (m), WB_MATCH_MAX_SIDES) : 0;
  add_column (self->branch_view, "", CELL (0, CELL_MARKER, 0), FALSE);
  add_column (self->branch_view, _("Branch"), CELL (BRANCH_TITLE, CELL_WORD, 10), TRUE);
  /* TRANSLATORS: the column of how many actions a branch has */
  add_column (self->branch_view, _("Actions"), CELL (BRANCH_ACTIONS, CELL_NUMBER, 0), FALSE);
  /* The VP and the result before where each branch ends: in a narrow pane
   * the comparison stays in sight and the long step scrolls. */
  for (guint s = 0; s < self->n_sides; s++)
    {
      /* TRANSLATORS: a column of a side's victory points */
      g_autofree char *title = g_strdup_printf (_("%s VP"), wb_match_side_name (m, s));
      add_column (self->branch_view, title, CELL (BRANCH_VP + s, CELL_NUMBER, 0), FALSE);
    }
  add_column (self->branch_view, _("Result"), CELL (BRANCH_VP + self->n_sides, CELL_PLAIN, 0), FALSE);
  add_column (self->branch_view, _("Ends at"), CELL (BRANCH_ENDS, CELL_WORD, 16), TRUE);
}

/* --- going somewhere -------------------------------------------------------- */

static gboolean
go_to (WbPlayHistory *self, guint32 entry)
{
  g_autoptr(GError) error = NULL;

  if (!wb_play_go_to (self->play, entry, &error))
    {
      /* The play keeps its state when a jump fails; the lists still hold. */
      show_error (self, error);
      return FALSE;
    }
  wb_play_history_refresh (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

gboolean
wb_play_history_activate_branch (WbPlayHistory *self, guint index)
{
  g_autoptr(WbPlayHistoryRow) row = NULL;

  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), FALSE);
  row = g_list_model_get_item (G_LIST_MODEL (self->branches), index);
  if (self->play == NULL || row == NULL)
    return FALSE;
  return go_to (self, row->entry);
}

gboolean
wb_play_history_activate_mark (WbPlayHistory *self, guint index)
{
  g_autoptr(WbPlayHistoryRow) row = NULL;

  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), FALSE);
  row = g_list_model_get_item (G_LIST_MODEL (self->marks), index);
  if (self->play == NULL || row == NULL)
    return FALSE;
  return go_to (self, row->entry);
}

static void
on_branch_activate (GtkColumnView *view, guint position, WbPlayHistory *self)
{
  wb_play_history_activate_branch (self, position);
}

static void
on_mark_activate (GtkColumnView *view, guint position, WbPlayHistory *self)
{
  wb_play_history_activate_mark (self, position);
}

/* --- bookmarks and notes ---------------------------------------------------- */

static gboolean
write_mark (WbPlayHistory *self, guint32 entry, const char *bookmark, const char *note,
            gboolean set_bookmark, gboolean set_note)
{
  WbJournal *journal;
  g_autoptr(GError) error = NULL;

  if (self->play == NULL)
    {
      set_status (self, _("There is no match"), TRUE);
      return FALSE;
    }
  journal = wb_play_get_journal (self->play);
  if ((set_bookmark && !wb_journal_set_bookmark (journal, entry, bookmark, &error)) ||
      (set_note && !wb_journal_set_note (journal, entry, note, &error)))
    {
      wb_play_history_refresh (self);
      show_error (self, error);
      return FALSE;
    }
  wb_play_history_refresh (self);
  return TRUE;
}

gboolean
wb_play_history_bookmark (WbPlayHistory *self, const char *name)
{
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), FALSE);
  stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  return write_mark (self, self->play != NULL ? wb_journal_get_cursor (wb_play_get_journal (self->play)) : 0,
                     stripped, NULL, TRUE, FALSE);
}

gboolean
wb_play_history_note (WbPlayHistory *self, const char *text)
{
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), FALSE);
  /* Leading and trailing blank lines are no part of a note. */
  stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  return write_mark (self, self->play != NULL ? wb_journal_get_cursor (wb_play_get_journal (self->play)) : 0,
                     NULL, stripped, FALSE, TRUE);
}

gboolean
wb_play_history_remove_mark (WbPlayHistory *self, guint index)
{
  g_autoptr(WbPlayHistoryRow) row = NULL;

  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), FALSE);
  row = g_list_model_get_item (G_LIST_MODEL (self->marks), index);
  if (row == NULL)
    return FALSE;
  return write_mark (self, row->entry, NULL, NULL, TRUE, TRUE);
}

static const WbJournalEntry *
current_entry (WbPlayHistory *self)
{
  WbJournal *journal;

  if (self->play == NULL)
    return NULL;
  journal = wb_play_get_journal (self->play);
  return wb_journal_get_entry (journal, wb_journal_get_cursor (journal));
}

/* A refusal shows in the popover too: the status line is behind it. */
static GtkWidget *
new_popover_error (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_name (label, "popover-error");
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_add_css_class (label, "error");
  gtk_widget_set_visible (label, FALSE);
  return label;
}

static void
popover_refused (WbPlayHistory *self, GtkWidget *button)
{
  GtkWidget *error = g_object_get_data (G_OBJECT (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))),
                                        "wb-error");

  gtk_label_set_text (GTK_LABEL (error), gtk_label_get_text (GTK_LABEL (self->status)));
  gtk_widget_set_visible (error, TRUE);
}

static void
popover_shown (GtkWidget *button)
{
  GtkWidget *error = g_object_get_data (G_OBJECT (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))),
                                        "wb-error");
  gtk_widget_set_visible (error, FALSE);
}

static void
on_bookmark_shown (WbPlayHistory *self)
{
  const WbJournalEntry *e = current_entry (self);

  popover_shown (self->bookmark_button);
  gtk_editable_set_text (GTK_EDITABLE (self->bookmark_entry),
                         e != NULL && e->bookmark != NULL ? e->bookmark : "");
  gtk_widget_grab_focus (self->bookmark_entry);
}

static void
on_bookmark_confirmed (WbPlayHistory *self)
{
  if (wb_play_history_bookmark (self, gtk_editable_get_text (GTK_EDITABLE (self->bookmark_entry))))
    gtk_menu_button_popdown (GTK_MENU_BUTTON (self->bookmark_button));
  else
    popover_refused (self, self->bookmark_button);
}

static void
on_note_shown (WbPlayHistory *self)
{
  const WbJournalEntry *e = current_entry (self);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->note_text));

  popover_shown (self->note_button);
  gtk_text_buffer_set_text (buffer, e != NULL && e->note != NULL ? e->note : "", -1);
  gtk_widget_grab_focus (self->note_text);
}

static void
on_note_confirmed (WbPlayHistory *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->note_text));
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (wb_play_history_note (self, text))
    gtk_menu_button_popdown (GTK_MENU_BUTTON (self->note_button));
  else
    popover_refused (self, self->note_button);
}

static gboolean
on_note_save_shortcut (GtkWidget *widget, GVariant *args, gpointer data)
{
  on_note_confirmed (WB_PLAY_HISTORY (data));
  return TRUE;
}

static void
on_remove_clicked (WbPlayHistory *self)
{
  guint selected = gtk_single_selection_get_selected (self->mark_selection);

  if (selected != GTK_INVALID_LIST_POSITION)
    wb_play_history_remove_mark (self, selected);
}

/* --- building --------------------------------------------------------------- */

static GtkWidget *
heading (const char *mnemonic, GtkWidget *target)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_top (label, 6);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), target);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  return label;
}

static GtkWidget *
new_view (GtkSelectionModel *selection, const char *name, const char *tooltip)
{
  GtkWidget *view = gtk_column_view_new (selection);

  gtk_widget_set_name (view, name);
  gtk_column_view_set_show_row_separators (GTK_COLUMN_VIEW (view), TRUE);
  gtk_column_view_set_reorderable (GTK_COLUMN_VIEW (view), FALSE);
  gtk_widget_set_tooltip_text (view, tooltip);
  return view;
}

static GtkWidget *
scrolled (GtkWidget *child, int min_height)
{
  GtkWidget *s = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (s), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (s), min_height);
  /* Each list asks for the height of its rows, so a long list of branches
   * is not cut to half the pane beside an empty list of bookmarks. */
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (s), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (s), child);
  gtk_widget_set_vexpand (s, TRUE);
  return s;
}

static GtkWidget *
bookmark_popover (WbPlayHistory *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Name of this position"));
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *set = gtk_button_new_with_mnemonic (_("_Set"));
  GtkWidget *error;

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  self->bookmark_entry = gtk_entry_new ();
  gtk_widget_set_name (self->bookmark_entry, "bookmark-name");
  gtk_entry_set_max_length (GTK_ENTRY (self->bookmark_entry), 200);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->bookmark_entry), 24);
  gtk_widget_set_hexpand (self->bookmark_entry, TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->bookmark_entry), _("Before the assault"));
  gtk_widget_set_tooltip_text (self->bookmark_entry,
                               _("A name for the current position; empty removes the bookmark"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->bookmark_entry);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->bookmark_entry),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  g_signal_connect_swapped (self->bookmark_entry, "activate", G_CALLBACK (on_bookmark_confirmed), self);
  gtk_widget_set_name (set, "bookmark-set");
  gtk_widget_set_tooltip_text (set, _("Name the current position (Enter)"));
  gtk_widget_add_css_class (set, "suggested-action");
  g_signal_connect_swapped (set, "clicked", G_CALLBACK (on_bookmark_confirmed), self);
  gtk_box_append (GTK_BOX (row), self->bookmark_entry);
  gtk_box_append (GTK_BOX (row), set);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), row);
  error = new_popover_error ();
  gtk_box_append (GTK_BOX (box), error);
  g_object_set_data (G_OBJECT (popover), "wb-error", error);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  g_signal_connect_swapped (popover, "show", G_CALLBACK (on_bookmark_shown), self);
  return popover;
}

static GtkWidget *
note_popover (WbPlayHistory *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Note on this position"));
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *sw = gtk_scrolled_window_new ();
  GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save Note"));
  GtkEventController *keys = gtk_shortcut_controller_new ();
  GtkWidget *error;

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  self->note_text = gtk_text_view_new ();
  gtk_widget_set_name (self->note_text, "note-text");
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self->note_text), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (self->note_text), FALSE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->note_text), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self->note_text), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->note_text), 4);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->note_text), 4);
  gtk_widget_set_tooltip_text (self->note_text,
                               _("A note on the current position; Ctrl+Enter saves it, empty removes it"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->note_text);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->note_text),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_CONTROL_MASK),
                      gtk_callback_action_new (on_note_save_shortcut, self, NULL)));
  /* Before the text view's own key handling, which would insert a line. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_widget_add_controller (self->note_text, keys);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (sw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  /* The horizontal policy NEVER sizes it by its child: a size of its own. */
  gtk_widget_set_size_request (sw, 320, 110);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (sw), self->note_text);
  gtk_frame_set_child (GTK_FRAME (frame), sw);
  gtk_widget_set_name (save, "note-save");
  gtk_widget_set_tooltip_text (save, _("Keep the note on the current position (Ctrl+Enter)"));
  gtk_widget_add_css_class (save, "suggested-action");
  gtk_widget_set_halign (save, GTK_ALIGN_END);
  g_signal_connect_swapped (save, "clicked", G_CALLBACK (on_note_confirmed), self);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), frame);
  error = new_popover_error ();
  gtk_box_append (GTK_BOX (box), error);
  g_object_set_data (G_OBJECT (popover), "wb-error", error);
  gtk_box_append (GTK_BOX (box), save);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  g_signal_connect_swapped (popover, "show", G_CALLBACK (on_note_shown), self);
  return popover;
}

/* The history replays every branch: it follows the play while it is
 * shown, and catches up when it is shown again. */
static void
on_play_changed (WbPlayHistory *self, guint what)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    wb_play_history_refresh (self);
  else
    self->stale = TRUE;
}

static void
on_map (WbPlayHistory *self)
{
  if (self->stale && self->play != NULL)
    wb_play_history_refresh (self);
}

void
wb_play_history_set_play (WbPlayHistory *self, WbPlay *play)
{
  g_return_if_fail (WB_IS_PLAY_HISTORY (self));
  g_return_if_fail (play == NULL || WB_IS_PLAY (play));

  if (self->play == play)
    return;
  wb_play_follow (self, &self->play, play, G_CALLBACK (on_play_changed));
  build_branch_columns (self);
  wb_play_history_refresh (self);
}

WbPlay *
wb_play_history_get_play (WbPlayHistory *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), NULL);
  return self->play;
}

guint
wb_play_history_n_branches (WbPlayHistory *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->branches));
}

int
wb_play_history_get_current_branch (WbPlayHistory *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), -1);
  return self->current_branch;
}

guint
wb_play_history_n_marks (WbPlayHistory *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->marks));
}

GListModel *
wb_play_history_get_branches (WbPlayHistory *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), NULL);
  return G_LIST_MODEL (self->branches);
}

GListModel *
wb_play_history_get_marks (WbPlayHistory *self)
{
  g_return_val_if_fail (WB_IS_PLAY_HISTORY (self), NULL);
  return G_LIST_MODEL (self->marks);
}

static void
wb_play_history_dispose (GObject *object)
{
  WbPlayHistory *self = WB_PLAY_HISTORY (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->play);
  g_clear_object (&self->branches);
  g_clear_object (&self->marks);
  g_clear_object (&self->mark_selection);
  G_OBJECT_CLASS (wb_play_history_parent_class)->dispose (object);
}

static void
wb_play_history_class_init (WbPlayHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_history_dispose;

  /**
   * WbPlayHistory::changed:
   *
   * The pane moved the match (to a branch's end or a bookmark): the window
   * refreshes what shows the state.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playhistory");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_play_history_init (WbPlayHistory *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  g_autoptr(GtkNoSelection) branch_selection = NULL;
  GtkWidget *bottom, *buttons;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Playtest history"), -1);
  self->branches = g_list_store_new (WB_TYPE_PLAY_HISTORY_ROW);
  self->marks = g_list_store_new (WB_TYPE_PLAY_HISTORY_ROW);
  self->current_branch = -1;

  /* The branches. A row's focus is enough to activate it: nothing to
   * select. */
  branch_selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->branches)));
  self->branch_view = new_view (GTK_SELECTION_MODEL (g_object_ref (branch_selection)), "branch-view",
                                _("Double-click a branch (or press Enter) to go to its end"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->branch_view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The branches of the playtest, where each ends and its victory points"),
                                  -1);
  g_signal_connect (self->branch_view, "activate", G_CALLBACK (on_branch_activate), self);
  gtk_widget_set_parent (heading (_("Branc_hes"), self->branch_view), GTK_WIDGET (self));
  gtk_widget_set_parent (scrolled (self->branch_view, 80), GTK_WIDGET (self));
  build_branch_columns (self);

  /* The bookmarks and notes. */
  self->mark_selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->marks)));
  gtk_single_selection_set_autoselect (self->mark_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->mark_selection, TRUE);
  self->mark_view = new_view (GTK_SELECTION_MODEL (g_object_ref (self->mark_selection)), "mark-view",
                              _("Double-click a bookmark or note (or press Enter) to go there"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->mark_view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The positions of the playtest with a bookmark or a note"), -1);
  add_column (self->mark_view, "", CELL (0, CELL_MARKER, 0), FALSE);
  add_column (self->mark_view, _("Turn"), CELL (MARK_TURN, CELL_WORD, 10), FALSE);
  add_column (self->mark_view, _("Side"), CELL (MARK_SIDE, CELL_PLAIN, 0), FALSE);
  add_column (self->mark_view, _("Bookmark"), CELL (MARK_BOOKMARK, CELL_WORD, 10), TRUE);
  add_column (self->mark_view, _("Note"), CELL (MARK_NOTE, CELL_TEXT, 16), TRUE);
  g_signal_connect (self->mark_view, "activate", G_CALLBACK (on_mark_activate), self);
  g_signal_connect_swapped (self->mark_selection, "notify::selected", G_CALLBACK (update_buttons), self);
  gtk_widget_set_parent (heading (_("Boo_kmarks and notes"), self->mark_view), GTK_WIDGET (self));
  self->mark_scrolled = scrolled (self->mark_view, 80);
  gtk_widget_set_parent (self->mark_scrolled, GTK_WIDGET (self));
  self->mark_empty = gtk_label_new (_("No bookmarks or notes yet: Bookmark… names the current "
                                      "position, Note… writes down why it matters."));
  gtk_widget_set_name (self->mark_empty, "marks-empty");
  gtk_label_set_wrap (GTK_LABEL (self->mark_empty), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->mark_empty), 0.0);
  gtk_widget_set_margin_start (self->mark_empty, 12);
  gtk_widget_set_margin_end (self->mark_empty, 12);
  gtk_widget_set_valign (self->mark_empty, GTK_ALIGN_START);
  gtk_widget_add_css_class (self->mark_empty, "dim-label");
  gtk_widget_set_parent (self->mark_empty, GTK_WIDGET (self));

  /* The buttons and the status. */
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (buttons, 6);
  gtk_widget_set_margin_end (buttons, 6);
  self->bookmark_button = gtk_menu_button_new ();
  gtk_widget_set_name (self->bookmark_button, "bookmark");
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->bookmark_button), _("_Bookmark…"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (self->bookmark_button), TRUE);
  gtk_menu_button_set_always_show_arrow (GTK_MENU_BUTTON (self->bookmark_button), FALSE);
  gtk_widget_set_tooltip_text (self->bookmark_button, _("Name the current position"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->bookmark_button), bookmark_popover (self));
  gtk_box_append (GTK_BOX (buttons), self->bookmark_button);
  self->note_button = gtk_menu_button_new ();
  gtk_widget_set_name (self->note_button, "note");
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->note_button), _("N_ote…"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (self->note_button), TRUE);
  gtk_widget_set_tooltip_text (self->note_button, _("Write a note on the current position"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->note_button), note_popover (self));
  gtk_box_append (GTK_BOX (buttons), self->note_button);
  self->remove_button = gtk_button_new_with_mnemonic (_("Re_move"));
  gtk_widget_set_name (self->remove_button, "remove");
  gtk_widget_set_tooltip_text (self->remove_button,
                               _("Remove the bookmark and the note of the selected position"));
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (on_remove_clicked), self);
  gtk_box_append (GTK_BOX (buttons), self->remove_button);
  gtk_widget_set_parent (buttons, GTK_WIDGET (self));

  bottom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (bottom, 6);
  gtk_widget_set_margin_end (bottom, 6);
  gtk_widget_set_margin_bottom (bottom, 6);
  self->status = gtk_label_new (NULL);
  gtk_widget_set_name (self->status, "history-status");
  gtk_label_set_xalign (GTK_LABEL (self->status), 0.0);
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_widget_set_hexpand (self->status, TRUE);
  gtk_box_append (GTK_BOX (bottom), self->status);
  gtk_widget_set_parent (bottom, GTK_WIDGET (self));

  wb_play_history_refresh (self);
}

GtkWidget *
wb_play_history_new (void)
{
  return g_object_new (WB_TYPE_PLAY_HISTORY, NULL);
}
