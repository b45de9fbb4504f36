/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-number-field"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "wb-number-field.h"

/* The text the spin button shows for its value now. */
static char *
shown_text (GtkSpinButton *spin)
{
  return g_strdup_printf ("%.*f", gtk_spin_button_get_digits (spin), gtk_spin_button_get_value (spin));
}

static void
set_error (GtkSpinButton *spin, gboolean error)
{
  GtkWidget *w = GTK_WIDGET (spin);

  if (error == gtk_widget_has_css_class (w, "error"))
    return;
  if (error)
    {
      gtk_widget_add_css_class (w, "error");
      gtk_widget_set_tooltip_text (w, _("Not a number: the value is unchanged"));
      gtk_widget_error_bell (w);
    }
  else
    {
      gtk_widget_remove_css_class (w, "error");
      gtk_widget_set_tooltip_text (w, NULL);
    }
}

static gboolean
end_refusal (gpointer data)
{
  g_object_set_data (G_OBJECT (data), "wb-refusing", NULL);
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

/* GtkSpinButton::input: a number within the range, or refused. */
static int
on_input (GtkSpinButton *spin, double *value, gpointer data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  g_autofree char *copy = g_strstrip (g_strdup (text != NULL ? text : ""));
  char *end = NULL;
  double v, lower, upper;

  /* Accept the decimal separator of the locale and the point alike. */
  g_strdelimit (copy, ",", '.');
  v = g_ascii_strtod (copy, &end);
  gtk_spin_button_get_range (spin, &lower, &upper);
  if (*copy == '\0' || end == NULL || *end != '\0' || !isfinite (v) || v < lower || v > upper)
    {
      set_error (spin, TRUE);
      /* The spin button says its old value again (value-changed): the
       * mark stays until the field is changed. */
      if (g_object_get_data (G_OBJECT (spin), "wb-refusing") == NULL)
        {
          g_object_set_data (G_OBJECT (spin), "wb-refusing", GINT_TO_POINTER (1));
          g_idle_add (end_refusal, g_object_ref (spin));
        }
      return GTK_INPUT_ERROR;
    }
  set_error (spin, FALSE);
  *value = v;
  return TRUE;
}

static void
on_value_changed (GtkSpinButton *spin, gpointer data)
{
  if (g_object_get_data (G_OBJECT (spin), "wb-refusing") == NULL)
    set_error (spin, FALSE);
}

/* Ctrl+Z: uncommitted text is reverted here; else the key goes on to the
 * window's undo. */
static gboolean
on_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state, gpointer data)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (data);
  g_autofree char *shown = NULL;

  if ((keyval != GDK_KEY_z && keyval != GDK_KEY_Z) ||
      (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK)) != GDK_CONTROL_MASK)
    return FALSE;
  shown = shown_text (spin);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), shown) == 0)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), shown);
  gtk_editable_set_position (GTK_EDITABLE (spin), -1);
  set_error (spin, FALSE);
  return TRUE;
}

void
wb_number_field_guard (GtkSpinButton *spin)
{
  GtkEventController *key;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));
  gtk_spin_button_set_update_policy (spin, GTK_UPDATE_IF_VALID);
  gtk_editable_set_enable_undo (GTK_EDITABLE (spin), FALSE);
  g_signal_connect (spin, "input", G_CALLBACK (on_input), NULL);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_value_changed), NULL);
  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key), spin);
  gtk_widget_add_controller (GTK_WIDGET (spin), key);
}

gboolean
wb_number_field_has_error (GtkSpinButton *spin)
{
  g_return_val_if_fail (GTK_IS_SPIN_BUTTON (spin), FALSE);
  return gtk_widget_has_css_class (GTK_WIDGET (spin), "error");
}
