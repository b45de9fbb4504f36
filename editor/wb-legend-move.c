/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-legend-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-number-field.h"
#include "wb-legend-private.h"

/* The legend form's movement cost grid (a row per unit class, and "*" for
 * the classes without their own cost) and its "Cancels" checklist (the
 * features of the same place a feature cancels). */

static GArray *
edit_move (LegendEdit *edit)
{
  return edit->terrain != NULL ? edit->terrain->move : edit->feature->move;
}

static void
move_set (GArray     *move,
          const char *klass,
          double      cost)
{
  for (guint i = 0; i < move->len; i++)
    if (g_array_index (move, WbMoveCost, i).unit_class == klass)
      {
        g_array_index (move, WbMoveCost, i).cost = cost;
        return;
      }
  g_array_append_val (move, ((WbMoveCost) { klass, cost }));
}

static void
move_unset (GArray     *move,
            const char *klass)
{
  for (guint i = 0; i < move->len; i++)
    if (g_array_index (move, WbMoveCost, i).unit_class == klass)
      {
        g_array_remove_index (move, i);
        return;
      }
}

static void on_move_own_toggled (GtkCheckButton *check, WbLegendEditor *self);
static void on_move_spin_changed (GtkSpinButton *spin, WbLegendEditor *self);
static void on_move_prohibited_toggled (GtkCheckButton *check, WbLegendEditor *self);
static void on_negate_toggled (GtkCheckButton *check, WbLegendEditor *self);

static GtkWidget *
grid_label (const char *text,
            gboolean    heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (heading)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* One row per unit class, and "*" first: rebuilt only when the classes
 * change. */
static void
build_move_grid (WbLegendEditor *self)
{
  GPtrArray *classes = wb_game_get_unit_classes (self->game);
  g_autoptr(GString) key = g_string_new ("*");
  GtkWidget *child;

  for (guint i = 0; i < classes->len; i++)
    {
      WbUnitType *k = g_ptr_array_index (classes, i);

      g_string_append_printf (key, "\n%s\t%s", k->id, k->name ? k->name : "");
    }
  if (g_strcmp0 (key->str, self->move_key) == 0)
    return;
  g_free (self->move_key);
  self->move_key = g_strdup (key->str);

  while ((child = gtk_widget_get_first_child (self->move_grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->move_grid), child);
  g_array_set_size (self->move_rows, 0);

  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Unit class"), TRUE), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Own cost"), TRUE), 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Movement points"), TRUE), 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Prohibited"), TRUE), 3, 0, 1, 1);

  for (guint i = 0; i <= classes->len; i++)
    {
      WbUnitType *k = i > 0 ? g_ptr_array_index (classes, i - 1) : NULL;
      MoveRow row = { k != NULL ? k->id : g_intern_static_string ("*"), NULL, NULL, NULL };
      const char *name = k != NULL ? (k->name != NULL ? k->name : k->id) : _("All classes (default)");
      g_autofree char *spin_name = g_strdup_printf ("move-spin-%s", row.klass);
      g_autofree char *own_name = g_strdup_printf ("move-own-%s", row.klass);
      g_autofree char *no_name = g_strdup_printf ("move-prohibited-%s", row.klass);
      g_autofree char *spin_label = NULL;
      g_autofree char *no_label = NULL;
      GtkWidget *label = grid_label (name, FALSE);

      row.own = gtk_check_button_new ();
      gtk_widget_set_name (row.own, own_name);
      gtk_widget_set_halign (row.own, GTK_ALIGN_CENTER);
      if (k != NULL)
        {
          g_autofree char *tip = g_strdup_printf (_("Give %s its own cost; otherwise the default applies"),
                                                  name);
          gtk_widget_set_tooltip_text (row.own, tip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (row.own), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
        }
      else
        {
          gtk_widget_set_tooltip_text (row.own, _("Give a default cost for every class without its own"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (row.own), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("Give a default cost for every class without its own"), -1);
        }
      row.spin = gtk_spin_button_new_with_range (0, 1000, 0.5);
      wb_number_field_guard (GTK_SPIN_BUTTON (row.spin));
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (row.spin), 1);
      gtk_widget_set_name (row.spin, spin_name);
      /* Translators: accessible name of a spin button; %s is a unit class */
      spin_label = g_strdup_printf (_("Movement points for %s"), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row.spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      spin_label, -1);
      gtk_widget_set_tooltip_text (row.spin, spin_label);
      row.prohibited = gtk_check_button_new ();
      gtk_widget_set_name (row.prohibited, no_name);
      gtk_widget_set_halign (row.prohibited, GTK_ALIGN_CENTER);
      /* Translators: %s is a unit class */
      no_label = g_strdup_printf (_("%s may not enter or cross it"), name);
      gtk_widget_set_tooltip_text (row.prohibited, no_label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row.prohibited), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      no_label, -1);

      g_object_set_data (G_OBJECT (row.own), "klass", (gpointer) row.klass);
      g_object_set_data (G_OBJECT (row.spin), "klass", (gpointer) row.klass);
      g_object_set_data (G_OBJECT (row.prohibited), "klass", (gpointer) row.klass);
      g_signal_connect (row.own, "toggled", G_CALLBACK (on_move_own_toggled), self);
      g_signal_connect (row.spin, "value-changed", G_CALLBACK (on_move_spin_changed), self);
      g_signal_connect (row.prohibited, "toggled", G_CALLBACK (on_move_prohibited_toggled), self);

      gtk_grid_attach (GTK_GRID (self->move_grid), label, 0, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->move_grid), row.own, 1, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->move_grid), row.spin, 2, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->move_grid), row.prohibited, 3, (int) i + 1, 1, 1);
      g_array_append_val (self->move_rows, row);
    }
}

