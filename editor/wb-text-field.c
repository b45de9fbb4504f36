/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-text-field"
#include "config.h"

#include "wb-text-field.h"

/* A guarded entry's state, its object data "wb-text-field". */
typedef struct
{
  GClosure           *apply;
  char               *committed;
  char               *refusal;     /* set by wb_text_field_refuse during a commit */
  GtkEventController *focus;
  guint               trusting;    /* > 0: text set now is the model's */
  gboolean            committing;
  gboolean            marked;
  gboolean            leave_later; /* commit on leaving from an idle */
  GtkPopover         *form;        /* in a popover form: its Apply commits (weak) */      /* refused: the "error" style class is ours */
} Field;

static void
field_free (gpointer data)
{
  Field *f = data;

  g_clear_pointer (&f->apply, g_closure_unref);
  g_clear_weak_pointer (&f->form);
  g_free (f->committed);
  g_free (f->refusal);
  g_free (f);
}

static Field *
field_of (GtkEntry *entry)
{
  return g_object_get_data (G_OBJECT (entry), "wb-text-field");
}

static const char *
text_of (GtkEntry *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  return text != NULL ? text : "";
}

/* Marks the field refused with @message, or (NULL) takes the mark off. */
static void
set_error (GtkEntry   *entry,
           const char *message)
{
  GtkWidget *w = GTK_WIDGET (entry);
  Field *f = field_of (entry);

  if (message != NULL)
    {
      /* The pane's own tooltip comes back with the mark's end. */
      if (f != NULL && !f->marked)
        g_object_set_data_full (G_OBJECT (w), "wb-tooltip", g_strdup (gtk_widget_get_tooltip_text (w)), g_free);
      if (f != NULL)
        f->marked = TRUE;
      gtk_widget_add_css_class (w, "error");
      gtk_widget_set_tooltip_text (w, message);
      gtk_widget_error_bell (w);
    }
  else if (f != NULL && f->marked)
    {
      f->marked = FALSE;
      gtk_widget_remove_css_class (w, "error");
      gtk_widget_set_tooltip_text (w, g_object_get_data (G_OBJECT (w), "wb-tooltip"));
    }
}

static void
set_committed_text (GtkEntry   *entry,
                    Field      *f,
                    const char *text)
{
  f->trusting++;
  if (g_strcmp0 (text_of (entry), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
  f->trusting--;
  g_free (f->committed);
  f->committed = g_strdup (text);
}

static void
on_changed (GtkEditable *editable,
            Field       *f)
{
  GtkEntry *entry = GTK_ENTRY (editable);

  if (f->trusting > 0)
    {
      g_free (f->committed);
      f->committed = g_strdup (text_of (entry));
    }
  set_error (entry, NULL);
}

static void
commit (GtkEntry *entry)
{
  Field *f = field_of (entry);
  GValue param = G_VALUE_INIT;

  if (f == NULL || f->apply == NULL || f->committing || g_strcmp0 (text_of (entry), f->committed) == 0)
    return;
  g_object_ref (entry);
  g_clear_pointer (&f->refusal, g_free);
  f->committing = TRUE;
  f->trusting++;
  g_value_init (&param, GTK_TYPE_ENTRY);
  g_value_set_object (&param, entry);
  g_closure_invoke (f->apply, NULL, 1, &param, NULL);
  g_value_unset (&param);
  f->trusting--;
  f->committing = FALSE;
  if (f->refusal != NULL)
    set_error (entry, f->refusal);
  else
    {
      /* Taken, or it said what the model has: what the field shows now
       * (the pane may have tidied it) is the model's. */
      g_free (f->committed);
      f->committed = g_strdup (text_of (entry));
      set_error (entry, NULL);
    }
  g_clear_pointer (&f->refusal, g_free);
  g_object_unref (entry);
}

static void
revert (GtkEntry *entry,
        Field    *f)
{
  g_autofree char *text = g_strdup (f->committed);

  set_committed_text (entry, f, text);
  gtk_editable_set_position (GTK_EDITABLE (entry), -1);
  set_error (entry, NULL);
}

static gboolean
on_key (GtkEventControllerKey *key,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        GtkEntry              *entry)
{
  Field *f = field_of (entry);
  GdkModifierType mods = state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK | GDK_SUPER_MASK);
  gboolean dirty;

  if (f == NULL)
    return FALSE;
  dirty = g_strcmp0 (text_of (entry), f->committed) != 0;
  if (keyval == GDK_KEY_Escape && mods == 0)
    {
      /* A popover form's Escape closes it, dropping all it holds. */
      if (!dirty || f->form != NULL)
        {
          set_error (entry, NULL);
          return FALSE;
        }
      revert (entry, f);
      return TRUE;
    }
  if ((keyval == GDK_KEY_z || keyval == GDK_KEY_Z) && mods == GDK_CONTROL_MASK)
    {
      if (!dirty)
        {
          set_error (entry, NULL);
          /* The game's undo would leave the form editing what is gone. */
          if (f->form != NULL)
            gtk_popover_popdown (f->form);
          return FALSE;
        }
      revert (entry, f);
      return TRUE;
    }
  if (((keyval == GDK_KEY_z || keyval == GDK_KEY_Z) && mods == (GDK_CONTROL_MASK | GDK_SHIFT_MASK)) ||
      ((keyval == GDK_KEY_y || keyval == GDK_KEY_Y) && mods == GDK_CONTROL_MASK))
    {
      if (!dirty)
        {
          if (f->form != NULL)
            gtk_popover_popdown (f->form);
          return FALSE;
        }
      gtk_widget_error_bell (GTK_WIDGET (entry));
      return TRUE;
    }
  return FALSE;
}

static gboolean
commit_idle (gpointer data)
{
  GtkEntry *entry = data;

  /* Not if the pane has taken the entry out since. */
  if (gtk_widget_get_root (GTK_WIDGET (entry)) != NULL)
    commit (entry);
  return G_SOURCE_REMOVE;
}

static void
on_leave (GtkEventControllerFocus *focus,
          GtkEntry                *entry)
{
  Field *f = field_of (entry);

  if (f != NULL && f->leave_later)
    g_idle_add_full (G_PRIORITY_DEFAULT, commit_idle, g_object_ref (entry), g_object_unref);
  else
    commit (entry);
}

static Field *
install (GtkEntry *entry)
{
  GtkEventController *key;
  Field *f;

  f = g_new0 (Field, 1);
  f->committed = g_strdup (text_of (entry));
  g_object_set_data_full (G_OBJECT (entry), "wb-text-field", f, field_free);

  gtk_editable_set_enable_undo (GTK_EDITABLE (entry), FALSE);
  g_signal_connect (entry, "changed", G_CALLBACK (on_changed), f);
  g_signal_connect (entry, "activate", G_CALLBACK (commit), NULL);   /* no-op in a form */
  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key), entry);
  gtk_widget_add_controller (GTK_WIDGET (entry), key);
  f->focus = gtk_event_controller_focus_new ();
  g_signal_connect (f->focus, "leave", G_CALLBACK (on_leave), entry);
  gtk_widget_add_controller (GTK_WIDGET (entry), f->focus);
  return f;
}

