/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-play-rules.h"

struct _WbPlayRules
{
  AdwWindow       parent_instance;

  WbPlay         *play;
  AdwPreferencesGroup *group;
  GPtrArray      *rows;         /* AdwActionRow*, "wb-rule" data: the check's index, "wb-levels": its GtkDropDown */
  GtkLabel       *error_label;
  GtkSizeGroup   *level_width;   /* the drop-downs, one width */
  gboolean        syncing;
};

G_DEFINE_FINAL_TYPE (WbPlayRules, wb_play_rules, ADW_TYPE_WINDOW)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The rows' order, as in the New Playtest dialog. */
static const char *levels[] = { "enforce", "warn", "off" };

static guint
row_of_level (WbRuleLevel level)
{
  switch (level)
    {
    case WB_RULE_OFF:
      return 2;
    case WB_RULE_WARN:
      return 1;
    case WB_RULE_ENFORCE:
    default:
      return 0;
    }
}

/* The level of check @i in the match now: set in play, else the journal's
 * settings, else enforced (as the rules family reads it). */
static WbRuleLevel
level_now (WbPlayRules *self, guint i)
{
  guint n = 0;
  const WbRuleCheck *checks = wb_play_get_checks (self->play, &n);
  const WbPlayHeader *h = wb_journal_get_header (wb_play_get_journal (self->play));
  WbRuleContext ctx = { h->settings, NULL, checks, n, h->physical_dice, wb_play_get_state (self->play), NULL };

  g_assert (i < n);
  return wb_rule_level (&ctx, checks[i].id);
}

static GtkDropDown *
levels_of (GObject *row)
{
  return g_object_get_data (row, "wb-levels");
}

