/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-scenario-pane"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-reinforcement-editor.h"
#include "wb-scenario-pane.h"
#include "wb-setup-editor.h"

/* The scenario pane's widgets come from wb-scenario-pane.ui; this file
 * only says which page shows and passes the close button on. */

struct _WbScenarioPane
{
  GtkWidget  parent_instance;

  /* Template children. */
  GtkWidget *box;
  GtkWidget *stack;
  GtkWidget *title_label;
  GtkWidget *setup_editor;
  GtkWidget *reinforcement_editor;
};

G_DEFINE_FINAL_TYPE (WbScenarioPane, wb_scenario_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PAGE,
  PROP_TITLE,
  N_PROPS
};

enum {
  CLOSE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
on_close_clicked (WbScenarioPane *self)
{
  g_signal_emit (self, signals[CLOSE_REQUESTED], 0);
}

static void
on_page_changed (WbScenarioPane *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

static void
wb_scenario_pane_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), WB_TYPE_SCENARIO_PANE);
  G_OBJECT_CLASS (wb_scenario_pane_parent_class)->dispose (object);
}

static void
wb_scenario_pane_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  WbScenarioPane *self = WB_SCENARIO_PANE (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      g_value_set_string (value, wb_scenario_pane_get_page (self));
      break;
    case PROP_TITLE:
      g_value_set_string (value, gtk_label_get_text (GTK_LABEL (self->title_label)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_scenario_pane_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  WbScenarioPane *self = WB_SCENARIO_PANE (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      wb_scenario_pane_set_page (self, g_value_get_string (value));
      break;
    case PROP_TITLE:
      wb_scenario_pane_set_title (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_scenario_pane_class_init (WbScenarioPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_scenario_pane_dispose;
  object_class->get_property = wb_scenario_pane_get_property;
  object_class->set_property = wb_scenario_pane_set_property;

  properties[PROP_PAGE] =
    g_param_spec_string ("page", NULL, NULL, "setup",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WbScenarioPane::close-requested:
   *
   * The pane's close button was clicked.
   */
  signals[CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (WB_TYPE_SETUP_EDITOR);
  g_type_ensure (WB_TYPE_REINFORCEMENT_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/wb-scenario-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, WbScenarioPane, box);
  gtk_widget_class_bind_template_child (widget_class, WbScenarioPane, stack);
  gtk_widget_class_bind_template_child (widget_class, WbScenarioPane, title_label);
  gtk_widget_class_bind_template_child (widget_class, WbScenarioPane, setup_editor);
  gtk_widget_class_bind_template_child (widget_class, WbScenarioPane, reinforcement_editor);
  gtk_widget_class_bind_template_callback (widget_class, on_close_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_page_changed);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scenariopane");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_scenario_pane_init (WbScenarioPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Scenario"), -1);
}

GtkWidget *
wb_scenario_pane_new (void)
{
  return g_object_new (WB_TYPE_SCENARIO_PANE, NULL);
}

GtkWidget *
wb_scenario_pane_get_setup_editor (WbScenarioPane *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO_PANE (self), NULL);
  return self->setup_editor;
}

GtkWidget *
wb_scenario_pane_get_reinforcement_editor (WbScenarioPane *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO_PANE (self), NULL);
  return self->reinforcement_editor;
}

const char *
wb_scenario_pane_get_page (WbScenarioPane *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO_PANE (self), NULL);
  return gtk_stack_get_visible_child_name (GTK_STACK (self->stack));
}

void
wb_scenario_pane_set_page (WbScenarioPane *self,
                           const char     *page)
{
  g_return_if_fail (WB_IS_SCENARIO_PANE (self));

  /* An unknown page (a stale setting) leaves the page as it is. */
  if (page == NULL || gtk_stack_get_child_by_name (GTK_STACK (self->stack), page) == NULL)
    return;
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), page);
}

void
wb_scenario_pane_set_title (WbScenarioPane *self,
                            const char     *title)
{
  g_return_if_fail (WB_IS_SCENARIO_PANE (self));

  if (g_strcmp0 (title, gtk_label_get_text (GTK_LABEL (self->title_label))) == 0)
    return;
  gtk_label_set_text (GTK_LABEL (self->title_label), title != NULL ? title : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}
