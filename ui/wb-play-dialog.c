/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "wb-play-dialog.h"

struct _WbPlayDialog
{
  AdwWindow       parent_instance;

  WbGame         *game;
  char           *game_path;
  AdwComboRow    *scenario_row;
  AdwPreferencesGroup *options_group;
  GPtrArray      *option_rows;     /* AdwActionRow* with a GtkSwitch, "wb-option" data */
  GtkSpinButton  *seed_spin;
  AdwComboRow    *dice_row;
  AdwPreferencesGroup *players_group;
  GPtrArray      *player_rows;     /* AdwComboRow* per side: a person (0) or the automatic player (1) */
  AdwComboRow    *pace_row;
  AdwPreferencesGroup *rules_group;
  GPtrArray      *rule_rows;       /* AdwComboRow*, "wb-rule" data */
  GtkLabel       *error_label;
};

G_DEFINE_FINAL_TYPE (WbPlayDialog, wb_play_dialog, ADW_TYPE_WINDOW)

enum { STARTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static const char *levels[] = { "enforce", "warn", "off" };
/* The automatic player's pace choices, in milliseconds (0: one action per Step). */
static const guint paces[] = { 0, 250, 800, 2000 };

/* The choices of the dialog's drop-downs: said in full, on two lines if
 * they must, never cut to "E…" beside a long title (issue 20). */
static void
setup_choice (GtkSignalListItemFactory *factory,
              GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 26);
  gtk_list_item_set_child (item, label);
}

static void
bind_choice (GtkSignalListItemFactory *factory,
             GtkListItem              *item)
{
  GtkStringObject *choice = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));

  gtk_label_set_label (label, gtk_string_object_get_string (choice));
  /* Wrapped once it has text (GTK 4.8 measures an empty wrapping label
   * at -3 px). */
  gtk_label_set_wrap (label, TRUE);
}

static GtkWidget *
combo_row_new (void)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice), NULL);
  adw_combo_row_set_factory (ADW_COMBO_ROW (row), factory);
  return row;
}

static WbScenario *
chosen_scenario (WbPlayDialog *self)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);
  guint i = adw_combo_row_get_selected (self->scenario_row);

  return i < scenarios->len ? g_ptr_array_index (scenarios, i) : NULL;
}

static void
clear_rows (AdwPreferencesGroup *group, GPtrArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

/* The chosen scenario's optional rules, each a switch. */
static void
rebuild_options (WbPlayDialog *self)
{
  WbScenario *scenario = chosen_scenario (self);
  GPtrArray *options = scenario != NULL ? wb_scenario_get_options (scenario) : NULL;

  clear_rows (self->options_group, self->option_rows);
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), options != NULL && options->len > 0);
  for (guint i = 0; options != NULL && i < options->len; i++)
    {
      WbOption *o = g_ptr_array_index (options, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *sw = gtk_switch_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), o->name != NULL ? o->name : o->id);
      if (o->text != NULL)
        gtk_widget_set_tooltip_text (row, o->text);
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (sw), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      o->name != NULL ? o->name : o->id, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      g_object_set_data (G_OBJECT (row), "wb-option", (gpointer) o->id);
      g_object_set_data (G_OBJECT (row), "wb-switch", sw);
      adw_preferences_group_add (self->options_group, row);
      g_ptr_array_add (self->option_rows, row);
    }
}

/* The rules family's checks, each enforce / warn / off. */
static void
build_rules (WbPlayDialog *self)
{
  const WbRulesFamily *family = wb_rules_family_find (wb_game_get_rules (self->game)->family);

  if (family == NULL)
    {
      adw_preferences_group_set_description (self->rules_group,
                                             _("The engine does not play this game's rules yet: the match "
                                               "is free play — move units, change strengths and roll dice "
                                               "by hand, every action in the journal."));
      return;
    }
  adw_preferences_group_set_description (self->rules_group,
                                         _("Each rule the engine checks: enforced (an illegal action is "
                                           "refused), warned (played, and the log says which rule it "
                                           "broke) or off."));
  for (guint i = 0; i < family->n_checks; i++)
    {
      const WbRuleCheck *c = &family->checks[i];
      GtkWidget *row = combo_row_new ();
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", c->id, c->rule);

      gtk_string_list_append (names, _("Enforce"));
      gtk_string_list_append (names, _("Warn"));
      gtk_string_list_append (names, _("Off"));
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(c->title));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      g_object_set_data (G_OBJECT (row), "wb-rule", (gpointer) c->id);
      adw_preferences_group_add (self->rules_group, row);
      g_ptr_array_add (self->rule_rows, row);
    }
}

