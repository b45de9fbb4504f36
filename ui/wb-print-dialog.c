/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print-dialog"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-print-dialog.h"

/*
 * Print and Export: one dialog for every printed thing, over the layout
 * engine the CLI uses (core/wb-print.h), so what the preview shows, what
 * the printer gets and what `warbench-cli print` writes are the same
 * pages. Printing goes through GtkPrintOperation on the live game (GTK's
 * own dialog brings the preview); Export PDF writes a copy of the game in
 * a worker thread, so a 100-page kit neither freezes the window nor sees
 * an edit made meanwhile, with a progress bar and Cancel.
 */

struct _WbPrintDialog {
  GtkWindow       parent_instance;

  WbGame         *game;
  GtkDropDown    *what;
  GtkDropDown    *scenario;
  GtkDropDown    *paper;
  GtkDropDown    *scale;
  GtkDropDown    *layout;
  GtkLabel       *summary;
  GtkProgressBar *progress;
  GtkWidget      *print_button;
  GtkWidget      *export_button;
  GtkWidget      *close_button;
  GCancellable   *cancellable;
  GtkFileChooserNative *chooser;
  char           *result;
  gboolean        busy;
};

G_DEFINE_FINAL_TYPE (WbPrintDialog, wb_print_dialog, GTK_TYPE_WINDOW)

static const char *const what_names[WB_PRINT_WHAT_N] = {
  N_("Print-and-Play Kit"), N_("Map"), N_("Counter Sheets"), N_("Set-up Cards"),
  N_("Order of Battle Cards"), N_("Turn Record Track"), N_("Player Aid"), N_("Rules Summary"),
};
static const char *const paper_ids[] = { "a4", "letter", "a3", "tabloid" };
static const char *const paper_names[] = { N_("A4"), N_("Letter"), N_("A3"), N_("Tabloid"), NULL };
static const char *const scale_names[] = { N_("True scale"), N_("Fit to one page"), NULL };
static const char *const layout_names[] = {
  N_("Duplex: backs on the next page"), N_("Fold-over: backs beside"), N_("Fronts only"), NULL,
};

/* The choices, read on the main thread and handed to the worker. */
typedef struct {
  WbPrintWhat          what;
  char                *scenario;   /* id, NULL: the first */
  char                *paper;
  gboolean             fit;
  WbCounterSheetLayout layout;
} Choices;

static void
choices_clear (Choices *c)
{
  g_free (c->scenario);
  g_free (c->paper);
}

static void
read_choices (WbPrintDialog *self,
              Choices       *c)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);
  guint s = gtk_drop_down_get_selected (self->scenario);

  c->what = MIN (gtk_drop_down_get_selected (self->what), WB_PRINT_WHAT_N - 1);
  c->scenario = s < scenarios->len ? g_strdup (wb_scenario_get_id (g_ptr_array_index (scenarios, s))) : NULL;
  c->paper = g_strdup (paper_ids[MIN (gtk_drop_down_get_selected (self->paper), G_N_ELEMENTS (paper_ids) - 1)]);
  c->fit = gtk_drop_down_get_selected (self->scale) == 1;
  c->layout = MIN (gtk_drop_down_get_selected (self->layout), WB_COUNTER_SHEET_FRONTS);
}

