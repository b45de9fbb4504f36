/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-balance-window"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "wb-balance-window.h"
#include "rules/wb-balance-plot.h"

/*
 * The run is played by wb_balance_run on a GTask thread, on copies of the
 * games made on the main thread when Run is pressed. The worker's progress
 * callback only stores counts in atomics; a timeout on the main thread
 * reads them into the progress bar. Cancel cancels the GCancellable: the
 * run stops, and what was finished is shown, marked incomplete.
 */

enum { VARIANT_NONE, VARIANT_OPTIONS, VARIANT_FILE };

typedef struct {
  WbGame          *game;       /* copies: the worker's own */
  WbGame          *variant_game;
  char            *scenario;
  char           **options;
  char           **variant_options;
  gboolean         has_variant;
  guint            games;
  guint64          seed;
  gint             done;       /* atomics: games finished, of total */
  gint             total;
  WbBalance       *a, *b;
  GWeakRef         window;     /* the task holds no window: closed, it goes */
} Job;

struct _WbBalanceWindow
{
  AdwWindow            parent_instance;

  WbGame              *game;
  char                *game_path;
  AdwComboRow         *scenario_row;
  AdwPreferencesGroup *options_group;
  GPtrArray           *option_rows;        /* AdwActionRow*, "wb-option", "wb-switch" */
  AdwPreferencesGroup *variant_group;
  AdwComboRow         *variant_row;
  GPtrArray           *variant_rows;       /* the variant's option switches */
  AdwActionRow        *variant_file_row;
  char                *variant_path;
  GtkSpinButton       *games_spin;
  GtkSpinButton       *seed_spin;
  GtkWidget           *run_button;
  GtkWidget           *cancel_button;
  GtkWidget           *export_button;
  GtkProgressBar      *progress;
  GtkLabel            *status;
  GtkWidget           *plots[3];
  GtkTextBuffer       *report;
  GtkWidget           *results;            /* the stack of plots and report */
  GtkFileChooserNative *chooser;

  GCancellable        *cancellable;
  guint                poll;
  Job                 *job;                /* while running (owned by the task) */
  WbBalance           *a, *b;              /* the last result */
  char                *status_text;
  gboolean             closed;              /* disposed: a run ending later shows nothing */
};

G_DEFINE_FINAL_TYPE (WbBalanceWindow, wb_balance_window, ADW_TYPE_WINDOW)

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_object (&job->game);
  g_clear_object (&job->variant_game);
  g_free (job->scenario);
  g_strfreev (job->options);
  g_strfreev (job->variant_options);
  g_clear_pointer (&job->a, wb_balance_free);
  g_clear_pointer (&job->b, wb_balance_free);
  g_weak_ref_clear (&job->window);
  g_free (job);
}

static void
set_status (WbBalanceWindow *self, const char *text)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  gtk_label_set_text (self->status, text != NULL ? text : "");
}

static WbScenario *
chosen_scenario (WbBalanceWindow *self)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);
  guint i = adw_combo_row_get_selected (self->scenario_row);

  return i < scenarios->len ? g_ptr_array_index (scenarios, i) : NULL;
}

/* --- the form ------------------------------------------------------------- */

