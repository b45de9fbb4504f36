/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "wb-play-override.h"

struct _WbPlayOverride
{
  GtkWidget         parent_instance;

  WbPlayController *controller;
  GtkWidget        *box;   /* mnemonics i, h, m, k, p: the turn bar, prompt and log have the others */
  GtkDropDown      *unit_dropdown;
  GPtrArray        *unit_ids;       /* const char* (interned), the dropdown's order */
  GtkLabel         *place_label;
  GtkSpinButton    *strength_spin;
  GtkButton        *eliminate_button;
  GPtrArray        *vp_spins;       /* GtkSpinButton*, by side */
  GtkWidget        *markers_box;    /* hidden when the game has no hex feature */
  GtkDropDown      *marker_dropdown;
  GPtrArray        *marker_ids;     /* const char* (interned) hex feature ids, the dropdown's order */
  GtkToggleButton  *marker_toggle;
  GtkLabel         *markers_label;
  GtkSizeGroup     *label_width;
  gboolean          syncing;        /* refresh is setting the widgets */
};

G_DEFINE_FINAL_TYPE (WbPlayOverride, wb_play_override, GTK_TYPE_WIDGET)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static GtkWidget *heading (const char *text);
static GtkWidget *grid_label (WbPlayOverride *self, GtkGrid *grid, const char *mnemonic, GtkWidget *widget,
                              int row);

static WbMatch *
state (WbPlayOverride *self)
{
  return wb_play_get_state (wb_play_controller_get_play (self->controller));
}

static WbUnitState *
selected_unit (WbPlayOverride *self)
{
  const char *id = wb_play_controller_get_selected (self->controller);
  return id != NULL ? wb_match_find_unit (state (self), id) : NULL;
}

void
wb_play_override_refresh (WbPlayOverride *self)
{
  WbMatch *m;
  WbUnitState *u;
  guint pos = GTK_INVALID_LIST_POSITION;

  g_return_if_fail (WB_IS_PLAY_OVERRIDE (self));
  m = state (self);
  u = selected_unit (self);
  self->syncing = TRUE;
  for (guint i = 0; u != NULL && i < self->unit_ids->len; i++)
    if (g_ptr_array_index (self->unit_ids, i) == u->id)
      pos = i;
  gtk_drop_down_set_selected (self->unit_dropdown, pos);
  if (u != NULL)
    {
      g_autofree char *place = wb_match_where_text (m, &u->where);
      /* TRANSLATORS: the selected unit's side and place: "Union · 0616" */
      g_autofree char *text = g_strdup_printf (_("%s · %s"), wb_match_side_name (m, u->side), place);

      gtk_label_set_text (self->place_label, text);
      gtk_spin_button_set_value (self->strength_spin, u->halves / 2.0);
    }
  else
    {
      gtk_label_set_text (self->place_label, _("Click a unit on the map, or pick one here"));
      gtk_spin_button_set_value (self->strength_spin, 0);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->strength_spin), u != NULL && !m->over);
  gtk_widget_set_sensitive (GTK_WIDGET (self->eliminate_button),
                            u != NULL && !m->over && u->where.kind != WB_WHERE_ELIMINATED);
  for (guint i = 0; i < self->vp_spins->len; i++)
    gtk_spin_button_set_value (g_ptr_array_index (self->vp_spins, i), m->vp[i]);
  {
    const char *marker = wb_play_controller_get_marker (self->controller);
    guint n = m->markers != NULL ? m->markers->len : 0;
    g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u marker put on the map in this playtest",
                                                           "%u markers put on the map in this playtest", n), n);

    for (guint i = 0; marker != NULL && i < self->marker_ids->len; i++)
      if (g_ptr_array_index (self->marker_ids, i) == marker)
        gtk_drop_down_set_selected (self->marker_dropdown, i);
    gtk_toggle_button_set_active (self->marker_toggle, marker != NULL);
    gtk_widget_set_sensitive (GTK_WIDGET (self->marker_toggle), !m->over);
    gtk_label_set_text (self->markers_label, count);
  }
  self->syncing = FALSE;
}

/* Plays @a through the controller; a refusal is its "message", and the
 * widgets go back to what the state says. */
static void
play (WbPlayOverride *self, JsonObject *a)
{
  if (wb_play_controller_act (self->controller, a))
    g_signal_emit (self, signals[CHANGED], 0);
  wb_play_override_refresh (self);
}

