/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play-log-pane"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-play-log-pane.h"
#include "wb-play-follow.h"

/* --- a row ------------------------------------------------------------------ */

struct _WbPlayLogRow
{
  GObject  parent_instance;
  guint    index;   /* in the play's log */
  guint32  entry;
  char    *turn;
  char    *side;
  char    *body;
  char    *text;
};

G_DEFINE_FINAL_TYPE (WbPlayLogRow, wb_play_log_row, G_TYPE_OBJECT)

static void
wb_play_log_row_finalize (GObject *object)
{
  WbPlayLogRow *self = WB_PLAY_LOG_ROW (object);

  g_free (self->turn);
  g_free (self->side);
  g_free (self->body);
  g_free (self->text);
  G_OBJECT_CLASS (wb_play_log_row_parent_class)->finalize (object);
}

static guint row_changed_signal;

static void
wb_play_log_row_class_init (WbPlayLogRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_play_log_row_finalize;
  /* Its text changed (the other side at the screen reads another
   * version): the cells showing it follow. */
  row_changed_signal = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 0);
}

static void
wb_play_log_row_init (WbPlayLogRow *self)
{
}

guint32
wb_play_log_row_get_entry (WbPlayLogRow *self)
{
  g_return_val_if_fail (WB_IS_PLAY_LOG_ROW (self), 0);
  return self->entry;
}

const char *
wb_play_log_row_get_text (WbPlayLogRow *self)
{
  g_return_val_if_fail (WB_IS_PLAY_LOG_ROW (self), NULL);
  return self->text;
}

/* --- the pane --------------------------------------------------------------- */

enum { COLUMN_TURN, COLUMN_SIDE, COLUMN_EVENT };

struct _WbPlayLogPane
{
  GtkWidget       parent_instance;

  WbPlay         *play;
  GListStore     *rows;
  int             n_turns;       /* the turns the turn filter offers */
  guint           n_sides;
  gboolean        updating;      /* setting the filter widgets: no refresh each */
  int             viewer;        /* the side at the screen (hidden information), -1: all */

  GtkWidget      *turn_filter;   /* GtkDropDown: every turn, then each turn */
  GtkWidget      *side_filter;   /* GtkDropDown: both sides, then each side */
  GtkWidget      *unit_filter;   /* GtkSearchEntry */
  GtkWidget      *export_button;
  GtkWidget      *view;          /* GtkColumnView */
  GtkWidget      *status;        /* "12 of 40 events", or why an export failed */
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (WbPlayLogPane, wb_play_log_pane, GTK_TYPE_WIDGET)

enum { SIGNAL_ENTRY_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_status (WbPlayLogPane *self, const char *text, gboolean error)
{
  gtk_label_set_text (GTK_LABEL (self->status), text);
  if (error)
    gtk_widget_add_css_class (self->status, "error");
  else
    gtk_widget_remove_css_class (self->status, "error");
}

void
wb_play_log_pane_get_filter (WbPlayLogPane *self, WbLogFilter *filter)
{
  guint turn, side;

  g_return_if_fail (WB_IS_PLAY_LOG_PANE (self));
  g_return_if_fail (filter != NULL);

  turn = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->turn_filter));
  side = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->side_filter));
  filter->turn_min = filter->turn_max = turn == GTK_INVALID_LIST_POSITION ? 0 : (int) turn;
  filter->side = side == GTK_INVALID_LIST_POSITION || side == 0 ? -1 : (int) side - 1;
  filter->unit = gtk_editable_get_text (GTK_EDITABLE (self->unit_filter));
  filter->viewer = self->viewer;
}

void
wb_play_log_pane_set_viewer (WbPlayLogPane *self, int viewer)
{
  g_return_if_fail (WB_IS_PLAY_LOG_PANE (self));
  if (self->viewer == viewer)
    return;
  self->viewer = viewer;
  wb_play_log_pane_refresh (self);
}

/* GtkColumnView (4.8) has no scroll_to: its list view's action does it, and
 * keeps the item in sight as the rows get their sizes. */