/* The pages of @c for @game (the live one or the worker's copy). */
static WbPrintDoc *
build_doc (WbGame         *game,
           const Choices  *c,
           GError        **error)
{
  WbScenario *scenario = c->scenario != NULL ? wb_game_find_scenario (game, c->scenario) : NULL;
  WbPrintDoc *doc;
  WbPaper paper;
  gboolean ok = TRUE;

  if (!wb_paper_parse (c->paper, &paper, error))
    return NULL;
  doc = wb_print_doc_new (game, &paper);
  switch (c->what)
    {
    case WB_PRINT_WHAT_KIT:
      {
        WbKitOptions o;

        wb_kit_options_init (&o);
        o.scenario = scenario;
        o.counter_layout = c->layout;
        ok = wb_print_add_kit (doc, &o, error);
      }
      break;
    case WB_PRINT_WHAT_MAP:
      {
        WbMap *map = scenario != NULL ? wb_game_find_map (game, wb_scenario_get_map (scenario)) : NULL;
        WbMapPrintOptions o;

        if (map == NULL && wb_game_get_maps (game)->len > 0)
          map = g_ptr_array_index (wb_game_get_maps (game), 0);
        if (map == NULL)
          {
            g_set_error_literal (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID, _("The game has no map"));
            ok = FALSE;
            break;
          }
        wb_map_print_options_init (&o);
        o.fit = c->fit;
        ok = wb_print_add_map (doc, map, &o, error);
      }
      break;
    case WB_PRINT_WHAT_COUNTERS:
      {
        WbCounterSheetOptions o;

        wb_counter_sheet_options_init (&o);
        o.layout = c->layout;
        ok = wb_print_add_counter_sheets (doc, &o, error);
      }
      break;
    case WB_PRINT_WHAT_SETUP_CARDS:
    case WB_PRINT_WHAT_TURN_TRACK:
      if (scenario == NULL)
        {
          g_set_error_literal (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID, _("The game has no scenario"));
          ok = FALSE;
        }
      else if (c->what == WB_PRINT_WHAT_SETUP_CARDS)
        wb_print_add_setup_cards (doc, scenario, NULL);
      else
        wb_print_add_turn_track (doc, scenario);
      break;
    case WB_PRINT_WHAT_OOB_CARDS:
      wb_print_add_oob_cards (doc);
      break;
    case WB_PRINT_WHAT_PLAYER_AID:
      wb_print_add_player_aid (doc);
      break;
    case WB_PRINT_WHAT_RULES_SUMMARY:
    case WB_PRINT_WHAT_N:
    default:
      wb_print_add_rules_summary (doc, scenario);
      break;
    }
  if (ok && wb_print_doc_get_n_pages (doc) == 0)
    {
      g_set_error_literal (error, WB_PRINT_ERROR, WB_PRINT_ERROR_INVALID, _("There is nothing to print"));
      ok = FALSE;
    }
  if (!ok)
    g_clear_pointer (&doc, wb_print_doc_free);
  return doc;
}

static void
update_sensitivity (WbPrintDialog *self)
{
  guint what = gtk_drop_down_get_selected (self->what);

  gtk_widget_set_sensitive (GTK_WIDGET (self->what), !self->busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->paper), !self->busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scenario), !self->busy && wb_game_get_scenarios (self->game)->len > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scale), !self->busy && what == WB_PRINT_WHAT_MAP);
  gtk_widget_set_sensitive (GTK_WIDGET (self->layout),
                            !self->busy && (what == WB_PRINT_WHAT_COUNTERS || what == WB_PRINT_WHAT_KIT));
  gtk_widget_set_sensitive (self->print_button, !self->busy);
  gtk_widget_set_sensitive (self->export_button, !self->busy);
  gtk_button_set_label (GTK_BUTTON (self->close_button), self->busy ? _("_Cancel") : _("_Close"));
  gtk_widget_set_visible (GTK_WIDGET (self->progress), self->busy);
}

static void
update_summary (WbPrintDialog *self)
{
  g_autoptr(GError) error = NULL;
  Choices c = { 0, };
  WbPrintDoc *doc;
  g_autofree char *text = NULL;

  if (self->busy)
    return;
  read_choices (self, &c);
  wb_game_lock_read (self->game);
  doc = build_doc (self->game, &c, &error);
  wb_game_unlock_read (self->game);
  if (doc == NULL)
    text = g_strdup (error->message);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u page on %s paper", "%u pages on %s paper",
                                         wb_print_doc_get_n_pages (doc)),
                            wb_print_doc_get_n_pages (doc),
                            _(paper_names[MIN (gtk_drop_down_get_selected (self->paper), G_N_ELEMENTS (paper_ids) - 1)]));
  gtk_label_set_text (self->summary, text);
  g_clear_pointer (&doc, wb_print_doc_free);
  choices_clear (&c);
  update_sensitivity (self);
}