static void
on_unit_selected (WbPlayOverride *self)
{
  guint pos = gtk_drop_down_get_selected (self->unit_dropdown);

  if (self->syncing || pos >= self->unit_ids->len)
    return;
  wb_play_controller_select_unit (self->controller, g_ptr_array_index (self->unit_ids, pos));
}

static void
on_strength_changed (WbPlayOverride *self)
{
  WbUnitState *u = selected_unit (self);
  gint64 halves = (gint64) lround (gtk_spin_button_get_value (self->strength_spin) * 2);
  g_autoptr(JsonObject) a = NULL;

  if (self->syncing || u == NULL || halves == u->halves)
    return;
  a = json_object_new ();
  json_object_set_string_member (a, "type", "override_strength");
  json_object_set_string_member (a, "unit", u->id);
  json_object_set_int_member (a, "halves", halves);
  play (self, a);
}

static void
on_eliminate (WbPlayOverride *self)
{
  WbUnitState *u = selected_unit (self);
  g_autoptr(JsonObject) a = NULL;
  JsonObject *to;

  if (u == NULL)
    return;
  a = json_object_new ();
  to = json_object_new ();
  json_object_set_string_member (a, "type", "override_move");
  json_object_set_string_member (a, "unit", u->id);
  json_object_set_boolean_member (to, "eliminated", TRUE);
  json_object_set_object_member (a, "to", to);
  play (self, a);
}

static void
on_vp_changed (WbPlayOverride *self, GtkSpinButton *spin)
{
  guint side;
  int vp = gtk_spin_button_get_value_as_int (spin);
  g_autoptr(JsonObject) a = NULL;

  if (self->syncing || !g_ptr_array_find (self->vp_spins, spin, &side) || state (self)->vp[side] == vp)
    return;
  a = json_object_new ();
  json_object_set_string_member (a, "type", "override_vp");
  json_object_set_int_member (a, "side", side);
  json_object_set_int_member (a, "vp", vp);
  play (self, a);
}

static const char *
chosen_marker (WbPlayOverride *self)
{
  guint pos = gtk_drop_down_get_selected (self->marker_dropdown);
  return pos < self->marker_ids->len ? g_ptr_array_index (self->marker_ids, pos) : NULL;
}

static void
on_marker_toggled (WbPlayOverride *self)
{
  if (self->syncing)
    return;
  wb_play_controller_set_marker (self->controller,
                                 gtk_toggle_button_get_active (self->marker_toggle) ? chosen_marker (self) : NULL);
  wb_play_override_refresh (self);
}

static void
on_marker_selected (WbPlayOverride *self)
{
  if (!self->syncing && gtk_toggle_button_get_active (self->marker_toggle))
    wb_play_controller_set_marker (self->controller, chosen_marker (self));
}

GtkDropDown *
wb_play_override_get_marker_dropdown (WbPlayOverride *self)
{
  g_return_val_if_fail (WB_IS_PLAY_OVERRIDE (self), NULL);
  return self->marker_dropdown;
}

GtkToggleButton *
wb_play_override_get_marker_toggle (WbPlayOverride *self)
{
  g_return_val_if_fail (WB_IS_PLAY_OVERRIDE (self), NULL);
  return self->marker_toggle;
}

GtkSpinButton *
wb_play_override_get_strength_spin (WbPlayOverride *self)
{
  g_return_val_if_fail (WB_IS_PLAY_OVERRIDE (self), NULL);
  return self->strength_spin;
}

GtkSpinButton *
wb_play_override_get_vp_spin (WbPlayOverride *self, guint side)
{
  g_return_val_if_fail (WB_IS_PLAY_OVERRIDE (self), NULL);
  return side < self->vp_spins->len ? g_ptr_array_index (self->vp_spins, side) : NULL;
}

GtkButton *
wb_play_override_get_eliminate_button (WbPlayOverride *self)
{
  g_return_val_if_fail (WB_IS_PLAY_OVERRIDE (self), NULL);
  return self->eliminate_button;
}

GtkDropDown *
wb_play_override_get_unit_dropdown (WbPlayOverride *self)
{
  g_return_val_if_fail (WB_IS_PLAY_OVERRIDE (self), NULL);
  return self->unit_dropdown;
}