void
wb_play_dialog_set (WbPlayDialog       *self,
                    const char         *scenario,
                    const char * const *options,
                    guint64             seed,
                    gboolean            physical_dice)
{
  GPtrArray *scenarios;

  g_return_if_fail (WB_IS_PLAY_DIALOG (self));
  scenarios = wb_game_get_scenarios (self->game);
  for (guint i = 0; scenario != NULL && i < scenarios->len; i++)
    if (g_strcmp0 (wb_scenario_get_id (g_ptr_array_index (scenarios, i)), scenario) == 0)
      adw_combo_row_set_selected (self->scenario_row, i);
  rebuild_options (self);
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->option_rows, i);
      gboolean on = options != NULL && g_strv_contains (options, g_object_get_data (row, "wb-option"));
      gtk_switch_set_active (GTK_SWITCH (g_object_get_data (row, "wb-switch")), on);
    }
  gtk_spin_button_set_value (self->seed_spin, (double) MIN (seed, (guint64) G_MAXINT32));
  adw_combo_row_set_selected (self->dice_row, physical_dice ? 1 : 0);
}

gboolean
wb_play_dialog_set_rule (WbPlayDialog *self,
                         const char   *rule,
                         const char   *level)
{
  g_return_val_if_fail (WB_IS_PLAY_DIALOG (self), FALSE);
  for (guint i = 0; i < self->rule_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->rule_rows, i);
      if (g_strcmp0 (g_object_get_data (row, "wb-rule"), rule) != 0)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (levels); k++)
        if (g_strcmp0 (levels[k], level) == 0)
          {
            adw_combo_row_set_selected (ADW_COMBO_ROW (row), k);
            return TRUE;
          }
    }
  return FALSE;
}

void
wb_play_dialog_set_automatic (WbPlayDialog *self, guint side, gboolean automatic)
{
  g_return_if_fail (WB_IS_PLAY_DIALOG (self));
  if (side < self->player_rows->len)
    adw_combo_row_set_selected (g_ptr_array_index (self->player_rows, side), automatic ? 1 : 0);
}

gboolean
wb_play_dialog_get_automatic (WbPlayDialog *self, guint side)
{
  g_return_val_if_fail (WB_IS_PLAY_DIALOG (self), FALSE);
  return side < self->player_rows->len &&
         adw_combo_row_get_selected (g_ptr_array_index (self->player_rows, side)) == 1;
}

void
wb_play_dialog_set_pace (WbPlayDialog *self, guint ms)
{
  guint best = 0;

  g_return_if_fail (WB_IS_PLAY_DIALOG (self));
  for (guint i = 0; i < G_N_ELEMENTS (paces); i++)
    if ((paces[i] > ms ? paces[i] - ms : ms - paces[i]) < (paces[best] > ms ? paces[best] - ms : ms - paces[best]))
      best = i;
  adw_combo_row_set_selected (self->pace_row, best);
}

guint
wb_play_dialog_get_pace (WbPlayDialog *self)
{
  guint i;

  g_return_val_if_fail (WB_IS_PLAY_DIALOG (self), 0);
  i = adw_combo_row_get_selected (self->pace_row);
  return i < G_N_ELEMENTS (paces) ? paces[i] : 0;
}

/* Who plays each side: a person, or the automatic player (solo play);
 * the pace matters only when some side is automatic. */