void
wb_text_field_guard (GtkEntry  *entry,
                     GCallback  apply,
                     gpointer   data)
{
  Field *f;

  g_return_if_fail (GTK_IS_ENTRY (entry));
  g_return_if_fail (apply != NULL);
  g_return_if_fail (field_of (entry) == NULL);

  f = install (entry);
  f->apply = g_cclosure_new_swap (apply, data, NULL);
  g_closure_ref (f->apply);
  g_closure_sink (f->apply);
  g_closure_set_marshal (f->apply, g_cclosure_marshal_VOID__VOID);
}

void
wb_text_field_guard_in_form (GtkEntry   *entry,
                             GtkPopover *form)
{
  Field *f;

  g_return_if_fail (GTK_IS_ENTRY (entry));
  g_return_if_fail (GTK_IS_POPOVER (form));
  g_return_if_fail (field_of (entry) == NULL);

  f = install (entry);
  g_set_weak_pointer (&f->form, form);
}

void
wb_text_field_set_text (GtkEntry   *entry,
                        const char *text)
{
  Field *f;

  g_return_if_fail (GTK_IS_ENTRY (entry));
  f = field_of (entry);
  if (f == NULL)
    {
      if (g_strcmp0 (text_of (entry), text != NULL ? text : "") != 0)
        gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
      return;
    }
  set_committed_text (entry, f, text != NULL ? text : "");
}

void
wb_text_field_reset (GtkEntry   *entry,
                     const char *text)
{
  g_return_if_fail (GTK_IS_ENTRY (entry));
  wb_text_field_set_text (entry, text);
  set_error (entry, NULL);
}

void
wb_text_field_refuse (GtkEntry   *entry,
                      const char *message)
{
  Field *f;

  g_return_if_fail (GTK_IS_ENTRY (entry));
  g_return_if_fail (message != NULL);
  f = field_of (entry);
  if (f != NULL && f->committing)
    {
      g_free (f->refusal);
      f->refusal = g_strdup (message);
    }
  else
    set_error (entry, message);
}

gboolean
wb_text_field_has_error (GtkEntry *entry)
{
  g_return_val_if_fail (GTK_IS_ENTRY (entry), FALSE);
  return field_of (entry) != NULL ? field_of (entry)->marked
                                  : gtk_widget_has_css_class (GTK_WIDGET (entry), "error");
}

gboolean
wb_text_field_is_dirty (GtkEntry *entry)
{
  Field *f;

  g_return_val_if_fail (GTK_IS_ENTRY (entry), FALSE);
  f = field_of (entry);
  return f != NULL && g_strcmp0 (text_of (entry), f->committed) != 0;
}

const char *
wb_text_field_get_committed (GtkEntry *entry)
{
  Field *f;

  g_return_val_if_fail (GTK_IS_ENTRY (entry), NULL);
  f = field_of (entry);
  return f != NULL ? f->committed : text_of (entry);
}

void
wb_text_field_commit_later (GtkEntry *entry)
{
  Field *f;

  g_return_if_fail (GTK_IS_ENTRY (entry));
  f = field_of (entry);
  g_return_if_fail (f != NULL);
  f->leave_later = TRUE;
}

void
wb_text_field_pass_undo (GtkEntry *entry)
{
  g_return_if_fail (GTK_IS_ENTRY (entry));
  gtk_editable_set_enable_undo (GTK_EDITABLE (entry), FALSE);
}