static void
clear_rows (AdwPreferencesGroup *group, GPtrArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_option_rows (WbBalanceWindow *self, AdwPreferencesGroup *group, GPtrArray *rows, const char *prefix)
{
  WbScenario *scenario = chosen_scenario (self);
  GPtrArray *options = scenario != NULL ? wb_scenario_get_options (scenario) : NULL;

  for (guint i = 0; options != NULL && i < options->len; i++)
    {
      WbOption *o = g_ptr_array_index (options, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *sw = gtk_switch_new ();
      const char *name = o->name != NULL ? o->name : o->id;
      g_autofree char *title = prefix != NULL ? g_strdup_printf ("%s%s", prefix, name) : g_strdup (name);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (sw), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      g_object_set_data (G_OBJECT (row), "wb-option", (gpointer) o->id);
      g_object_set_data (G_OBJECT (row), "wb-switch", sw);
      adw_preferences_group_add (group, row);
      g_ptr_array_add (rows, row);
    }
}

static void
update_variant (WbBalanceWindow *self)
{
  guint v = adw_combo_row_get_selected (self->variant_row);

  for (guint i = 0; i < self->variant_rows->len; i++)
    gtk_widget_set_visible (g_ptr_array_index (self->variant_rows, i), v == VARIANT_OPTIONS);
  gtk_widget_set_visible (GTK_WIDGET (self->variant_file_row), v == VARIANT_FILE);
}

static void
rebuild_options (WbBalanceWindow *self)
{
  WbScenario *scenario = chosen_scenario (self);
  GPtrArray *options = scenario != NULL ? wb_scenario_get_options (scenario) : NULL;

  clear_rows (self->options_group, self->option_rows);
  clear_rows (self->variant_group, self->variant_rows);
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), options != NULL && options->len > 0);
  add_option_rows (self, self->options_group, self->option_rows, NULL);
  /* TRANSLATORS: a switch of the variant's optional rules: "Variant: Pickett's Division" */
  add_option_rows (self, self->variant_group, self->variant_rows, _("Variant: "));
  update_variant (self);
}

static char **
switched_on (GPtrArray *rows)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  for (guint i = 0; i < rows->len; i++)
    {
      GObject *row = g_ptr_array_index (rows, i);
      if (gtk_switch_get_active (GTK_SWITCH (g_object_get_data (row, "wb-switch"))))
        g_strv_builder_add (b, g_object_get_data (row, "wb-option"));
    }
  return g_strv_builder_end (b);
}

static void
set_switches (GPtrArray *rows, const char * const *options)
{
  for (guint i = 0; i < rows->len; i++)
    {
      GObject *row = g_ptr_array_index (rows, i);
      gtk_switch_set_active (GTK_SWITCH (g_object_get_data (row, "wb-switch")),
                             options != NULL && g_strv_contains (options, g_object_get_data (row, "wb-option")));
    }
}

void
wb_balance_window_set_run (WbBalanceWindow *self, const char *scenario, const char * const *options, guint games,
                           guint64 seed)
{
  GPtrArray *scenarios;

  g_return_if_fail (WB_IS_BALANCE_WINDOW (self));
  scenarios = wb_game_get_scenarios (self->game);
  for (guint i = 0; scenario != NULL && i < scenarios->len; i++)
    if (g_strcmp0 (wb_scenario_get_id (g_ptr_array_index (scenarios, i)), scenario) == 0)
      adw_combo_row_set_selected (self->scenario_row, i);
  rebuild_options (self);
  set_switches (self->option_rows, options);
  gtk_spin_button_set_value (self->games_spin, games);
  gtk_spin_button_set_value (self->seed_spin, (double) MIN (seed, (guint64) G_MAXINT32));
}

void
wb_balance_window_set_variant_options (WbBalanceWindow *self, const char * const *options)
{
  g_return_if_fail (WB_IS_BALANCE_WINDOW (self));
  adw_combo_row_set_selected (self->variant_row, options != NULL ? VARIANT_OPTIONS : VARIANT_NONE);
  set_switches (self->variant_rows, options);
}

gboolean
wb_balance_window_set_variant_file (WbBalanceWindow *self, const char *path, GError **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autofree char *base = NULL;

  g_return_val_if_fail (WB_IS_BALANCE_WINDOW (self), FALSE);
  if (path == NULL)
    {
      g_clear_pointer (&self->variant_path, g_free);
      adw_combo_row_set_selected (self->variant_row, VARIANT_NONE);
      return TRUE;
    }
  /* Read now, so a file that is not a game says so at once. */
  file = g_file_new_for_path (path);
  if ((game = wb_game_load (file, NULL, error)) == NULL)
    return FALSE;
  g_free (self->variant_path);
  self->variant_path = g_strdup (path);
  base = g_path_get_basename (path);
  adw_action_row_set_subtitle (self->variant_file_row, base);
  adw_combo_row_set_selected (self->variant_row, VARIANT_FILE);
  return TRUE;
}