static void
build_players (WbPlayDialog *self)
{
  GPtrArray *sides = wb_game_get_sides (self->game);
  gboolean played = wb_rules_family_find (wb_game_get_rules (self->game)->family) != NULL;
  g_autoptr(GtkStringList) paces_names = gtk_string_list_new (NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->players_group), played && sides->len > 0);
  for (guint i = 0; i < sides->len && i < WB_MATCH_MAX_SIDES; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      GtkWidget *row = combo_row_new ();
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

      gtk_string_list_append (names, _("A person"));
      gtk_string_list_append (names, _("The automatic player"));
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), side->name != NULL ? side->name : side->id);
      adw_preferences_group_add (self->players_group, row);
      g_ptr_array_add (self->player_rows, row);
    }
  gtk_string_list_append (paces_names, _("Step by step (click Step)"));
  gtk_string_list_append (paces_names, _("Fast (¼ s an action)"));
  gtk_string_list_append (paces_names, _("Steady (0.8 s an action)"));
  gtk_string_list_append (paces_names, _("Slow (2 s an action)"));
  self->pace_row = ADW_COMBO_ROW (combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pace_row), _("_Automatic player’s pace"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->pace_row), TRUE);
  adw_combo_row_set_model (self->pace_row, G_LIST_MODEL (paces_names));
  adw_combo_row_set_selected (self->pace_row, 2);
  adw_preferences_group_add (self->players_group, GTK_WIDGET (self->pace_row));
}

char *
wb_play_dialog_journal_path (WbGame *game, const char *scenario)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "warbench", "playtests", NULL);
  g_autofree char *name = g_strdup_printf ("%s-%s-%s.warbench-play", wb_game_get_id (game), scenario, stamp);
  char *path = g_build_filename (dir, name, NULL);

  /* Two playtests started in one second get distinct files. */
  for (guint n = 2; g_file_test (path, G_FILE_TEST_EXISTS) && n < 1000; n++)
    {
      g_autofree char *other = g_strdup_printf ("%s-%s-%s-%u.warbench-play", wb_game_get_id (game),
                                                scenario, stamp, n);
      g_free (path);
      path = g_build_filename (dir, other, NULL);
    }
  return path;
}

WbPlay *
wb_play_dialog_start (WbPlayDialog *self,
                      GError      **error)
{
  WbScenario *scenario = chosen_scenario (self);
  g_autoptr(GPtrArray) options = g_ptr_array_new ();
  g_autoptr(GHashTable) settings = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(WbPlay) play = NULL;
  g_autofree char *path = NULL, *dir = NULL;

  g_return_val_if_fail (WB_IS_PLAY_DIALOG (self), NULL);
  if (scenario == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The game has no scenario to play"));
      return NULL;
    }
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->option_rows, i);
      if (gtk_switch_get_active (GTK_SWITCH (g_object_get_data (row, "wb-switch"))))
        g_ptr_array_add (options, g_object_get_data (row, "wb-option"));
    }
  g_ptr_array_add (options, NULL);
  for (guint i = 0; i < self->rule_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->rule_rows, i);
      guint k = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
      if (k > 0 && k < G_N_ELEMENTS (levels))
        g_hash_table_insert (settings, g_object_get_data (row, "wb-rule"), (gpointer) levels[k]);
    }
  play = wb_play_new_full (self->game, self->game_path, wb_scenario_get_id (scenario),
                           (const char * const *) options->pdata,
                           (guint64) gtk_spin_button_get_value_as_int (self->seed_spin),
                           adw_combo_row_get_selected (self->dice_row) == 1, settings, error);
  if (play == NULL)
    return NULL;
  path = wb_play_dialog_journal_path (self->game, wb_scenario_get_id (scenario));
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0 || !wb_play_save (play, path, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot create %s"), dir);
      return NULL;
    }
  return g_steal_pointer (&play);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  WbPlayDialog *self = WB_PLAY_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_dialog_start (self, &error);

  if (play == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  g_signal_emit (self, signals[STARTED], 0, play);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
random_seed (WbPlayDialog *self)
{
  gtk_spin_button_set_value (self->seed_spin, g_random_int_range (1, G_MAXINT32));
}

static void
wb_play_dialog_dispose (GObject *object)
{
  WbPlayDialog *self = WB_PLAY_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->game_path, g_free);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->rule_rows, g_ptr_array_unref);
  g_clear_pointer (&self->player_rows, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_play_dialog_parent_class)->dispose (object);
}