const char *
wb_play_override_get_place_text (WbPlayOverride *self)
{
  g_return_val_if_fail (WB_IS_PLAY_OVERRIDE (self), NULL);
  return gtk_label_get_text (self->place_label);
}

static void
wb_play_override_dispose (GObject *object)
{
  WbPlayOverride *self = WB_PLAY_OVERRIDE (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->controller);
  g_clear_pointer (&self->unit_ids, g_ptr_array_unref);
  g_clear_pointer (&self->vp_spins, g_ptr_array_unref);
  g_clear_pointer (&self->marker_ids, g_ptr_array_unref);
  g_clear_object (&self->label_width);
  G_OBJECT_CLASS (wb_play_override_parent_class)->dispose (object);
}

static void
wb_play_override_class_init (WbPlayOverrideClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_override_dispose;
  /**
   * WbPlayOverride::changed:
   *
   * An override was played (after the controller's "changed").
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wb-play-override");
}

static void
wb_play_override_init (WbPlayOverride *self)
{
  self->unit_ids = g_ptr_array_new ();
  self->vp_spins = g_ptr_array_new ();
  self->marker_ids = g_ptr_array_new ();
  self->label_width = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}

/* A row of a grid: its label (one width in all the panel's grids), then
 * @widget. */
static GtkWidget *
grid_label (WbPlayOverride *self, GtkGrid *grid, const char *mnemonic, GtkWidget *widget, int row)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_size_group_add_widget (self->label_width, label);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, widget, 1, row, 1, 1);
  gtk_widget_set_hexpand (widget, TRUE);
  return label;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