static void
scroll_to (WbPlayLogPane *self, guint position)
{
  for (GtkWidget *c = gtk_widget_get_first_child (self->view); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      gtk_widget_activate_action (c, "list.scroll-to-item", "u", position);
}

/* Old rows [position, position + n_removed) give way to the new rows
 * items[first_item …][n_added]. */
typedef struct {
  guint position;
  guint n_removed;
  guint first_item;
  guint n_added;
} Run;

void
wb_play_log_pane_refresh (WbPlayLogPane *self)
{
  GPtrArray *log;
  WbMatch *m;
  WbLogFilter filter;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GArray) runs = NULL;
  g_autofree char *status = NULL;
  guint n_old, shown;

  g_return_if_fail (WB_IS_PLAY_LOG_PANE (self));

  if (self->play == NULL)
    {
      g_list_store_remove_all (self->rows);
      set_status (self, _("No match"), FALSE);
      return;
    }
  log = wb_play_get_log (self->play);
  m = wb_play_get_state (self->play);
  wb_play_log_pane_get_filter (self, &filter);
  /* The rows already shown for the same events with the same text stay:
   * after an action the log only grew, after undo it lost its end, after
   * the hand-over only the other side's secret lines change. The old rows
   * and the events shown are both in log order: a merge finds the runs to
   * replace, spliced from the end so that the positions hold. */
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  runs = g_array_new (FALSE, FALSE, sizeof (Run));
  items = g_ptr_array_new_with_free_func (g_object_unref);
  shown = 0;
  {
    guint o = 0;
    Run run = { 0, 0, 0, 0 };
    gboolean open = FALSE;

    for (guint i = 0; i <= log->len; i++)
      {
        WbLogEvent *e = i < log->len ? g_ptr_array_index (log, i) : NULL;
        g_autoptr(WbPlayLogRow) old_row = NULL;
        const char *text;

        /* Old rows of events before this one (filtered out now, or past
         * the end of the log) go. */
        for (;;)
          {
            g_clear_object (&old_row);
            old_row = o < n_old ? g_list_model_get_item (G_LIST_MODEL (self->rows), o) : NULL;
            if (old_row == NULL || (e != NULL && old_row->index >= i))
              break;
            if (!open)
              run = (Run) { o, 0, items->len, 0 }, open = TRUE;
            run.n_removed++;
            o++;
          }
        if (e == NULL)
          break;
        if (!wb_log_filter_matches (&filter, e))
          continue;
        shown++;
        text = wb_log_event_text_for (e, self->viewer);
        if (old_row != NULL && old_row->index == i && old_row->entry == e->entry)
          {
            if (open)
              g_array_append_val (runs, run), open = FALSE;
            /* The same event read by another side: the row changes in
             * place (splicing rows one by one is slow in GtkColumnView). */
            if (g_strcmp0 (old_row->text, text) != 0)
              {
                g_free (old_row->body);
                g_free (old_row->text);
                old_row->body = wb_play_log_event_body_for (self->play, e, self->viewer);
                old_row->text = g_strdup (text);
                g_signal_emit (old_row, row_changed_signal, 0);
              }
            o++;
            continue;
          }
        if (!open)
          run = (Run) { o, 0, items->len, 0 }, open = TRUE;
        {
          WbPlayLogRow *row = g_object_new (WB_TYPE_PLAY_LOG_ROW, NULL);

          row->index = i;
          row->entry = e->entry;
          row->turn = wb_match_turn_text (m, e->turn);
          row->side = g_strdup (e->side < wb_match_n_sides (m) ? wb_match_side_name (m, e->side) : "");
          row->body = wb_play_log_event_body_for (self->play, e, self->viewer);
          row->text = g_strdup (text);
          g_ptr_array_add (items, row);
          run.n_added++;
        }
      }
    if (open)
      g_array_append_val (runs, run);
  }
  for (guint r = runs->len; r-- > 0;)
    {
      Run *run = &g_array_index (runs, Run, r);
      g_list_store_splice (self->rows, run->position, run->n_removed, items->pdata + run->first_item, run->n_added);
    }
  if (shown == log->len)
    /* TRANSLATORS: the battle log pane's count of events */
    status = g_strdup_printf (ngettext ("%u event", "%u events", log->len),
                              log->len);
  else
    /* TRANSLATORS: the battle log pane's count when a filter hides some */
    status = g_strdup_printf (ngettext ("%u of %u event", "%u of %u events",
                                           log->len),
                              shown, log->len);
  set_status (self, status, FALSE);
  gtk_widget_set_sensitive (self->export_button, TRUE);

  /* The newest event kept in sight while the whole log is shown. */
  if (shown > 0 && filter.unit[0] == '\0' && filter.turn_min == 0 && filter.side < 0)
    scroll_to (self, shown - 1);
}