static void
on_variant_chosen (GtkNativeDialog *chooser, int response, WbBalanceWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path == NULL || !wb_balance_window_set_variant_file (self, path, &error))
        set_status (self, error != NULL ? error->message : _("Only a local file can be read"));
    }
  g_clear_object (&self->chooser);
}

static void
choose_variant_file (WbBalanceWindow *self)
{
  GtkFileFilter *filter;

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("The Variant’s Game File"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Warbench games"));
  gtk_file_filter_add_suffix (filter, "warbench");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_unref (filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_variant_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* --- running -------------------------------------------------------------- */

static gboolean
on_progress (guint done, guint total, gpointer data)
{
  Job *job = data;

  g_atomic_int_set (&job->done, (gint) done);
  return TRUE;
}

/* The variant's games count after the run's. */
static gboolean
on_progress_b (guint done, guint total, gpointer data)
{
  Job *job = data;

  g_atomic_int_set (&job->done, (gint) (job->games + done));
  return TRUE;
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  WbBalanceOptions o;
  GError *error = NULL;

  wb_balance_options_init (&o);
  o.scenario = job->scenario;
  o.options = (const char * const *) job->options;
  o.first_seed = job->seed;
  o.games = job->games;
  o.jobs = 0;
  job->a = wb_balance_run (job->game, &o, on_progress, job, cancellable, &error);
  if (job->a != NULL && job->has_variant && wb_balance_is_complete (job->a))
    {
      o.options = (const char * const *) (job->variant_options != NULL ? job->variant_options : job->options);
      job->b = wb_balance_run (job->variant_game != NULL ? job->variant_game : job->game, &o, on_progress_b, job,
                               cancellable, &error);
    }
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static gboolean
poll_progress (gpointer data)
{
  WbBalanceWindow *self = data;
  Job *job = self->job;
  gint done, total;

  if (job == NULL)
    return G_SOURCE_CONTINUE;
  done = g_atomic_int_get (&job->done);
  total = job->total;
  gtk_progress_bar_set_fraction (self->progress, total > 0 ? (double) done / total : 0);
  {
    /* TRANSLATORS: the balance lab's progress: games played, of games */
    g_autofree char *text = g_strdup_printf (_("%d of %d games played…"), done, total);
    set_status (self, text);
  }
  return G_SOURCE_CONTINUE;
}

static void
update_sensitivity (WbBalanceWindow *self)
{
  gboolean running = self->job != NULL;

  gtk_widget_set_sensitive (self->run_button, !running);
  gtk_widget_set_visible (self->cancel_button, running);
  gtk_widget_set_sensitive (self->export_button, !running && self->a != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), running);
}

static void
show_result (WbBalanceWindow *self)
{
  g_autofree char *ta = self->a != NULL ? wb_balance_to_text (self->a) : NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (ta != NULL)
    g_string_append (text, ta);
  if (self->b != NULL)
    {
      g_autofree char *tb = wb_balance_to_text (self->b);
      g_autofree char *tc = wb_balance_compare_text (self->a, self->b);

      g_string_append_printf (text, "\n%s\n%s", _("Variant"), tb);
      if (tc != NULL)
        g_string_append_printf (text, "\n%s", tc);
    }
  gtk_text_buffer_set_text (self->report, text->str, -1);
  for (guint i = 0; i < G_N_ELEMENTS (self->plots); i++)
    gtk_widget_queue_draw (self->plots[i]);
  gtk_widget_set_visible (self->results, self->a != NULL);
}

static void
on_run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(WbBalanceWindow) self = g_weak_ref_get (&job->window);
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  if (self == NULL || self->closed)
    return;
  g_clear_handle_id (&self->poll, g_source_remove);
  g_clear_object (&self->cancellable);
  self->job = NULL;
  if (job->a != NULL)
    {
      g_clear_pointer (&self->a, wb_balance_free);
      g_clear_pointer (&self->b, wb_balance_free);
      self->a = g_steal_pointer (&job->a);
      self->b = g_steal_pointer (&job->b);
    }
  if (!ok)
    set_status (self, error->message);
  else if (!wb_balance_is_complete (self->a) || (job->has_variant && (self->b == NULL ||
                                                                       !wb_balance_is_complete (self->b))))
    {
      /* TRANSLATORS: the balance lab cancelled: the games finished */
      g_autofree char *text = g_strdup_printf (_("Cancelled: %u games played (the variant only when the run was whole)"),
                                               wb_balance_get_n_games (self->a));
      set_status (self, text);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (self->b != NULL ? _("%u games played, and %u of the variant")
                                                               : _("%u games played"),
                                               wb_balance_get_n_games (self->a),
                                               self->b != NULL ? wb_balance_get_n_games (self->b) : 0);
      set_status (self, text);
    }
  update_sensitivity (self);
  show_result (self);
}

static WbGame *
copy_game (WbGame *game, GError **error)
{
  g_autofree char *data = NULL;

  wb_game_lock_read (game);
  data = wb_game_to_data (game, NULL);
  wb_game_unlock_read (game);
  return wb_game_load_from_data (data, -1, "game.warbench", error);
}

void
wb_balance_window_run (WbBalanceWindow *self)
{
  WbScenario *scenario;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  Job *job;
  guint v;

  g_return_if_fail (WB_IS_BALANCE_WINDOW (self));
  if (self->job != NULL)
    return;
  if ((scenario = chosen_scenario (self)) == NULL)
    {
      set_status (self, _("The game has no scenario to play"));
      return;
    }
  job = g_new0 (Job, 1);
  job->scenario = g_strdup (wb_scenario_get_id (scenario));
  job->options = switched_on (self->option_rows);
  job->games = (guint) gtk_spin_button_get_value_as_int (self->games_spin);
  job->seed = (guint64) gtk_spin_button_get_value_as_int (self->seed_spin);
  v = adw_combo_row_get_selected (self->variant_row);
  job->has_variant = v == VARIANT_OPTIONS || (v == VARIANT_FILE && self->variant_path != NULL);
  if (v == VARIANT_OPTIONS)
    job->variant_options = switched_on (self->variant_rows);
  job->total = (gint) (job->games * (job->has_variant ? 2 : 1));
  job->game = copy_game (self->game, &error);
  if (job->game != NULL && v == VARIANT_FILE && self->variant_path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (self->variant_path);
      job->variant_game = wb_game_load (file, NULL, &error);
    }
  if (job->game == NULL || (v == VARIANT_FILE && self->variant_path != NULL && job->variant_game == NULL))
    {
      set_status (self, error->message);
      job_free (job);
      return;
    }
  self->job = job;
  self->cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->progress, 0);
  set_status (self, _("Playing…"));
  update_sensitivity (self);
  self->poll = g_timeout_add (100, poll_progress, self);
  g_weak_ref_init (&job->window, self);
  task = g_task_new (NULL, self->cancellable, on_run_done, NULL);
  g_task_set_task_data (task, job, job_free);
  /* Cancelled, the run still returns the games it finished. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, run_thread);
}

void
wb_balance_window_cancel (WbBalanceWindow *self)
{
  g_return_if_fail (WB_IS_BALANCE_WINDOW (self));
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

gboolean
wb_balance_window_is_running (WbBalanceWindow *self)
{
  g_return_val_if_fail (WB_IS_BALANCE_WINDOW (self), FALSE);
  return self->job != NULL;
}

WbBalance *
wb_balance_window_get_result (WbBalanceWindow *self, gboolean variant)
{
  g_return_val_if_fail (WB_IS_BALANCE_WINDOW (self), NULL);
  return variant ? self->b : self->a;
}

const char *
wb_balance_window_get_status (WbBalanceWindow *self)
{
  g_return_val_if_fail (WB_IS_BALANCE_WINDOW (self), NULL);
  return self->status_text;
}

/* --- plots and export ----------------------------------------------------- */

static const WbBalancePlot plot_kinds[] = { WB_BALANCE_PLOT_WINS, WB_BALANCE_PLOT_MARGIN, WB_BALANCE_PLOT_CURVES };

static void
draw_plot (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  WbBalanceWindow *self = data;
  guint kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "wb-plot"));

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (self->a != NULL)
    wb_balance_plot_draw_full (cr, width, height, plot_kinds[kind], self->a, self->b,
                               self->b != NULL ? _("Run") : NULL, self->b != NULL ? _("Variant") : NULL,
                               self->game);
}