GtkWidget *
wb_play_override_new (WbPlayController *controller)
{
  WbPlayOverride *self;
  WbMatch *m;
  GtkWidget *hint, *unit_grid, *vp_grid, *label;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkExpression) search = NULL;

  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (controller), NULL);
  self = g_object_new (WB_TYPE_PLAY_OVERRIDE, NULL);
  self->controller = g_object_ref (controller);
  m = state (self);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  gtk_box_append (GTK_BOX (self->box), heading (_("Designer Override")));
  hint = gtk_label_new (_("Click a unit, then the hex to put it in: anywhere, whatever the rules say. "
                          "Each change is an entry of the journal; Ctrl+Z takes it back."));
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (hint), 36);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_box_append (GTK_BOX (self->box), hint);

  unit_grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (unit_grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (unit_grid), 12);
  gtk_widget_set_margin_top (unit_grid, 6);

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      WbUnit *unit = wb_game_find_unit (m->game, u->id);
      g_autofree char *text = NULL;

      if (!(u->flags & WB_UNIT_IN_SCENARIO))
        continue;
      /* TRANSLATORS: a unit in the override panel's list: its designation, its side */
      text = g_strdup_printf (_("%s — %s"), unit != NULL ? wb_unit_get_designation (unit) : u->id,
                              wb_match_side_name (m, u->side));
      gtk_string_list_append (names, text);
      g_ptr_array_add (self->unit_ids, (gpointer) u->id);
    }
  self->unit_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  search = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->unit_dropdown, search);
  gtk_drop_down_set_enable_search (self->unit_dropdown, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->unit_dropdown),
                               _("The unit to change: any unit of the scenario, on the map or not"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->unit_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Unit"), -1);
  grid_label (self, GTK_GRID (unit_grid), _("Un_it"), GTK_WIDGET (self->unit_dropdown), 0);

  self->place_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->place_label, 0);
  gtk_label_set_wrap (self->place_label, TRUE);
  gtk_grid_attach (GTK_GRID (unit_grid), GTK_WIDGET (self->place_label), 1, 1, 1, 1);

  self->strength_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 1000, 0.5));
  gtk_spin_button_set_digits (self->strength_spin, 1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->strength_spin),
                               _("The unit's strength in Strength Points, in half points; 0 eliminates it"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->strength_spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Strength (SP)"), -1);
  grid_label (self, GTK_GRID (unit_grid), _("Strengt_h (SP)"), GTK_WIDGET (self->strength_spin), 2);

  self->eliminate_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("Eli_minate")));
  gtk_widget_set_halign (GTK_WIDGET (self->eliminate_button), GTK_ALIGN_START);
  gtk_widget_add_css_class (GTK_WIDGET (self->eliminate_button), "destructive-action");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->eliminate_button),
                               _("Take the unit off the map, eliminated, keeping its strength"));
  gtk_grid_attach (GTK_GRID (unit_grid), GTK_WIDGET (self->eliminate_button), 1, 3, 1, 1);
  gtk_box_append (GTK_BOX (self->box), unit_grid);

  gtk_box_append (GTK_BOX (self->box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (self->box), heading (_("Victory Points")));
  vp_grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (vp_grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (vp_grid), 12);
  for (guint i = 0; i < wb_match_n_sides (m) && i < WB_MATCH_MAX_SIDES; i++)
    {
      GtkWidget *spin = gtk_spin_button_new_with_range (-100000, 100000, 1);
      const char *side = wb_match_side_name (m, i);
      g_autofree char *tip = g_strdup_printf (_("The Victory Points %s has now"), side);

      gtk_widget_set_tooltip_text (spin, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, side, -1);
      label = grid_label (self, GTK_GRID (vp_grid), side, spin, (int) i);
      gtk_label_set_use_underline (GTK_LABEL (label), FALSE);
      g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (on_vp_changed), self);
      g_ptr_array_add (self->vp_spins, spin);
    }
  gtk_box_append (GTK_BOX (self->box), vp_grid);

  /* Markers: the game's hex features (a trench, fallen timber, a town). */
  {
    GPtrArray *features = wb_game_get_features (m->game);
    g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
    GtkWidget *grid = gtk_grid_new ();

    for (guint i = 0; i < features->len; i++)
      {
        WbFeatureType *f = g_ptr_array_index (features, i);
        if (f->where != WB_FEATURE_HEX)
          continue;
        gtk_string_list_append (kinds, f->name != NULL ? f->name : f->id);
        g_ptr_array_add (self->marker_ids, (gpointer) g_intern_string (f->id));
      }
    self->markers_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    gtk_box_append (GTK_BOX (self->markers_box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
    gtk_box_append (GTK_BOX (self->markers_box), heading (_("Markers")));
    gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
    gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
    self->marker_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (kinds)), NULL));
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->marker_dropdown), _("The marker to put down: a hex feature of the legend"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->marker_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Marker"), -1);
    grid_label (self, GTK_GRID (grid), _("Mar_ker"), GTK_WIDGET (self->marker_dropdown), 0);
    self->marker_toggle = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_("_Put Down by Clicks")));
    gtk_widget_set_halign (GTK_WIDGET (self->marker_toggle), GTK_ALIGN_START);
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->marker_toggle),
                                 _("While on, a click on a hex puts the marker there, or takes it off when it is "
                                   "there; picking a unit ends it"));
    gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->marker_toggle), 1, 1, 1, 1);
    gtk_box_append (GTK_BOX (self->markers_box), grid);
    self->markers_label = GTK_LABEL (gtk_label_new (NULL));
    gtk_label_set_xalign (self->markers_label, 0);
    gtk_label_set_wrap (self->markers_label, TRUE);
    gtk_widget_add_css_class (GTK_WIDGET (self->markers_label), "dim-label");
    gtk_box_append (GTK_BOX (self->markers_box), GTK_WIDGET (self->markers_label));
    gtk_widget_set_visible (self->markers_box, self->marker_ids->len > 0);
    gtk_box_append (GTK_BOX (self->box), self->markers_box);
    g_signal_connect_swapped (self->marker_toggle, "toggled", G_CALLBACK (on_marker_toggled), self);
    g_signal_connect_swapped (self->marker_dropdown, "notify::selected", G_CALLBACK (on_marker_selected), self);
  }

  g_signal_connect_swapped (self->unit_dropdown, "notify::selected", G_CALLBACK (on_unit_selected), self);
  g_signal_connect_swapped (self->strength_spin, "value-changed", G_CALLBACK (on_strength_changed), self);
  g_signal_connect_swapped (self->eliminate_button, "clicked", G_CALLBACK (on_eliminate), self);
  g_signal_connect_object (controller, "changed", G_CALLBACK (wb_play_override_refresh), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "selection-changed", G_CALLBACK (wb_play_override_refresh), self,
                           G_CONNECT_SWAPPED);
  wb_play_override_refresh (self);
  return GTK_WIDGET (self);
}