static void
fill_filter_models (WbPlayLogPane *self)
{
  g_autoptr(GtkStringList) turns = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);

  gtk_string_list_append (turns, _("Every turn"));
  gtk_string_list_append (sides, _("Both sides"));
  self->n_turns = 0;
  self->n_sides = 0;
  if (self->play != NULL)
    {
      WbMatch *m = wb_play_get_state (self->play);

      self->n_turns = wb_match_n_turns (m);
      for (int t = 1; t <= self->n_turns; t++)
        {
          g_autofree char *text = wb_match_turn_text (m, t);
          gtk_string_list_append (turns, text);
        }
      self->n_sides = wb_match_n_sides (m);
      if (self->n_sides != 2)
        gtk_string_list_splice (sides, 0, 1, (const char *[]) { _("Every side"), NULL });
      for (guint s = 0; s < self->n_sides; s++)
        gtk_string_list_append (sides, wb_match_side_name (m, s));
    }
  self->updating = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->turn_filter), G_LIST_MODEL (turns));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->side_filter), G_LIST_MODEL (sides));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->turn_filter), 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_filter), 0);
  gtk_editable_set_text (GTK_EDITABLE (self->unit_filter), "");
  self->updating = FALSE;
}

/* The log to the cursor follows every action, undo or jump. */
static void
on_play_changed (WbPlayLogPane *self, guint what)
{
  if (what & (WB_PLAY_CHANGED_LOG | WB_PLAY_CHANGED_CURSOR | WB_PLAY_CHANGED_STATE))
    wb_play_log_pane_refresh (self);
}

void
wb_play_log_pane_set_play (WbPlayLogPane *self, WbPlay *play)
{
  g_return_if_fail (WB_IS_PLAY_LOG_PANE (self));
  g_return_if_fail (play == NULL || WB_IS_PLAY (play));

  if (self->play == play)
    return;
  wb_play_follow (self, &self->play, play, G_CALLBACK (on_play_changed));
  fill_filter_models (self);
  gtk_widget_set_sensitive (self->turn_filter, play != NULL);
  gtk_widget_set_sensitive (self->side_filter, play != NULL);
  gtk_widget_set_sensitive (self->unit_filter, play != NULL);
  gtk_widget_set_sensitive (self->export_button, play != NULL);
  wb_play_log_pane_refresh (self);
}

WbPlay *
wb_play_log_pane_get_play (WbPlayLogPane *self)
{
  g_return_val_if_fail (WB_IS_PLAY_LOG_PANE (self), NULL);
  return self->play;
}

GListModel *
wb_play_log_pane_get_rows (WbPlayLogPane *self)
{
  g_return_val_if_fail (WB_IS_PLAY_LOG_PANE (self), NULL);
  return G_LIST_MODEL (self->rows);
}

void
wb_play_log_pane_set_filter (WbPlayLogPane *self, const WbLogFilter *filter)
{
  guint turn = 0, side = 0;
  /* A copy: @filter may come from wb_play_log_pane_get_filter, its unit the
   * entry's own text. */
  g_autofree char *unit = NULL;

  g_return_if_fail (WB_IS_PLAY_LOG_PANE (self));
  g_return_if_fail (filter != NULL);

  unit = g_strdup (filter->unit != NULL ? filter->unit : "");
  if (filter->turn_min > 0 && filter->turn_min == filter->turn_max
      && filter->turn_min <= self->n_turns)
    turn = (guint) filter->turn_min;
  if (filter->side >= 0 && (guint) filter->side < self->n_sides)
    side = (guint) filter->side + 1;
  self->updating = TRUE;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->turn_filter), turn);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_filter), side);
  gtk_editable_set_text (GTK_EDITABLE (self->unit_filter), unit);
  self->updating = FALSE;
  wb_play_log_pane_refresh (self);
}

gboolean
wb_play_log_pane_export (WbPlayLogPane *self,
                         const char    *path,
                         WbLogFormat    format,
                         GError       **error)
{
  WbLogFilter filter;

  g_return_val_if_fail (WB_IS_PLAY_LOG_PANE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->play == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no match to export"));
      return FALSE;
    }
  wb_play_log_pane_get_filter (self, &filter);
  return wb_play_log_save (self->play, path, format, &filter, error);
}

/* --- the filters ------------------------------------------------------------ */

static void
on_filter_changed (WbPlayLogPane *self)
{
  if (!self->updating)
    wb_play_log_pane_refresh (self);
}

/* --- Export… ---------------------------------------------------------------- */

static const struct {
  WbLogFormat format;
  const char *name;      /* N_() */
  const char *pattern;
} export_formats[] = {
  { WB_LOG_FORMAT_TEXT, N_("Text"), "*.txt" },
  { WB_LOG_FORMAT_HTML, N_("Web page (HTML)"), "*.html" },
  { WB_LOG_FORMAT_JSON, N_("JSON"), "*.json" },
};