gboolean
wb_balance_window_export (WbBalanceWindow *self, const char *path, GError **error)
{
  g_autofree char *lower = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (WB_IS_BALANCE_WINDOW (self) && path != NULL, FALSE);
  if (self->a == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("Nothing to export: run the games first"));
      return FALSE;
    }
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".pdf") || g_str_has_suffix (lower, ".svg") || g_str_has_suffix (lower, ".png"))
    return wb_balance_plot_write_full (path, 842, 595, WB_BALANCE_PLOT_SHEET, self->a, self->b,
                                       self->b != NULL ? _("Run") : NULL, self->b != NULL ? _("Variant") : NULL,
                                       self->game, error);
  if (g_str_has_suffix (lower, ".csv"))
    text = wb_balance_to_csv (self->a);
  else if (g_str_has_suffix (lower, ".json"))
    {
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;

      if (self->b != NULL)
        {
          g_autoptr(JsonBuilder) jb = json_builder_new ();

          json_builder_begin_object (jb);
          json_builder_set_member_name (jb, "run");
          json_builder_add_value (jb, wb_balance_to_json (self->a));
          json_builder_set_member_name (jb, "variant");
          json_builder_add_value (jb, wb_balance_to_json (self->b));
          json_builder_set_member_name (jb, "comparison");
          json_builder_add_value (jb, wb_balance_compare_json (self->a, self->b));
          json_builder_end_object (jb);
          root = json_builder_get_root (jb);
        }
      else
        root = wb_balance_to_json (self->a);
      json_generator_set_root (gen, root);
      json_generator_set_pretty (gen, TRUE);
      text = json_generator_to_data (gen, NULL);
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: export as .pdf, .svg or .png (the plots), .csv (the games) or .json (the run)"), path);
      return FALSE;
    }
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0644, error);
}