static void
show_message (WbPlayRules *self, const char *message)
{
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

void
wb_play_rules_refresh (WbPlayRules *self)
{
  WbMatch *m;

  g_return_if_fail (WB_IS_PLAY_RULES (self));
  m = wb_play_get_state (self->play);
  self->syncing = TRUE;
  for (guint k = 0; k < self->rows->len; k++)
    {
      GObject *row = g_ptr_array_index (self->rows, k);
      guint i = GPOINTER_TO_UINT (g_object_get_data (row, "wb-rule"));
      const char *rule = g_object_get_data (row, "wb-reference");
      g_autofree char *subtitle = NULL;

      gtk_drop_down_set_selected (levels_of (row), row_of_level (level_now (self, i)));
      if (i < G_N_ELEMENTS (m->rule_levels) && m->rule_levels[i] != 0)
        /* TRANSLATORS: a rule check's subtitle: where the rulebook says it; its level was changed during play */
        subtitle = g_strdup_printf (_("Rule %s · changed in this playtest"), rule);
      else
        /* TRANSLATORS: a rule check's subtitle: where the rulebook says it */
        subtitle = g_strdup_printf (_("Rule %s"), rule);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
    }
  self->syncing = FALSE;
}

static gboolean
play_level (WbPlayRules *self, GObject *row)
{
  guint n = 0;
  const WbRuleCheck *checks = wb_play_get_checks (self->play, &n);
  guint i = GPOINTER_TO_UINT (g_object_get_data (row, "wb-rule"));
  guint k = gtk_drop_down_get_selected (levels_of (row));
  g_autoptr(JsonObject) a = NULL;
  g_autoptr(GError) error = NULL;

  if (k >= G_N_ELEMENTS (levels) || i >= n || k == row_of_level (level_now (self, i)))
    return TRUE;
  a = json_object_new ();
  json_object_set_string_member (a, "type", "set_rule");
  json_object_set_string_member (a, "rule", checks[i].id);
  json_object_set_string_member (a, "level", levels[k]);
  if (!wb_play_act (self->play, a, &error))
    {
      show_message (self, error->message);
      wb_play_rules_refresh (self);
      return FALSE;
    }
  show_message (self, NULL);
  wb_play_rules_refresh (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

static void
on_level_selected (GObject *dropdown, GParamSpec *pspec, WbPlayRules *self)
{
  if (!self->syncing)
    play_level (self, g_object_get_data (dropdown, "wb-row"));
}

gboolean
wb_play_rules_set_level (WbPlayRules *self, const char *rule, const char *level)
{
  guint n = 0;
  const WbRuleCheck *checks;

  g_return_val_if_fail (WB_IS_PLAY_RULES (self), FALSE);
  checks = wb_play_get_checks (self->play, &n);
  for (guint r = 0; r < self->rows->len; r++)
    {
      GObject *row = g_ptr_array_index (self->rows, r);
      guint i = GPOINTER_TO_UINT (g_object_get_data (row, "wb-rule"));

      if (g_strcmp0 (checks[i].id, rule) != 0)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (levels); k++)
        if (g_strcmp0 (levels[k], level) == 0)
          {
            gboolean ok;

            self->syncing = TRUE;
            gtk_drop_down_set_selected (levels_of (row), k);
            self->syncing = FALSE;
            ok = play_level (self, row);
            return ok;
          }
    }
  return FALSE;
}

const char *
wb_play_rules_get_level (WbPlayRules *self, const char *rule)
{
  guint n = 0;
  const WbRuleCheck *checks;

  g_return_val_if_fail (WB_IS_PLAY_RULES (self), NULL);
  checks = wb_play_get_checks (self->play, &n);
  for (guint r = 0; r < self->rows->len; r++)
    {
      GObject *row = g_ptr_array_index (self->rows, r);
      guint k = gtk_drop_down_get_selected (levels_of (row));

      if (g_strcmp0 (checks[GPOINTER_TO_UINT (g_object_get_data (row, "wb-rule"))].id, rule) == 0)
        return k < G_N_ELEMENTS (levels) ? levels[k] : NULL;
    }
  return NULL;
}

const char *
wb_play_rules_get_message (WbPlayRules *self)
{
  g_return_val_if_fail (WB_IS_PLAY_RULES (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->error_label)) ? gtk_label_get_text (self->error_label) : NULL;
}

static void
on_active (WbPlayRules *self)
{
  if (gtk_window_is_active (GTK_WINDOW (self)))
    wb_play_rules_refresh (self);
}

static void
wb_play_rules_dispose (GObject *object)
{
  WbPlayRules *self = WB_PLAY_RULES (object);

  g_clear_object (&self->play);
  g_clear_object (&self->level_width);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_play_rules_parent_class)->dispose (object);
}

static void
wb_play_rules_class_init (WbPlayRulesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_rules_dispose;
  /**
   * WbPlayRules::changed:
   *
   * A rule's level was changed (a set_rule action played).
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_play_rules_init (WbPlayRules *self)
{
  self->rows = g_ptr_array_new ();
  self->level_width = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}

WbPlayRules *
wb_play_rules_new (GtkWindow *parent, WbPlay *play)
{
  WbPlayRules *self;
  GtkWidget *box, *header, *page;
  const WbRuleCheck *checks;
  guint n = 0;

  g_return_val_if_fail (WB_IS_PLAY (play), NULL);
  self = g_object_new (WB_TYPE_PLAY_RULES, "transient-for", parent, "destroy-with-parent", TRUE,
                       "title", _("Rule Checks"), "default-width", 560, "default-height", 640, NULL);
  self->play = g_object_ref (play);
  /* A set_rule undone or jumped over: the levels follow the play. */
  g_signal_connect_object (play, "changed", G_CALLBACK (wb_play_rules_refresh), self, G_CONNECT_SWAPPED);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  gtk_box_append (GTK_BOX (box), header);
  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_widget_set_margin_top (GTK_WIDGET (self->error_label), 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self->error_label), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->error_label), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->error_label));

  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  self->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->group, _("Rule Checks"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->group);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);

  checks = wb_play_get_checks (play, &n);
  if (n == 0)
    adw_preferences_group_set_description (self->group,
                                           _("The engine does not play this game's rules yet: the match is "
                                             "free play, with no rule to check."));
  else
    adw_preferences_group_set_description (self->group,
                                           _("Each rule the engine checks, for this match from now on: "
                                             "enforced (an illegal action is refused), warned (played, and "
                                             "the log says which rule it broke) or off. Each change is an "
                                             "entry of the journal; Ctrl+Z in the window takes it back."));
  for (guint i = 0; i < n && i < WB_MATCH_MAX_RULES; i++)
    {
      const WbRuleCheck *c = &checks[i];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *dropdown;
      const char *names[] = { _("Enforce"), _("Warn"), _("Off"), NULL };

      /* A drop-down beside the row (not an AdwComboRow): a long title
       * wraps instead of the level being cut to "E…". */
      dropdown = gtk_drop_down_new_from_strings (names);
      gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
      gtk_size_group_add_widget (self->level_width, dropdown);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _(c->title), -1);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(c->title));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), dropdown);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), dropdown);
      gtk_widget_set_tooltip_text (row, c->id);
      g_object_set_data (G_OBJECT (row), "wb-rule", GUINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (row), "wb-reference", (gpointer) (c->rule != NULL ? c->rule : ""));
      g_object_set_data (G_OBJECT (row), "wb-levels", dropdown);
      g_object_set_data (G_OBJECT (dropdown), "wb-row", row);
      adw_preferences_group_add (self->group, row);
      g_ptr_array_add (self->rows, row);
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_level_selected), self);
    }
  wb_play_rules_refresh (self);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active), NULL);
  return self;
}