static WbLogFormat
chosen_format (GtkFileChooser *chooser, const char *path)
{
  GtkFileFilter *chosen = gtk_file_chooser_get_filter (chooser);
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);

  /* The extension typed wins; else the filter chosen. */
  for (guint i = 0; i < G_N_ELEMENTS (export_formats); i++)
    if (g_str_has_suffix (path, export_formats[i].pattern + 1))
      return export_formats[i].format;
  for (guint i = 0; i < g_list_model_get_n_items (filters) && i < G_N_ELEMENTS (export_formats); i++)
    {
      g_autoptr(GtkFileFilter) f = g_list_model_get_item (filters, i);
      if (f == chosen)
        return export_formats[i].format;
    }
  return WB_LOG_FORMAT_TEXT;
}

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    WbPlayLogPane   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        set_status (self, _("The log can only be exported to a local file"), TRUE);
      else if (!wb_play_log_pane_export (self, path,
                                         chosen_format (GTK_FILE_CHOOSER (dialog), path), &error))
        set_status (self, error->message, TRUE);
      else
        {
          g_autofree char *base = g_path_get_basename (path);
          g_autofree char *text = g_strdup_printf (_("Exported to %s"), base);
          set_status (self, text, FALSE);
        }
    }
  g_object_set_data (G_OBJECT (self), "wb-play-log-chooser", NULL);
  g_clear_object (&self->chooser);
}

static void
on_export_clicked (WbPlayLogPane *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const char *id;
  g_autofree char *name = NULL;

  if (self->play == NULL || self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Export Battle Log"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (export_formats); i++)
    {
      g_autoptr(GtkFileFilter) f = gtk_file_filter_new ();
      gtk_file_filter_set_name (f, _(export_formats[i].name));
      gtk_file_filter_add_pattern (f, export_formats[i].pattern);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), f);
    }
  id = wb_game_get_id (wb_play_get_game (self->play));
  /* TRANSLATORS: the default file name of an exported battle log */
  name = g_strdup_printf (_("%s-log.txt"), id != NULL && *id ? id : "game");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_response), self);
  /* For the tests, as the window does with its choosers. */
  g_object_set_data (G_OBJECT (self), "wb-play-log-chooser", self->chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* --- the list --------------------------------------------------------------- */

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  column)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_yalign (GTK_LABEL (label), 0.0);
  if (GPOINTER_TO_INT (column) == COLUMN_EVENT)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_width_chars (GTK_LABEL (label), 20);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
      gtk_widget_set_hexpand (label, TRUE);
    }
  else
    gtk_widget_add_css_class (label, "dim-label");
  gtk_list_item_set_child (item, label);
}

static void
show_row (GtkListItem *item, int column)
{
  WbPlayLogRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text;

  switch (column)
    {
    case COLUMN_TURN:
      text = row->turn;
      break;
    case COLUMN_SIDE:
      text = row->side;
      break;
    case COLUMN_EVENT:
    default:
      text = row->body;
      break;
    }
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, row->text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  row->text, -1);
}

static void
on_row_changed (WbPlayLogRow *row, GtkListItem *item)
{
  show_row (item, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (item), "wb-column")));
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  column)
{
  g_object_set_data (G_OBJECT (item), "wb-column", column);
  show_row (item, GPOINTER_TO_INT (column));
  g_signal_connect (gtk_list_item_get_item (item), "changed", G_CALLBACK (on_row_changed), item);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  column)
{
  g_signal_handlers_disconnect_by_func (gtk_list_item_get_item (item), on_row_changed, item);
}

static void
add_column (WbPlayLogPane *self, const char *title, int column)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) c = NULL;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (column));
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), GINT_TO_POINTER (column));
  c = gtk_column_view_column_new (title, g_object_ref (factory));
  gtk_column_view_column_set_expand (c, column == COLUMN_EVENT);
  gtk_column_view_column_set_resizable (c, column != COLUMN_EVENT);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), c);
}

static void
on_activate (GtkColumnView *view,
             guint          position,
             WbPlayLogPane *self)
{
  g_autoptr(WbPlayLogRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);

  if (row != NULL)
    g_signal_emit (self, signals[SIGNAL_ENTRY_ACTIVATED], 0, row->entry);
}

static GtkWidget *
labelled (GtkWidget *widget, const char *mnemonic)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  return box;
}

static void
wb_play_log_pane_dispose (GObject *object)
{
  WbPlayLogPane *self = WB_PLAY_LOG_PANE (object);
  GtkWidget *child;

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->play);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (wb_play_log_pane_parent_class)->dispose (object);
}