static void
on_export_chosen (GtkNativeDialog *chooser, int response, WbBalanceWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        set_status (self, _("Only a local file can be written"));
      else if (!wb_balance_window_export (self, path, &error))
        set_status (self, error->message);
      else
        {
          g_autofree char *base = g_path_get_basename (path);
          /* TRANSLATORS: the balance lab's export: the file's name */
          g_autofree char *text = g_strdup_printf (_("Exported %s"), base);
          set_status (self, text);
        }
    }
  g_clear_object (&self->chooser);
}

static void
export_clicked (WbBalanceWindow *self)
{
  static const struct { const char *name, *suffix; } kinds[] = {
    { N_("PDF: the plots"), "pdf" }, { N_("SVG: the plots"), "svg" }, { N_("PNG: the plots"), "png" },
    { N_("CSV: a row a game"), "csv" }, { N_("JSON: the run"), "json" },
  };
  g_autofree char *name = NULL;

  if (self->chooser != NULL || self->a == NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Export the Balance Run"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();
      gtk_file_filter_set_name (filter, _(kinds[i].name));
      gtk_file_filter_add_suffix (filter, kinds[i].suffix);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
      g_object_unref (filter);
    }
  name = g_strdup_printf ("%s-balance.pdf", wb_game_get_id (self->game) != NULL ? wb_game_get_id (self->game) : "game");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* --- the window ------------------------------------------------------------ */

static void
wb_balance_window_dispose (GObject *object)
{
  WbBalanceWindow *self = WB_BALANCE_WINDOW (object);

  /* A run still going finishes on its own thread with its own copies; its
   * result goes nowhere. */
  self->closed = TRUE;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->poll, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->game);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->variant_rows, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_balance_window_parent_class)->dispose (object);
}