void
_wb_legend_fill_move_grid (WbLegendEditor *self,
                           GArray         *move)
{
  double fallback = 1;
  gboolean fallback_found = FALSE;

  build_move_grid (self);
  fallback = wb_move_costs_lookup (move, "*", &fallback_found);
  for (guint i = 0; i < self->move_rows->len; i++)
    {
      MoveRow *row = &g_array_index (self->move_rows, MoveRow, i);
      gboolean own = FALSE;
      double cost = 0;

      for (guint j = 0; j < move->len; j++)
        if (g_array_index (move, WbMoveCost, j).unit_class == row->klass)
          {
            own = TRUE;
            cost = g_array_index (move, WbMoveCost, j).cost;
          }
      if (!own)
        cost = fallback_found ? fallback : 0;
      _wb_legend_set_check (row->own, own);
      _wb_legend_set_check (row->prohibited, cost < 0);
      if (cost >= 0)
        _wb_legend_set_spin (row->spin, cost);
      gtk_widget_set_sensitive (row->spin, own && cost >= 0);
      gtk_widget_set_sensitive (row->prohibited, own);
    }
}

/* Check buttons for the features of the same place that this one cancels
 * (a ford cancels a creek). */
void
_wb_legend_fill_negates (WbLegendEditor *self,
                         WbFeatureType  *f)
{
  GPtrArray *features = wb_game_get_features (self->game);
  g_autoptr(GString) key = g_string_new (f->id);
  GtkWidget *child;

  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *o = g_ptr_array_index (features, i);

      if (o != f && o->where == f->where)
        g_string_append_printf (key, "\n%s\t%s", o->id, o->name ? o->name : "");
    }
  if (g_strcmp0 (key->str, self->negates_key) != 0)
    {
      g_free (self->negates_key);
      self->negates_key = g_strdup (key->str);
      while ((child = gtk_widget_get_first_child (self->negates_box)) != NULL)
        gtk_flow_box_remove (GTK_FLOW_BOX (self->negates_box), child);
      for (guint i = 0; i < features->len; i++)
        {
          WbFeatureType *o = g_ptr_array_index (features, i);
          GtkWidget *check;
          g_autofree char *name = NULL;

          if (o == f || o->where != f->where)
            continue;
          check = gtk_check_button_new_with_label (o->name != NULL ? o->name : o->id);
          name = g_strdup_printf ("negates-%s", o->id);
          gtk_widget_set_name (check, name);
          g_object_set_data (G_OBJECT (check), "negate", (gpointer) o->id);
          g_signal_connect (check, "toggled", G_CALLBACK (on_negate_toggled), self);
          gtk_flow_box_append (GTK_FLOW_BOX (self->negates_box), check);
        }
    }
  for (child = gtk_widget_get_first_child (self->negates_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      const char *id = g_object_get_data (G_OBJECT (check), "negate");

      _wb_legend_set_check (check, g_ptr_array_find_with_equal_func (f->negates, id, g_str_equal, NULL));
    }
}

/* Signal handlers ------------------------------------------------------------ */

static MoveRow *
find_move_row (WbLegendEditor *self,
               const char     *klass)
{
  for (guint i = 0; i < self->move_rows->len; i++)
    if (g_array_index (self->move_rows, MoveRow, i).klass == klass)
      return &g_array_index (self->move_rows, MoveRow, i);
  return NULL;
}

static void
on_move_own_toggled (GtkCheckButton *check,
                     WbLegendEditor *self)
{
  const char *klass = g_object_get_data (G_OBJECT (check), "klass");
  MoveRow *row = find_move_row (self, klass);
  LegendEdit edit;

  if (!_wb_legend_edit_begin (self, &edit) || row == NULL)
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  if (gtk_check_button_get_active (check))
    move_set (edit_move (&edit), klass, gtk_spin_button_get_value (GTK_SPIN_BUTTON (row->spin)));
  else
    move_unset (edit_move (&edit), klass);
  _wb_legend_edit_end (self, &edit, NULL);
}

static void
on_move_spin_changed (GtkSpinButton  *spin,
                      WbLegendEditor *self)
{
  const char *klass = g_object_get_data (G_OBJECT (spin), "klass");
  g_autofree char *key = g_strdup_printf ("move:%s", klass);
  LegendEdit edit;

  if (!_wb_legend_edit_begin (self, &edit))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  move_set (edit_move (&edit), klass, gtk_spin_button_get_value (spin));
  _wb_legend_edit_end (self, &edit, key);
}

static void
on_move_prohibited_toggled (GtkCheckButton *check,
                            WbLegendEditor *self)
{
  const char *klass = g_object_get_data (G_OBJECT (check), "klass");
  MoveRow *row = find_move_row (self, klass);
  LegendEdit edit;

  if (!_wb_legend_edit_begin (self, &edit) || row == NULL)
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  move_set (edit_move (&edit), klass,
            gtk_check_button_get_active (check) ? -1
                                                : gtk_spin_button_get_value (GTK_SPIN_BUTTON (row->spin)));
  _wb_legend_edit_end (self, &edit, NULL);
}

static void
on_negate_toggled (GtkCheckButton *check,
                   WbLegendEditor *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), "negate");
  LegendEdit edit;
  guint index;

  if (!_wb_legend_edit_begin (self, &edit) || edit.feature == NULL)
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  if (gtk_check_button_get_active (check))
    {
      if (!g_ptr_array_find_with_equal_func (edit.feature->negates, id, g_str_equal, NULL))
        g_ptr_array_add (edit.feature->negates, (gpointer) id);
    }
  else if (g_ptr_array_find_with_equal_func (edit.feature->negates, id, g_str_equal, &index))
    g_ptr_array_remove_index (edit.feature->negates, index);
  _wb_legend_edit_end (self, &edit, NULL);
}