static void
wb_play_log_pane_class_init (WbPlayLogPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_log_pane_dispose;

  /**
   * WbPlayLogPane::entry-activated:
   * @entry: the journal entry that wrote the row's event
   *
   * A row was activated: the window jumps the match there.
   */
  signals[SIGNAL_ENTRY_ACTIVATED] =
    g_signal_new ("entry-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playlogpane");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_play_log_pane_init (WbPlayLogPane *self)
{
  GtkWidget *filters, *scrolled, *bottom;
  g_autoptr(GtkSingleSelection) selection = NULL;

  self->viewer = -1;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Battle log"), -1);
  self->rows = g_list_store_new (WB_TYPE_PLAY_LOG_ROW);

  /* The filters. */
  filters = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (filters), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (filters), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (filters), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (filters), 6);
  gtk_widget_set_margin_start (filters, 6);
  gtk_widget_set_margin_end (filters, 6);
  gtk_widget_set_margin_top (filters, 6);

  self->turn_filter = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_name (self->turn_filter, "turn-filter");
  gtk_widget_set_tooltip_text (self->turn_filter, _("Show the events of one turn only"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->turn_filter),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Turn filter"), -1);
  g_signal_connect_swapped (self->turn_filter, "notify::selected", G_CALLBACK (on_filter_changed), self);
  gtk_flow_box_append (GTK_FLOW_BOX (filters), labelled (self->turn_filter, _("_Turn")));

  self->side_filter = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_name (self->side_filter, "side-filter");
  gtk_widget_set_tooltip_text (self->side_filter, _("Show the events of one side's steps only"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->side_filter),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Side filter"), -1);
  g_signal_connect_swapped (self->side_filter, "notify::selected", G_CALLBACK (on_filter_changed), self);
  gtk_flow_box_append (GTK_FLOW_BOX (filters), labelled (self->side_filter, _("_Side")));

  self->unit_filter = gtk_search_entry_new ();
  g_object_set (self->unit_filter, "placeholder-text", _("Unit or text"), NULL);
  gtk_widget_set_tooltip_text (self->unit_filter,
                               _("Show the events whose text names this unit (or holds this text)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->unit_filter),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search the log for a unit"), -1);
  gtk_widget_set_name (self->unit_filter, "unit-filter");
  g_signal_connect_swapped (self->unit_filter, "search-changed", G_CALLBACK (on_filter_changed), self);
  gtk_flow_box_append (GTK_FLOW_BOX (filters), labelled (self->unit_filter, _("U_nit")));
  gtk_widget_set_parent (filters, GTK_WIDGET (self));

  /* The events. */
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  self->view = gtk_column_view_new (GTK_SELECTION_MODEL (g_object_ref (selection)));
  gtk_widget_set_name (self->view, "log-view");
  gtk_column_view_set_single_click_activate (GTK_COLUMN_VIEW (self->view), TRUE);
  gtk_column_view_set_show_row_separators (GTK_COLUMN_VIEW (self->view), TRUE);
  gtk_widget_set_tooltip_text (self->view, _("Click an event (or press Enter) to go back to it"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Battle log events"), -1);
  add_column (self, _("Turn"), COLUMN_TURN);
  add_column (self, _("Side"), COLUMN_SIDE);
  add_column (self, _("Event"), COLUMN_EVENT);
  g_signal_connect (self->view, "activate", G_CALLBACK (on_activate), self);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_parent (scrolled, GTK_WIDGET (self));

  /* The count and Export…. */
  bottom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (bottom, 6);
  gtk_widget_set_margin_end (bottom, 6);
  gtk_widget_set_margin_bottom (bottom, 6);
  self->status = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0.0);
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_widget_set_hexpand (self->status, TRUE);
  gtk_widget_add_css_class (self->status, "dim-label");
  gtk_box_append (GTK_BOX (bottom), self->status);
  self->export_button = gtk_button_new_with_mnemonic (_("E_xport…"));
  gtk_widget_set_name (self->export_button, "export");
  gtk_widget_set_tooltip_text (self->export_button,
                               _("Save the events shown as text, a web page or JSON"));
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (on_export_clicked), self);
  gtk_box_append (GTK_BOX (bottom), self->export_button);
  gtk_widget_set_parent (bottom, GTK_WIDGET (self));

  fill_filter_models (self);
  gtk_widget_set_sensitive (self->turn_filter, FALSE);
  gtk_widget_set_sensitive (self->side_filter, FALSE);
  gtk_widget_set_sensitive (self->unit_filter, FALSE);
  gtk_widget_set_sensitive (self->export_button, FALSE);
  set_status (self, _("No match"), FALSE);
}

GtkWidget *
wb_play_log_pane_new (void)
{
  return g_object_new (WB_TYPE_PLAY_LOG_PANE, NULL);
}