static void
wb_balance_window_finalize (GObject *object)
{
  WbBalanceWindow *self = WB_BALANCE_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->a, wb_balance_free);
  g_clear_pointer (&self->b, wb_balance_free);
  g_free (self->game_path);
  g_free (self->variant_path);
  g_free (self->status_text);
  G_OBJECT_CLASS (wb_balance_window_parent_class)->finalize (object);
}

static void
wb_balance_window_class_init (WbBalanceWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_balance_window_dispose;
  object_class->finalize = wb_balance_window_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_balance_window_init (WbBalanceWindow *self)
{
  self->option_rows = g_ptr_array_new ();
  self->variant_rows = g_ptr_array_new ();
}

static GtkWidget *
build_form (WbBalanceWindow *self)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row, *choose;
  g_autoptr(GtkStringList) scenario_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) variant_names = gtk_string_list_new (NULL);
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);

  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Automatic games of a scenario, both sides played by the automatic "
                                           "player: game i has the seed S + i, as warbench-cli balance plays it"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *s = g_ptr_array_index (scenarios, i);
      gtk_string_list_append (scenario_names, wb_scenario_get_name (s) != NULL ? wb_scenario_get_name (s)
                                                                                : wb_scenario_get_id (s));
    }
  self->scenario_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->scenario_row), _("S_cenario"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->scenario_row), TRUE);
  adw_combo_row_set_model (self->scenario_row, G_LIST_MODEL (scenario_names));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->scenario_row));

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Games"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  self->games_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 1000000, 100));
  gtk_spin_button_set_value (self->games_spin, 200);
  gtk_widget_set_valign (GTK_WIDGET (self->games_spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->games_spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Games"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->games_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->games_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("First _seed"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  self->seed_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, G_MAXINT32, 1));
  gtk_spin_button_set_value (self->seed_spin, 1);
  gtk_widget_set_valign (GTK_WIDGET (self->seed_spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->seed_spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("First seed"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->seed_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->seed_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  self->options_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->options_group, _("Optional Rules"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->options_group);

  self->variant_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->variant_group, _("Compare with a Variant"));
  adw_preferences_group_set_description (self->variant_group,
                                         _("The same seeds played again with other optional rules or another "
                                           "game file (a new CRT, a changed rule): the report says whether the "
                                           "win rates and the VP margin differ significantly"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->variant_group);
  gtk_string_list_append (variant_names, _("None"));
  gtk_string_list_append (variant_names, _("Other optional rules"));
  gtk_string_list_append (variant_names, _("Another game file"));
  self->variant_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->variant_row), _("_Variant"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->variant_row), TRUE);
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variant_names));
  adw_preferences_group_add (self->variant_group, GTK_WIDGET (self->variant_row));
  self->variant_file_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->variant_file_row), _("Game file"));
  adw_action_row_set_subtitle (self->variant_file_row, _("None chosen"));
  choose = gtk_button_new_with_mnemonic (_("C_hoose…"));
  gtk_widget_set_valign (choose, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (choose, "clicked", G_CALLBACK (choose_variant_file), self);
  adw_action_row_add_suffix (self->variant_file_row, choose);
  adw_preferences_group_add (self->variant_group, GTK_WIDGET (self->variant_file_row));
  g_signal_connect_swapped (self->variant_row, "notify::selected", G_CALLBACK (update_variant), self);
  g_signal_connect_swapped (self->scenario_row, "notify::selected", G_CALLBACK (rebuild_options), self);
  return page;
}