static void
on_choice_changed (WbPrintDialog *self)
{
  update_summary (self);
}

/* --- export in the background ------------------------------------------- */

typedef struct {
  char    *data;       /* the game, saved: the worker loads its own copy */
  char    *name;
  Choices  choices;
  char    *path;
  GWeakRef dialog;
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  g_free (job->data);
  g_free (job->name);
  choices_clear (&job->choices);
  g_free (job->path);
  g_weak_ref_clear (&job->dialog);
  g_free (job);
}

typedef struct {
  GWeakRef dialog;
  double   fraction;
} Progress;

static gboolean
show_progress (gpointer data)
{
  Progress *p = data;
  g_autoptr(WbPrintDialog) self = g_weak_ref_get (&p->dialog);

  if (self != NULL && self->busy)
    gtk_progress_bar_set_fraction (self->progress, p->fraction);
  g_weak_ref_clear (&p->dialog);
  g_free (p);
  return G_SOURCE_REMOVE;
}

static gboolean
on_page_written (guint    done,
                 guint    total,
                 gpointer user_data)
{
  ExportJob *job = user_data;
  Progress *p = g_new0 (Progress, 1);
  g_autoptr(GObject) dialog = g_weak_ref_get (&job->dialog);

  g_weak_ref_init (&p->dialog, dialog);
  p->fraction = total > 0 ? (double) done / total : 1;
  g_idle_add (show_progress, p);
  return TRUE;
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) copy = wb_game_load_from_data (job->data, -1, job->name, &error);
  WbPrintDoc *doc;

  if (copy == NULL || (doc = build_doc (copy, &job->choices, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (!wb_print_doc_write_pdf (doc, job->path, on_page_written, job, cancellable, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_int (task, wb_print_doc_get_n_pages (doc));
  wb_print_doc_free (doc);
}

static void
on_export_done (GObject      *source,
                GAsyncResult *res,
                gpointer      user_data)
{
  WbPrintDialog *self = WB_PRINT_DIALOG (source);
  ExportJob *job = g_task_get_task_data (G_TASK (res));
  g_autoptr(GError) error = NULL;
  gssize pages = g_task_propagate_int (G_TASK (res), &error);
  g_autofree char *text = NULL;

  self->busy = FALSE;
  g_clear_object (&self->cancellable);
  g_free (self->result);
  self->result = g_strdup (error != NULL ? error->message : "");
  if (error != NULL)
    text = g_strdup (error->message);
  else
    {
      g_autofree char *base = g_path_get_basename (job->path);

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Wrote %s: %zd page", "Wrote %s: %zd pages", pages),
                              base, pages);
    }
  gtk_label_set_text (self->summary, text);
  update_sensitivity (self);
}

void
wb_print_dialog_export (WbPrintDialog *self,
                        GFile         *file)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  ExportJob *job;

  g_return_if_fail (WB_IS_PRINT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->busy)
    return;
  job = g_new0 (ExportJob, 1);
  wb_game_lock_read (self->game);
  job->data = wb_game_to_data (self->game, NULL);
  wb_game_unlock_read (self->game);
  job->name = g_strdup_printf ("%s.warbench", wb_game_get_id (self->game) != NULL ? wb_game_get_id (self->game) : "game");
  job->path = g_file_get_path (file);
  read_choices (self, &job->choices);
  g_weak_ref_init (&job->dialog, self);
  if (job->data == NULL || job->path == NULL)
    {
      g_free (self->result);
      self->result = g_strdup (error != NULL ? error->message : _("Only a local file can be written"));
      gtk_label_set_text (self->summary, self->result);
      export_job_free (job);
      return;
    }

  g_clear_pointer (&self->result, g_free);
  self->busy = TRUE;
  self->cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_label_set_text (self->summary, _("Writing the PDF…"));
  update_sensitivity (self);
  task = g_task_new (self, self->cancellable, on_export_done, NULL);
  g_task_set_task_data (task, job, export_job_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
wb_print_dialog_is_busy (WbPrintDialog *self)
{
  g_return_val_if_fail (WB_IS_PRINT_DIALOG (self), FALSE);
  return self->busy;
}

void
wb_print_dialog_cancel (WbPrintDialog *self)
{
  g_return_if_fail (WB_IS_PRINT_DIALOG (self));
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

const char *
wb_print_dialog_get_result (WbPrintDialog *self)
{
  g_return_val_if_fail (WB_IS_PRINT_DIALOG (self), NULL);
  return self->result;
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     WbPrintDialog   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        wb_print_dialog_export (self, file);
    }
  g_clear_object (&self->chooser);
}

static void
on_export_clicked (WbPrintDialog *self)
{
  g_autofree char *name = NULL;
  GtkFileFilter *filter;
  static const char *const suffixes[WB_PRINT_WHAT_N] = {
    "kit", "map", "counters", "setup-cards", "oob-cards", "turn-track", "player-aid", "rules-summary",
  };

  if (self->chooser != NULL || self->busy)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Export PDF"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("PDF documents"));
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_filter_add_suffix (filter, "pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_unref (filter);
  name = g_strdup_printf ("%s-%s.pdf", wb_game_get_id (self->game) != NULL ? wb_game_get_id (self->game) : "game",
                          suffixes[MIN (gtk_drop_down_get_selected (self->what), WB_PRINT_WHAT_N - 1)]);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* --- printing --------------------------------------------------------------- */

typedef struct {
  WbGame     *game;
  WbPrintDoc *doc;
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_clear_pointer (&job->doc, wb_print_doc_free);
  g_clear_object (&job->game);
  g_free (job);
}

static GtkPageSetup *
page_setup_for (WbPrintDoc *doc,
                guint       page)
{
  const WbPaper *paper = wb_print_doc_get_paper (doc);
  GtkPageSetup *setup = gtk_page_setup_new ();
  GtkPaperSize *size = gtk_paper_size_new_custom (paper->name, paper->name, paper->width, paper->height,
                                                  GTK_UNIT_POINTS);

  gtk_page_setup_set_paper_size (setup, size);
  gtk_page_setup_set_orientation (setup, wb_print_doc_page_is_landscape (doc, page) ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                                                   : GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_paper_size_free (size);
  return setup;
}

static void
on_request_page_setup (GtkPrintOperation *op,
                       GtkPrintContext   *context,
                       int                page,
                       GtkPageSetup      *setup,
                       PrintJob          *job)
{
  gtk_page_setup_set_orientation (setup, wb_print_doc_page_is_landscape (job->doc, page)
                                         ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT);
}

/* The page at the paper's corner in points (use-full-page): the layout
 * keeps its own margins, so sheets print where the PDF puts them. */
static void
on_draw_page (GtkPrintOperation *op,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  wb_game_lock_read (job->game);
  wb_print_doc_draw_page (job->doc, page, cr);
  wb_game_unlock_read (job->game);
}

gboolean
wb_print_dialog_print (WbPrintDialog *self,
                       const char    *pdf,
                       GError       **error)
{
  g_autoptr(GtkPrintOperation) op = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  Choices c = { 0, };
  PrintJob *job;
  WbPrintDoc *doc;
  GtkPrintOperationResult result;

  g_return_val_if_fail (WB_IS_PRINT_DIALOG (self), FALSE);

  read_choices (self, &c);
  wb_game_lock_read (self->game);
  doc = build_doc (self->game, &c, error);
  wb_game_unlock_read (self->game);
  choices_clear (&c);
  if (doc == NULL)
    return FALSE;
  job = g_new0 (PrintJob, 1);
  job->game = g_object_ref (self->game);
  job->doc = doc;

  op = gtk_print_operation_new ();
  gtk_print_operation_set_job_name (op, wb_game_get_title (self->game) != NULL ? wb_game_get_title (self->game) : "Warbench");
  gtk_print_operation_set_n_pages (op, wb_print_doc_get_n_pages (doc));
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (op, TRUE);
  setup = page_setup_for (doc, 0);
  gtk_print_operation_set_default_page_setup (op, setup);
  g_signal_connect (op, "request-page-setup", G_CALLBACK (on_request_page_setup), job);
  g_signal_connect_data (op, "draw-page", G_CALLBACK (on_draw_page), job,
                         (GClosureNotify) (void (*) (void)) print_job_free, 0);
  if (pdf != NULL)
    {
      gtk_print_operation_set_export_filename (op, pdf);
      result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_EXPORT, GTK_WINDOW (self), error);
    }
  else
    {
      gtk_print_operation_set_allow_async (op, TRUE);
      result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self), error);
    }
  return result != GTK_PRINT_OPERATION_RESULT_ERROR;
}

static void
on_print_clicked (WbPrintDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (!wb_print_dialog_print (self, NULL, &error))
    gtk_label_set_text (self->summary, error->message);
}

static void
on_close_clicked (WbPrintDialog *self)
{
  if (self->busy)
    wb_print_dialog_cancel (self);
  else
    gtk_window_destroy (GTK_WINDOW (self));
}

/* --- the dialog -------------------------------------------------------------- */

static GtkDropDown *
add_row (GtkGrid            *grid,
         int                 row,
         const char         *label,
         const char * const *names,
         WbPrintDialog      *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GtkWidget *l = gtk_label_new_with_mnemonic (label);
  GtkWidget *drop;

  for (guint i = 0; names[i] != NULL; i++)
    gtk_string_list_append (list, _(names[i]));
  drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (list)), NULL);
  gtk_widget_set_hexpand (drop, TRUE);
  gtk_label_set_xalign (GTK_LABEL (l), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), drop);
  gtk_grid_attach (grid, l, 0, row, 1, 1);
  gtk_grid_attach (grid, drop, 1, row, 1, 1);
  g_signal_connect_swapped (drop, "notify::selected", G_CALLBACK (on_choice_changed), self);
  return GTK_DROP_DOWN (drop);
}

static void
wb_print_dialog_dispose (GObject *object)
{
  WbPrintDialog *self = WB_PRINT_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (wb_print_dialog_parent_class)->dispose (object);
}

static void
wb_print_dialog_finalize (GObject *object)
{
  WbPrintDialog *self = WB_PRINT_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_object (&self->cancellable);
  g_free (self->result);
  G_OBJECT_CLASS (wb_print_dialog_parent_class)->finalize (object);
}

static void
wb_print_dialog_class_init (WbPrintDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_print_dialog_dispose;
  object_class->finalize = wb_print_dialog_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_print_dialog_init (WbPrintDialog *self)
{
}

WbPrintDialog *
wb_print_dialog_new (GtkWindow   *parent,
                     WbGame      *game,
                     WbPrintWhat  what)
{
  WbPrintDialog *self;
  GtkWidget *box, *grid, *buttons;
  const char *what_list[WB_PRINT_WHAT_N + 1] = { NULL, };
  g_autoptr(GPtrArray) scenario_names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *scenarios;
  WbPaper paper;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  self = g_object_new (WB_TYPE_PRINT_DIALOG, "title", _("Print and Export"), "modal", TRUE,
                       "transient-for", parent, "destroy-with-parent", TRUE, "default-width", 480, NULL);
  self->game = g_object_ref (game);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_box_append (GTK_BOX (box), grid);

  for (guint i = 0; i < WB_PRINT_WHAT_N; i++)
    what_list[i] = what_names[i];
  scenarios = wb_game_get_scenarios (game);
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *s = g_ptr_array_index (scenarios, i);

      g_ptr_array_add (scenario_names, g_strdup (wb_scenario_get_name (s) != NULL ? wb_scenario_get_name (s)
                                                                                  : wb_scenario_get_id (s)));
    }
  if (scenarios->len == 0)
    g_ptr_array_add (scenario_names, g_strdup (_("No scenario")));
  g_ptr_array_add (scenario_names, NULL);

  /* Signals fire as rows are added; the summary is computed once at the end. */
  self->busy = TRUE;
  self->what = add_row (GTK_GRID (grid), 0, _("_Print"), what_list, self);
  self->scenario = add_row (GTK_GRID (grid), 1, _("_Scenario"), (const char * const *) scenario_names->pdata, self);
  self->paper = add_row (GTK_GRID (grid), 2, _("P_aper"), paper_names, self);
  self->scale = add_row (GTK_GRID (grid), 3, _("_Map"), scale_names, self);
  self->layout = add_row (GTK_GRID (grid), 4, _("_Counter sheets"), layout_names, self);
  gtk_drop_down_set_selected (self->what, what);
  wb_paper_default (&paper);
  gtk_drop_down_set_selected (self->paper, g_str_equal (paper.name, "letter") ? 1 : 0);

  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_label_set_wrap (self->summary, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary));
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->progress));

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  self->close_button = gtk_button_new_with_mnemonic (_("_Close"));
  self->export_button = gtk_button_new_with_mnemonic (_("_Export PDF…"));
  self->print_button = gtk_button_new_with_mnemonic (_("_Print…"));
  gtk_widget_add_css_class (self->print_button, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), self->close_button);
  gtk_box_append (GTK_BOX (buttons), self->export_button);
  gtk_box_append (GTK_BOX (buttons), self->print_button);
  gtk_box_append (GTK_BOX (box), buttons);
  g_signal_connect_swapped (self->close_button, "clicked", G_CALLBACK (on_close_clicked), self);
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (on_export_clicked), self);
  g_signal_connect_swapped (self->print_button, "clicked", G_CALLBACK (on_print_clicked), self);
  gtk_window_set_child (GTK_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->print_button);

  self->busy = FALSE;
  update_summary (self);
  return self;
}