static void
wb_play_dialog_class_init (WbPlayDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_dialog_dispose;
  /**
   * WbPlayDialog::started:
   * @play: the new playtest, its journal saved
   */
  signals[STARTED] = g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, WB_TYPE_PLAY);
  gtk_widget_class_install_action (widget_class, "play.start", NULL, start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_play_dialog_init (WbPlayDialog *self)
{
  self->option_rows = g_ptr_array_new ();
  self->rule_rows = g_ptr_array_new ();
  self->player_rows = g_ptr_array_new ();
}

WbPlayDialog *
wb_play_dialog_new (GtkWindow  *parent,
                    WbGame     *game,
                    const char *game_path)
{
  WbPlayDialog *self;
  GtkWidget *box, *header, *cancel, *start, *page, *group, *seed_row, *dice, *reroll;
  g_autoptr(GtkStringList) scenario_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) dice_names = gtk_string_list_new (NULL);
  GPtrArray *scenarios;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  self = g_object_new (WB_TYPE_PLAY_DIALOG, "transient-for", parent, "modal", TRUE,
                       "destroy-with-parent", TRUE, "title", _("New Playtest"),
                       "default-width", 560, "default-height", 640, NULL);
  self->game = g_object_ref (game);
  self->game_path = g_strdup (game_path);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  start = gtk_button_new_with_mnemonic (_("_Start"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (start), "play.start");
  gtk_widget_add_css_class (start, "suggested-action");
  gtk_widget_set_tooltip_text (start, _("Start the playtest; every action is saved as it is played"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), start);
  gtk_box_append (GTK_BOX (box), header);

  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  group = adw_preferences_group_new ();
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  scenarios = wb_game_get_scenarios (game);
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *s = g_ptr_array_index (scenarios, i);
      gtk_string_list_append (scenario_names, wb_scenario_get_name (s) != NULL ? wb_scenario_get_name (s)
                                                                                : wb_scenario_get_id (s));
    }
  self->scenario_row = ADW_COMBO_ROW (combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->scenario_row), _("S_cenario"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->scenario_row), TRUE);
  adw_combo_row_set_model (self->scenario_row, G_LIST_MODEL (scenario_names));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->scenario_row));

  seed_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (seed_row), _("S_eed"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (seed_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (seed_row), _("The same seed and the same actions give the same game"));
  self->seed_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, G_MAXINT32, 1));
  gtk_widget_set_valign (GTK_WIDGET (self->seed_spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->seed_spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Seed"), -1);
  reroll = gtk_button_new_from_icon_name ("media-playlist-shuffle-symbolic");
  gtk_widget_set_valign (reroll, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (reroll, _("A random seed"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (reroll), GTK_ACCESSIBLE_PROPERTY_LABEL, _("A random seed"), -1);
  g_signal_connect_swapped (reroll, "clicked", G_CALLBACK (random_seed), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (seed_row), GTK_WIDGET (self->seed_spin));
  adw_action_row_add_suffix (ADW_ACTION_ROW (seed_row), reroll);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (seed_row), GTK_WIDGET (self->seed_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), seed_row);

  gtk_string_list_append (dice_names, _("Warbench rolls"));
  gtk_string_list_append (dice_names, _("The players roll and type the rolls"));
  dice = combo_row_new ();
  self->dice_row = ADW_COMBO_ROW (dice);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (dice), _("_Dice"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (dice), TRUE);
  adw_combo_row_set_model (self->dice_row, G_LIST_MODEL (dice_names));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), dice);

  self->players_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->players_group, _("Players"));
  adw_preferences_group_set_description (self->players_group,
                                         _("Play a side yourself, or let the automatic player play it: "
                                           "test a rule change alone"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->players_group);

  self->options_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->options_group, _("Optional Rules"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->options_group);

  self->rules_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->rules_group, _("Rule Checks"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->rules_group);

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->error_label));
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), start);

  gtk_spin_button_set_value (self->seed_spin, g_random_int_range (1, G_MAXINT32));
  g_signal_connect_swapped (self->scenario_row, "notify::selected", G_CALLBACK (rebuild_options), self);
  rebuild_options (self);
  build_players (self);
  build_rules (self);
  return self;
}