static GtkWidget *
build_results (WbBalanceWindow *self)
{
  static const char *names[] = { "wins", "margin", "curves" };
  static const char *titles[] = { N_("Wins"), N_("VP Margin"), N_("VP by Turn") };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *switcher = gtk_stack_switcher_new ();
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  for (guint i = 0; i < G_N_ELEMENTS (self->plots); i++)
    {
      self->plots[i] = gtk_drawing_area_new ();
      gtk_widget_set_name (self->plots[i], names[i]);
      g_object_set_data (G_OBJECT (self->plots[i]), "wb-plot", GUINT_TO_POINTER (i));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->plots[i]), draw_plot, self, NULL);
      gtk_widget_set_size_request (self->plots[i], 420, 300);
      gtk_widget_set_vexpand (self->plots[i], TRUE);
      gtk_stack_add_titled (GTK_STACK (stack), self->plots[i], names[i], _(titles[i]));
    }
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 8);
  self->report = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), view);
  gtk_stack_add_titled (GTK_STACK (stack), scroll, "report", _("Report"));
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), GTK_STACK (stack));
  gtk_widget_set_halign (switcher, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (stack, TRUE);
  gtk_box_append (GTK_BOX (box), switcher);
  gtk_box_append (GTK_BOX (box), stack);
  return box;
}

WbBalanceWindow *
wb_balance_window_new (GtkWindow *parent, WbGame *game, const char *game_path)
{
  WbBalanceWindow *self;
  GtkWidget *box, *header, *paned, *bottom, *left;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  self = g_object_new (WB_TYPE_BALANCE_WINDOW, "transient-for", parent, "destroy-with-parent", TRUE,
                       "title", _("Balance Lab"), "default-width", 1100, "default-height", 720, NULL);
  self->game = g_object_ref (game);
  self->game_path = g_strdup (game_path);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  self->run_button = gtk_button_new_with_mnemonic (_("_Run"));
  gtk_widget_set_name (self->run_button, "balance-run");
  gtk_widget_add_css_class (self->run_button, "suggested-action");
  gtk_widget_set_tooltip_text (self->run_button, _("Play the games off the main thread; the app stays usable"));
  g_signal_connect_swapped (self->run_button, "clicked", G_CALLBACK (wb_balance_window_run), self);
  self->cancel_button = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_name (self->cancel_button, "balance-cancel");
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (wb_balance_window_cancel), self);
  self->export_button = gtk_button_new_with_mnemonic (_("_Export…"));
  gtk_widget_set_tooltip_text (self->export_button, _("The plots as PDF, SVG or PNG; the games as CSV; the run as JSON"));
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (export_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), self->run_button);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), self->cancel_button);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->export_button);
  gtk_box_append (GTK_BOX (box), header);

  paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  left = build_form (self);
  gtk_widget_set_size_request (left, 380, -1);
  gtk_paned_set_start_child (GTK_PANED (paned), left);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  self->results = build_results (self);
  gtk_widget_set_visible (self->results, FALSE);
  gtk_paned_set_end_child (GTK_PANED (paned), self->results);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (box), paned);

  bottom = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (bottom, 12);
  gtk_widget_set_margin_end (bottom, 12);
  gtk_widget_set_margin_top (bottom, 6);
  gtk_widget_set_margin_bottom (bottom, 8);
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_name (GTK_WIDGET (self->status), "balance-status");
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_box_append (GTK_BOX (bottom), GTK_WIDGET (self->progress));
  gtk_box_append (GTK_BOX (bottom), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (box), bottom);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->run_button);

  rebuild_options (self);
  set_status (self, _("Choose the scenario and the games, then Run"));
  update_sensitivity (self);
  return self;
}