void
wb_print_dialog_set_what (WbPrintDialog *self,
                          WbPrintWhat    what)
{
  g_return_if_fail (WB_IS_PRINT_DIALOG (self));
  gtk_drop_down_set_selected (self->what, MIN (what, WB_PRINT_WHAT_N - 1));
}

void
wb_print_dialog_set_paper (WbPrintDialog *self,
                           const char    *paper)
{
  g_return_if_fail (WB_IS_PRINT_DIALOG (self));
  for (guint i = 0; i < G_N_ELEMENTS (paper_ids); i++)
    if (g_strcmp0 (paper, paper_ids[i]) == 0)
      gtk_drop_down_set_selected (self->paper, i);
}

guint
wb_print_dialog_get_n_pages (WbPrintDialog *self)
{
  g_autoptr(GError) error = NULL;
  Choices c = { 0, };
  WbPrintDoc *doc;
  guint n;

  g_return_val_if_fail (WB_IS_PRINT_DIALOG (self), 0);
  read_choices (self, &c);
  wb_game_lock_read (self->game);
  doc = build_doc (self->game, &c, &error);
  wb_game_unlock_read (self->game);
  choices_clear (&c);
  n = doc != NULL ? wb_print_doc_get_n_pages (doc) : 0;
  g_clear_pointer (&doc, wb_print_doc_free);
  return n;
}
