/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-oob-editor"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "wb-edit.h"
#include "wb-number-field.h"
#include "wb-text-field.h"
#include "wb-oob-editor-private.h"

/* The OOB editor's inspector: a form for the selected unit(s) or
 * formation, built from the unit class's attribute schema. The form is
 * rebuilt only when the selection (or a unit's class or strength form)
 * changes; otherwise the widgets are set from the model with
 * self->updating held, so showing never edits and focus stays put. */

static const char * const sizes[] = { "", "I", "II", "III", "X", "XX", "XXX", "XXXX", NULL };

char *
_wb_oob_strength_label (const WbStrength *s)
{
  g_autofree char *text = wb_strength_to_string (s);

  switch (s->kind)
    {
    case WB_STRENGTH_STEPS:
      if (s->n > 1 && s->current > 0)
        /* Translators: a step list and the step in force, "12/8/4 · step 2" */
        return g_strdup_printf (_("%s · step %u"), text, s->current + 1);
      break;
    case WB_STRENGTH_SIDES:
      if (s->current > 0)
        /* Translators: fresh|worn strength with the battleworn side up */
        return g_strdup_printf (_("%s · worn"), text);
      break;
    case WB_STRENGTH_SINGLE:
    default:
      break;
    }
  return g_steal_pointer (&text);
}

/* --- applying edits ------------------------------------------------------------ */

static void
apply_edit (WbOobEditor      *self,
            const WbUnitEdit *edit)
{
  if (self->updating || self->form_units == NULL || self->form_units->len == 0)
    return;
  self->in_form_edit = TRUE;
  _wb_oob_editor_push (self, wb_command_edit_units_new (self->game,
                                                        (WbUnit *const *) self->form_units->pdata,
                                                        self->form_units->len, edit));
  self->in_form_edit = FALSE;
}

static WbUnit *
first_unit (WbOobEditor *self)
{
  return self->form_units && self->form_units->len > 0 ? g_ptr_array_index (self->form_units, 0)
                                                       : NULL;
}

static const char *
field_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "wb-field");
}

static WbOobEditor *
editor_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "wb-editor");
}

static const char *
unit_text (WbUnit     *unit,
           const char *field)
{
  if (g_str_equal (field, "name"))
    return wb_unit_get_name (unit);
  if (g_str_equal (field, "designation"))
    return wb_unit_get_designation (unit);
  if (g_str_equal (field, "note"))
    return wb_unit_get_note (unit);
  return NULL;
}

static char *
widget_text (GtkWidget *widget)
{
  if (GTK_IS_TEXT_VIEW (widget))
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget));
      GtkTextIter start, end;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    }
  return g_strdup (gtk_editable_get_text (GTK_EDITABLE (widget)));
}

static void
set_widget_text (GtkWidget  *widget,
                 const char *text)
{
  if (GTK_IS_TEXT_VIEW (widget))
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget)), text ? text : "", -1);
  else
    wb_text_field_set_text (GTK_ENTRY (widget), text);
}

static WbCommand *
edit_command (WbOobEditor      *self,
              const WbUnitEdit *edit)
{
  if (self->form_units == NULL || self->form_units->len == 0)
    return NULL;
  return wb_command_edit_units_new (self->game, (WbUnit *const *) self->form_units->pdata,
                                    self->form_units->len, edit);
}

/* The command a text field's text makes (NULL: none, or bad text, shown). */
static WbCommand *
text_command (WbOobEditor *self,
              GtkWidget   *widget)
{
  const char *field = field_of (widget);
  g_autofree char *text = widget_text (widget);
  WbUnitEdit edit = { 0 };
  WbUnit *unit = first_unit (self);

  /* A field of a form that was replaced (its focus-out comes late) edits
   * nothing: commit_focused () took its text for what it was built for. */
  if (self->updating || field == NULL || g_hash_table_lookup (self->fields, field) != widget)
    return NULL;

  if (self->form_formation != NULL)
    {
      WbFormation *f = wb_game_find_formation (self->game, self->form_formation);
      GtkWidget *name = g_hash_table_lookup (self->fields, "name");
      GtkWidget *echelon = g_hash_table_lookup (self->fields, "echelon");
      GtkWidget *color = g_hash_table_lookup (self->fields, "color");
      g_autofree char *n = NULL, *e = NULL, *c = NULL;

      if (f == NULL)
        return NULL;
      n = widget_text (name);
      e = widget_text (echelon);
      c = widget_text (color);
      if (g_strcmp0 (n, f->name ? f->name : "") == 0 && g_strcmp0 (e, f->echelon ? f->echelon : "") == 0 &&
          g_strcmp0 (c, f->color ? f->color : "") == 0)
        return NULL;
      return wb_command_edit_formation_new (self->game, f->id, n, e, c);
    }

  if (unit == NULL)
    return NULL;
  if (g_str_equal (field, "class-roles"))
    {
      /* The roles of the class the units share (format 7): what the rules
       * play it as, for every unit of the class. */
      WbUnitType *klass = wb_game_find_unit_class (self->game, wb_unit_get_class_id (unit));
      g_auto(GStrv) words = g_regex_split_simple ("[\\s,]+", text, 0, 0);
      g_autoptr(GStrvBuilder) roles = g_strv_builder_new ();
      g_auto(GStrv) list = NULL;
      gboolean same = klass != NULL;

      for (guint i = 1; same && i < self->form_units->len; i++)
        same = g_strcmp0 (wb_unit_get_class_id (g_ptr_array_index (self->form_units, i)), klass->id) == 0;
      if (!same)
        return NULL;
      for (guint i = 0; words[i] != NULL; i++)
        if (words[i][0] != '\0')
          g_strv_builder_add (roles, words[i]);
      list = g_strv_builder_end (roles);
      {
        gboolean changed = g_strv_length (list) != klass->roles->len;

        for (guint i = 0; !changed && list[i] != NULL; i++)
          changed = g_strcmp0 (list[i], g_ptr_array_index (klass->roles, i)) != 0;
        if (!changed)
          return NULL;
      }
      return wb_command_set_class_roles_new (self->game, klass->id, (const char * const *) list);
    }
  if (g_str_has_prefix (field, "attr:"))
    {
      const char *id = field + 5;
      const WbAttrValue *old = wb_unit_get_attr (unit, id);
      WbAttrType type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "wb-type"));
      WbAttrValue v = { .type = type };

      if (self->form_units->len == 1 && old != NULL && g_strcmp0 (old->s, text) == 0)
        return NULL;
      if (*text == '\0')
        {
          if (old == NULL)
            return NULL;
          edit.attr = NULL;
        }
      else if (type == WB_ATTR_FIREPOWER && !wb_oob_firepower_is_valid (text))
        {
          g_autofree char *message =
            g_strdup_printf (_("“%s” is not a firepower rating (expected a letter and a number, such as A2)"),
                             text);
          _wb_oob_editor_show_error (self, message);
          wb_text_field_refuse (GTK_ENTRY (widget), message);
          return NULL;
        }
      else
        {
          v.s = text;
          edit.attr = &v;
        }
      edit.fields = WB_UNIT_FIELD_ATTR;
      edit.attr_id = id;
      return edit_command (self, &edit);
    }
  if (g_str_equal (field, "steps"))
    {
      g_autoptr(GError) error = NULL;
      const WbStrength *s = wb_unit_get_strength (unit);

      if (!wb_oob_parse_strength (text, WB_STRENGTH_STEPS, s->current, &edit.strength, &error))
        {
          _wb_oob_editor_show_error (self, error->message);
          if (GTK_IS_ENTRY (widget))
            wb_text_field_refuse (GTK_ENTRY (widget), error->message);
          return NULL;
        }
      if (self->form_units->len == 1 && wb_strength_equal (&edit.strength, s))
        return NULL;
      edit.fields = WB_UNIT_FIELD_STRENGTH;
      return edit_command (self, &edit);
    }
  if (self->form_units->len == 1 && g_strcmp0 (text, unit_text (unit, field) ? unit_text (unit, field) : "") == 0)
    return NULL;
  if (self->form_units->len > 1 && *text == '\0' && !g_str_equal (field, "note"))
    return NULL;
  if (g_str_equal (field, "name"))
    {
      edit.fields = WB_UNIT_FIELD_NAME;
      edit.name = text;
    }
  else if (g_str_equal (field, "designation"))
    {
      edit.fields = WB_UNIT_FIELD_DESIGNATION;
      edit.designation = text;
    }
  else if (g_str_equal (field, "note"))
    {
      edit.fields = WB_UNIT_FIELD_NOTE;
      edit.note = text;
    }
  else
    return NULL;
  return edit_command (self, &edit);
}

/* A text field is applied on Enter and when the focus leaves it (an entry
 * through wb_text_field_guard, a text view on leaving). */
static void
commit_text (GtkWidget *widget)
{
  WbOobEditor *self = editor_of (widget);
  WbCommand *command = text_command (self, widget);
  gboolean pushed;

  if (command == NULL)
    return;
  self->in_form_edit = TRUE;
  pushed = _wb_oob_editor_push (self, command);
  self->in_form_edit = FALSE;
  if (!pushed && GTK_IS_ENTRY (widget))
    wb_text_field_refuse (GTK_ENTRY (widget), gtk_label_get_label (GTK_LABEL (self->error_label)));
}

static void
on_focus_leave (GtkEventControllerFocus *focus,
                GtkWidget               *widget)
{
  commit_text (widget);
}

static void
on_firepower_changed (GtkEditable *editable)
{
  const char *text = gtk_editable_get_text (editable);

  if (*text == '\0' || wb_oob_firepower_is_valid (text))
    gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (editable), "error");
}

static void
on_spin_changed (GtkSpinButton *spin)
{
  WbOobEditor *self = editor_of (GTK_WIDGET (spin));
  const char *field = field_of (GTK_WIDGET (spin));
  WbUnit *unit = first_unit (self);
  double value = gtk_spin_button_get_value (spin);
  WbUnitEdit edit = { 0 };

  if (self->updating || unit == NULL)
    return;
  if (g_str_has_prefix (field, "attr:"))
    {
      WbAttrType type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "wb-type"));
      WbAttrValue v = { .type = type };

      if (type == WB_ATTR_INT)
        v.i = (gint64) llround (value);
      else
        v.d = value;
      /* A spin button refusing text says its value again: nothing to edit. */
      if (self->form_units->len == 1 && wb_unit_get_attr (unit, field + 5) != NULL &&
          wb_attr_value_equal (wb_unit_get_attr (unit, field + 5), &v))
        return;
      edit.fields = WB_UNIT_FIELD_ATTR;
      edit.attr_id = field + 5;
      edit.attr = &v;
      apply_edit (self, &edit);
      return;
    }

  edit.fields = WB_UNIT_FIELD_STRENGTH;
  edit.strength = *wb_unit_get_strength (unit);
  if (g_str_equal (field, "strength"))
    {
      GtkWidget *half = g_hash_table_lookup (self->fields, "strength-half");
      edit.strength.halves[0] = (gint16) (llround (value) * 2 +
                                           (gtk_check_button_get_active (GTK_CHECK_BUTTON (half)) ? 1 : 0));
    }
  else if (g_str_equal (field, "current-step"))
    edit.strength.current = (guint8) CLAMP (llround (value) - 1, 0, edit.strength.n - 1);
  else if (g_str_equal (field, "fresh"))
    edit.strength.halves[0] = (gint16) llround (value * 2);
  else if (g_str_equal (field, "worn"))
    edit.strength.halves[1] = (gint16) llround (value * 2);
  else
    return;
  /* A spin button refusing text says its value again: nothing to edit. */
  if (self->form_units->len == 1 && wb_strength_equal (&edit.strength, wb_unit_get_strength (unit)))
    return;
  apply_edit (self, &edit);
}

static void
on_check_toggled (GtkCheckButton *check)
{
  WbOobEditor *self = editor_of (GTK_WIDGET (check));
  const char *field = field_of (GTK_WIDGET (check));
  WbUnit *unit = first_unit (self);
  gboolean active = gtk_check_button_get_active (check);
  WbUnitEdit edit = { 0 };

  if (self->updating || unit == NULL)
    return;
  if (g_str_has_prefix (field, "attr:"))
    {
      WbAttrValue v = { .type = WB_ATTR_BOOL, .b = active };
      edit.fields = WB_UNIT_FIELD_ATTR;
      edit.attr_id = field + 5;
      edit.attr = &v;
      apply_edit (self, &edit);
      return;
    }
  edit.fields = WB_UNIT_FIELD_STRENGTH;
  edit.strength = *wb_unit_get_strength (unit);
  if (g_str_equal (field, "strength-half"))
    edit.strength.halves[0] = (gint16) ((edit.strength.halves[0] / 2) * 2 + (active ? 1 : 0));
  else if (g_str_equal (field, "worn-up"))
    edit.strength.current = active ? 1 : 0;
  else
    return;
  apply_edit (self, &edit);
}

static const char *
dropdown_id (GtkDropDown *dropdown)
{
  const char * const *ids = g_object_get_data (G_OBJECT (dropdown), "wb-ids");
  guint i = gtk_drop_down_get_selected (dropdown);

  return ids != NULL && i != GTK_INVALID_LIST_POSITION && i < g_strv_length ((char **) ids)
           ? ids[i] : NULL;
}

static void
on_dropdown_changed (GtkDropDown *dropdown)
{
  WbOobEditor *self = editor_of (GTK_WIDGET (dropdown));
  const char *field = field_of (GTK_WIDGET (dropdown));
  const char *id = dropdown_id (dropdown);
  WbUnit *unit = first_unit (self);
  WbUnitEdit edit = { 0 };

  if (self->updating || id == NULL)
    return;
  if (self->form_formation != NULL)
    {
      WbFormation *f = wb_game_find_formation (self->game, self->form_formation);
      if (f != NULL && g_str_equal (field, "parent") && g_strcmp0 (f->parent ? f->parent : "", id) != 0)
        _wb_oob_editor_push (self, wb_command_reparent_formation_new (self->game, f->id, id));
      return;
    }
  if (unit == NULL)
    return;
  if (g_str_equal (field, "side"))
    {
      edit.fields = WB_UNIT_FIELD_SIDE;
      edit.side = id;
    }
  else if (g_str_equal (field, "class"))
    {
      edit.fields = WB_UNIT_FIELD_CLASS;
      edit.class_id = id;
    }
  else if (g_str_equal (field, "formation"))
    {
      edit.fields = WB_UNIT_FIELD_FORMATION;
      edit.formation = id;
    }
  else if (g_str_equal (field, "size"))
    {
      edit.fields = WB_UNIT_FIELD_SIZE;
      edit.size = id;
    }
  else if (g_str_equal (field, "strength-form"))
    {
      const WbStrength *s = wb_unit_get_strength (unit);
      WbStrengthKind kind = (WbStrengthKind) atoi (id);

      if (kind == s->kind)
        return;
      /* The value in force becomes the first of the new form. */
      edit.fields = WB_UNIT_FIELD_STRENGTH;
      edit.strength.kind = kind;
      edit.strength.n = kind == WB_STRENGTH_SIDES ? 2 : 1;
      edit.strength.halves[0] = (gint16) wb_strength_current_halves (s);
      edit.strength.halves[1] = (gint16) (wb_strength_current_halves (s) / 2);
    }
  else
    return;
  apply_edit (self, &edit);
}

/* --- the forms' widgets ------------------------------------------------------------ */

/* A unit's form and a formation's are templates (wb-oob-unit-form.ui,
 * wb-oob-formation-form.ui), a new one for each selection: the focus, the
 * refused marks and the handlers of the last one go with it. They are
 * grids with every row they may need; the functions below take out what
 * does not apply and fill them from the game. */

#define WB_TYPE_OOB_UNIT_FORM (wb_oob_unit_form_get_type ())
G_DECLARE_FINAL_TYPE (WbOobUnitForm, wb_oob_unit_form, WB, OOB_UNIT_FORM, GtkGrid)

struct _WbOobUnitForm
{
  GtkGrid    parent_instance;

  GtkWidget *header, *preview, *title, *subtitle;
  GtkWidget *name, *designation;
  GtkWidget *side, *unit_class, *class_roles, *formation, *size;
  GtkWidget *strength_form;
  GtkWidget *strength_label, *strength, *strength_half;   /* a single value */
  GtkWidget *steps, *current_step;                        /* a step list */
  GtkWidget *fresh, *worn, *worn_up;                      /* fresh and battleworn */
  GtkWidget *note_heading, *note;
};

G_DEFINE_FINAL_TYPE (WbOobUnitForm, wb_oob_unit_form, GTK_TYPE_GRID)

#define WB_TYPE_OOB_FORMATION_FORM (wb_oob_formation_form_get_type ())
G_DECLARE_FINAL_TYPE (WbOobFormationForm, wb_oob_formation_form, WB, OOB_FORMATION_FORM, GtkGrid)

struct _WbOobFormationForm
{
  GtkGrid    parent_instance;

  GtkWidget *title, *subtitle;
  GtkWidget *name, *echelon, *color, *parent;
};

G_DEFINE_FINAL_TYPE (WbOobFormationForm, wb_oob_formation_form, GTK_TYPE_GRID)

static void
setup_label (GtkSignalListItemFactory *factory,
             GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
show_label (GtkListItem *item,
            gboolean     strip)
{
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));

  while (strip && *text == ' ')
    text++;
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

/* The formations' list indents them under their parents. */
static void
bind_label (GtkSignalListItemFactory *factory,
            GtkListItem              *item)
{
  show_label (item, FALSE);
}

/* The button shows the name without the list's indentation. */
static void
bind_label_unindented (GtkSignalListItemFactory *factory,
                       GtkListItem              *item)
{
  show_label (item, TRUE);
}

static void
wb_oob_unit_form_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), WB_TYPE_OOB_UNIT_FORM);
  G_OBJECT_CLASS (wb_oob_unit_form_parent_class)->dispose (object);
}

static void
wb_oob_unit_form_class_init (WbOobUnitFormClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = wb_oob_unit_form_dispose;
  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-oob-unit-form.ui");
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, header);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, preview);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, title);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, subtitle);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, name);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, designation);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, side);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, unit_class);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, class_roles);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, formation);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, size);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, strength_form);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, strength_label);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, strength);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, strength_half);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, steps);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, current_step);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, fresh);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, worn);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, worn_up);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, note_heading);
  gtk_widget_class_bind_template_child (widget_class, WbOobUnitForm, note);
  gtk_widget_class_bind_template_callback (widget_class, on_dropdown_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_spin_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_check_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_focus_leave);
  gtk_widget_class_bind_template_callback (widget_class, setup_label);
  gtk_widget_class_bind_template_callback (widget_class, bind_label);
  gtk_widget_class_bind_template_callback (widget_class, bind_label_unindented);
}

static void
wb_oob_unit_form_init (WbOobUnitForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
wb_oob_formation_form_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), WB_TYPE_OOB_FORMATION_FORM);
  G_OBJECT_CLASS (wb_oob_formation_form_parent_class)->dispose (object);
}

static void
wb_oob_formation_form_class_init (WbOobFormationFormClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = wb_oob_formation_form_dispose;
  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-oob-formation-form.ui");
  gtk_widget_class_bind_template_child (widget_class, WbOobFormationForm, title);
  gtk_widget_class_bind_template_child (widget_class, WbOobFormationForm, subtitle);
  gtk_widget_class_bind_template_child (widget_class, WbOobFormationForm, name);
  gtk_widget_class_bind_template_child (widget_class, WbOobFormationForm, echelon);
  gtk_widget_class_bind_template_child (widget_class, WbOobFormationForm, color);
  gtk_widget_class_bind_template_child (widget_class, WbOobFormationForm, parent);
  gtk_widget_class_bind_template_callback (widget_class, on_dropdown_changed);
  gtk_widget_class_bind_template_callback (widget_class, setup_label);
  gtk_widget_class_bind_template_callback (widget_class, bind_label);
  gtk_widget_class_bind_template_callback (widget_class, bind_label_unindented);
}

static void
wb_oob_formation_form_init (WbOobFormationForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* --- building ---------------------------------------------------------------------- */

typedef struct {
  WbOobEditor *self;
  GtkGrid     *grid;
  /* Where add_row () and add_heading () insert: at this row of the grid,
   * before this child (the order screen readers follow). */
  int          row;
  GtkWidget   *before;
} Form;

static void
register_field (Form       *form,
                const char *field,
                GtkWidget  *widget)
{
  g_object_set_data_full (G_OBJECT (widget), "wb-field", g_strdup (field), g_free);
  g_object_set_data (G_OBJECT (widget), "wb-editor", form->self);
  g_hash_table_insert (form->self->fields, g_strdup (field), widget);
}

/* Takes out @n rows of the template's grid from the row of @first. */
static void
remove_rows (Form      *form,
             GtkWidget *first,
             guint      n)
{
  int row;

  gtk_grid_query_child (form->grid, first, NULL, &row, NULL, NULL);
  for (guint i = 0; i < n; i++)
    gtk_grid_remove_row (form->grid, row);
}

/* A row of the class's ratings, as the template's rows are. */
static void
add_row (Form       *form,
         const char *label_text,
         GtkWidget  *widget,
         const char *tooltip)
{
  GtkWidget *label = gtk_label_new (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 14);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_grid_insert_row (form->grid, form->row);
  gtk_grid_attach (form->grid, label, 0, form->row, 1, 1);
  gtk_grid_attach (form->grid, widget, 1, form->row, 1, 1);
  gtk_widget_insert_before (label, GTK_WIDGET (form->grid), form->before);
  gtk_widget_insert_before (widget, GTK_WIDGET (form->grid), form->before);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (widget, tooltip);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  form->row++;
}

static void
add_heading (Form       *form,
             const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 12);
  gtk_grid_insert_row (form->grid, form->row);
  gtk_grid_attach (form->grid, label, 0, form->row++, 2, 1);
  gtk_widget_insert_before (label, GTK_WIDGET (form->grid), form->before);
}

/* A text field of the form: applied on Enter and when the focus leaves. */
static void
text_field (Form       *form,
            const char *field,
            GtkWidget  *entry)
{
  register_field (form, field, entry);
  wb_text_field_guard (GTK_ENTRY (entry), G_CALLBACK (commit_text), entry);
}

static GtkWidget *
text_entry (Form       *form,
            const char *field)
{
  GtkWidget *entry = gtk_entry_new ();

  text_field (form, field, entry);
  return entry;
}

/* A spin button of the form (its value-changed is on_spin_changed). */
static void
number_field (Form       *form,
              const char *field,
              GtkWidget  *button)
{
  wb_number_field_guard (GTK_SPIN_BUTTON (button));
  register_field (form, field, button);
}

static GtkWidget *
spin (Form       *form,
      const char *field,
      double      min,
      double      max,
      double      step,
      guint       digits)
{
  GtkWidget *button = gtk_spin_button_new_with_range (min, max, step);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (button), digits);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (button), TRUE);
  number_field (form, field, button);
  g_signal_connect (button, "value-changed", G_CALLBACK (on_spin_changed), NULL);
  return button;
}

static GtkWidget *
check (Form       *form,
       const char *field,
       const char *label)
{
  GtkWidget *button = gtk_check_button_new_with_label (label);

  register_field (form, field, button);
  g_signal_connect (button, "toggled", G_CALLBACK (on_check_toggled), NULL);
  return button;
}

/* The drop-down @dd of @field chooses among @ids (NULL-terminated, taken),
 * shown as @names (taken; NULL: the template's list). */
static void
choices (Form       *form,
         const char *field,
         GtkWidget  *dd,
         char      **names,
         char      **ids)
{
  g_object_set_data_full (G_OBJECT (dd), "wb-ids", ids, (GDestroyNotify) g_strfreev);
  register_field (form, field, dd);
  if (names != NULL)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new ((const char * const *) names);

      g_strfreev (names);
      gtk_drop_down_set_model (GTK_DROP_DOWN (dd), G_LIST_MODEL (list));
    }
}

static void
select_id (GtkWidget  *dd,
           const char *id)
{
  const char * const *ids = g_object_get_data (G_OBJECT (dd), "wb-ids");

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (g_strcmp0 (ids[i], id ? id : "") == 0)
      {
        gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), i);
        return;
      }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), GTK_INVALID_LIST_POSITION);
}

static char *
formation_path_name (WbGame      *game,
                     WbFormation *f)
{
  guint depth = 0;

  for (WbFormation *p = f; p && p->parent && depth < 8; p = wb_game_find_formation (game, p->parent))
    depth++;
  return g_strdup_printf ("%*s%s", (int) depth * 2, "", f->name ? f->name : f->id);
}

/* The formations of @side, indented under their parents, but @exclude and
 * the formations under it, for the drop-down @dd. */
static void
formation_choices (Form        *form,
                   const char  *field,
                   GtkWidget   *dd,
                   const char  *side,
                   const char  *exclude)
{
  WbGame *game = form->self->game;
  GPtrArray *formations = wb_game_get_formations (game);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  g_strv_builder_add (names, _("(none)"));
  g_strv_builder_add (ids, "");
  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (formations, i);
      g_autofree char *name = NULL;
      gboolean under = FALSE;

      if (f->side != side)
        continue;
      for (WbFormation *p = f; exclude && p; p = p->parent ? wb_game_find_formation (game, p->parent) : NULL)
        if (p->id == exclude)
          {
            under = TRUE;
            break;
          }
      if (under)
        continue;
      name = formation_path_name (game, f);
      g_strv_builder_add (names, name);
      g_strv_builder_add (ids, f->id);
    }
  choices (form, field, dd, g_strv_builder_end (names), g_strv_builder_end (ids));
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  WbOobEditor *self = user_data;
  WbUnit *unit = first_unit (self);

  if (self->game == NULL || unit == NULL)
    return;
  self->preview_draws++;
  {
    /* As on the map: the counter with its shadow, in its current state. */
    WbCounterOptions o;
    double c = MIN (width, height) - 14;

    wb_counter_options_init (&o);
    o.size = c;
    cairo_translate (cr, (width - c) / 2 - c * 0.03, (height - c) / 2 - c * 0.03);
    cairo_rectangle (cr, c * 0.06, c * 0.06, c, c);
    cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
    cairo_fill (cr);
    wb_render_counter (cr, self->game, unit, &o);
  }
}

/* The form's title and subtitle (set with the values). */
static void
register_header (Form      *form,
                 GtkWidget *title,
                 GtkWidget *subtitle)
{
  g_hash_table_insert (form->self->fields, g_strdup ("title"), title);
  g_hash_table_insert (form->self->fields, g_strdup ("subtitle"), subtitle);
}

static gboolean
same_class (GPtrArray *units)
{
  for (guint i = 1; i < units->len; i++)
    if (wb_unit_get_class_id (g_ptr_array_index (units, i)) !=
        wb_unit_get_class_id (g_ptr_array_index (units, 0)))
      return FALSE;
  return TRUE;
}

static gboolean
same_strength_kind (GPtrArray *units)
{
  for (guint i = 1; i < units->len; i++)
    if (wb_unit_get_strength (g_ptr_array_index (units, i))->kind !=
        wb_unit_get_strength (g_ptr_array_index (units, 0))->kind)
      return FALSE;
  return TRUE;
}

static GtkWidget *
build_unit_form (Form      *form,
                 GPtrArray *units)
{
  static const char * const kinds[] = { "0", "1", "2", NULL };
  WbOobEditor *self = form->self;
  WbOobUnitForm *w = g_object_new (WB_TYPE_OOB_UNIT_FORM, NULL);
  WbGame *game = self->game;
  WbUnit *unit = g_ptr_array_index (units, 0);
  WbUnitType *klass = wb_game_find_unit_class (game, wb_unit_get_class_id (unit));
  const WbStrength *strength = wb_unit_get_strength (unit);
  GPtrArray *sides = wb_game_get_sides (game);
  GPtrArray *classes = wb_game_get_unit_classes (game);
  GStrvBuilder *names, *ids;
  GtkWidget *widget;
  int kind = same_strength_kind (units) ? (int) strength->kind : -1;

  form->grid = GTK_GRID (w);
  register_header (form, w->title, w->subtitle);
  if (units->len == 1)
    {
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (w->preview), draw_preview, self, NULL);
      register_field (form, "preview", w->preview);
      text_field (form, "name", w->name);
      text_field (form, "designation", w->designation);
    }
  else
    {
      gtk_box_remove (GTK_BOX (w->header), w->preview);
      remove_rows (form, w->name, 2);
    }

  names = g_strv_builder_new ();
  ids = g_strv_builder_new ();
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *s = g_ptr_array_index (sides, i);
      g_strv_builder_add (names, s->name ? s->name : s->id);
      g_strv_builder_add (ids, s->id);
    }
  choices (form, "side", w->side, g_strv_builder_end (names), g_strv_builder_end (ids));
  g_strv_builder_unref (names);
  g_strv_builder_unref (ids);

  names = g_strv_builder_new ();
  ids = g_strv_builder_new ();
  for (guint i = 0; i < classes->len; i++)
    {
      WbUnitType *k = g_ptr_array_index (classes, i);
      g_strv_builder_add (names, k->name ? k->name : k->id);
      g_strv_builder_add (ids, k->id);
    }
  choices (form, "class", w->unit_class, g_strv_builder_end (names), g_strv_builder_end (ids));
  g_strv_builder_unref (names);
  g_strv_builder_unref (ids);
  text_field (form, "class-roles", w->class_roles);
  formation_choices (form, "formation", w->formation, wb_unit_get_side (unit), NULL);
  choices (form, "size", w->size, NULL, g_strdupv ((char **) sizes));

  /* Strength in the game's form: the rows of the units' form, if they
   * share one. */
  choices (form, "strength-form", w->strength_form, NULL, g_strdupv ((char **) kinds));
  if (kind != WB_STRENGTH_SIDES)
    remove_rows (form, w->fresh, 3);
  if (kind != WB_STRENGTH_STEPS)
    remove_rows (form, w->steps, 2);
  if (kind != WB_STRENGTH_SINGLE)
    remove_rows (form, w->strength_label, 1);
  switch (kind)
    {
    case WB_STRENGTH_SINGLE:
      number_field (form, "strength", w->strength);
      register_field (form, "strength-half", w->strength_half);
      break;
    case WB_STRENGTH_STEPS:
      text_field (form, "steps", w->steps);
      number_field (form, "current-step", w->current_step);
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (w->current_step), 1, MAX (strength->n, 1));
      break;
    case WB_STRENGTH_SIDES:
      number_field (form, "fresh", w->fresh);
      number_field (form, "worn", w->worn);
      register_field (form, "worn-up", w->worn_up);
      break;
    case -1:   /* the units' forms differ */
      break;
    default:
      g_assert_not_reached ();
    }

  /* The class's ratings, above the note. */
  form->before = w->note_heading;
  gtk_grid_query_child (form->grid, w->note_heading, NULL, &form->row, NULL, NULL);
  if (klass != NULL && klass->attrs->len > 0 && same_class (units))
    {
      add_heading (form, _("Ratings"));
      for (guint i = 0; i < klass->attrs->len; i++)
        {
          WbAttrDef *def = g_ptr_array_index (klass->attrs, i);
          g_autofree char *field = g_strconcat ("attr:", def->id, NULL);
          g_autofree char *tip = NULL;
          const char *name = def->name ? def->name : def->id;

          switch (def->type)
            {
            case WB_ATTR_INT:
            case WB_ATTR_NUMBER:
              widget = spin (form, field, def->min, def->max, def->type == WB_ATTR_INT ? 1 : 0.5,
                             def->type == WB_ATTR_INT ? 0 : 1);
              tip = g_strdup_printf (_("%s, from %g to %g"), name, def->min, def->max);
              break;
            case WB_ATTR_BOOL:
              widget = check (form, field, name);
              break;
            case WB_ATTR_FIREPOWER:
              widget = text_entry (form, field);
              gtk_entry_set_max_length (GTK_ENTRY (widget), 4);
              gtk_entry_set_placeholder_text (GTK_ENTRY (widget), "A2");
              g_signal_connect (widget, "changed", G_CALLBACK (on_firepower_changed), NULL);
              tip = g_strdup_printf (_("%s: a letter and a number, such as A2"), name);
              break;
            case WB_ATTR_STRING:
            default:
              widget = text_entry (form, field);
              break;
            }
          g_object_set_data (G_OBJECT (widget), "wb-type", GINT_TO_POINTER (def->type));
          add_row (form, def->type == WB_ATTR_BOOL ? "" : name, widget, tip);
        }
    }

  register_field (form, "note", w->note);
  return GTK_WIDGET (w);
}

static GtkWidget *
build_formation_form (Form        *form,
                      WbFormation *f)
{
  WbOobFormationForm *w = g_object_new (WB_TYPE_OOB_FORMATION_FORM, NULL);

  form->grid = GTK_GRID (w);
  register_header (form, w->title, w->subtitle);
  text_field (form, "name", w->name);
  text_field (form, "echelon", w->echelon);
  text_field (form, "color", w->color);
  formation_choices (form, "parent", w->parent, f->side, f->id);
  return GTK_WIDGET (w);
}

/* --- showing values ---------------------------------------------------------------- */

static GtkWidget *
field (WbOobEditor *self,
       const char  *name)
{
  return g_hash_table_lookup (self->fields, name);
}

static void
set_spin (WbOobEditor *self,
          const char  *name,
          double       value)
{
  GtkWidget *w = field (self, name);

  if (w != NULL)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), value);
}

static void
set_check (WbOobEditor *self,
           const char  *name,
           gboolean     value)
{
  GtkWidget *w = field (self, name);

  if (w != NULL)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (w), value);
}

static void
set_text_unless_focused (GtkWidget  *w,
                         const char *text)
{
  g_autofree char *current = NULL;

  if (w == NULL)
    return;
  current = widget_text (w);
  if (g_strcmp0 (current, text ? text : "") != 0)
    set_widget_text (w, text);
}

static void
refresh_unit_values (WbOobEditor *self)
{
  GPtrArray *units = self->form_units;
  WbUnit *unit = g_ptr_array_index (units, 0);
  WbUnitType *klass = wb_game_find_unit_class (self->game, wb_unit_get_class_id (unit));
  const WbStrength *s = wb_unit_get_strength (unit);
  g_autofree char *strength = _wb_oob_strength_label (s);
  g_autofree char *subtitle = NULL;
  gboolean same;
  const char *note;

  if (units->len == 1)
    {
      subtitle = g_strdup_printf ("%s · %s · %s", wb_unit_get_id (unit),
                                  klass ? (klass->name ? klass->name : klass->id) : "", strength);
      gtk_label_set_text (GTK_LABEL (field (self, "title")), wb_unit_get_name (unit));
    }
  else
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit selected",
                                                             "%u units selected", units->len),
                                                units->len);
      gtk_label_set_text (GTK_LABEL (field (self, "title")), title);
      subtitle = g_strdup (_("A change applies to every selected unit, as one step"));
    }
  gtk_label_set_text (GTK_LABEL (field (self, "subtitle")), subtitle);

  set_text_unless_focused (field (self, "name"), wb_unit_get_name (unit));
  set_text_unless_focused (field (self, "designation"), wb_unit_get_designation (unit));

#define SHARED(getter)                                                          \
  same = TRUE;                                                                  \
  for (guint i = 1; i < units->len; i++)                                        \
    same = same && g_strcmp0 (getter (g_ptr_array_index (units, i)), getter (unit)) == 0;

  SHARED (wb_unit_get_side);
  select_id (field (self, "side"), same ? wb_unit_get_side (unit) : "\x01");
  SHARED (wb_unit_get_class_id);
  select_id (field (self, "class"), same ? wb_unit_get_class_id (unit) : "\x01");
  {
    WbUnitType *unit_class = same ? wb_game_find_unit_class (self->game, wb_unit_get_class_id (unit)) : NULL;
    g_autoptr(GString) roles = g_string_new (NULL);

    for (guint i = 0; unit_class != NULL && i < unit_class->roles->len; i++)
      g_string_append_printf (roles, "%s%s", i > 0 ? ", " : "", (const char *) g_ptr_array_index (unit_class->roles, i));
    set_text_unless_focused (field (self, "class-roles"), roles->str);
    gtk_widget_set_sensitive (field (self, "class-roles"), unit_class != NULL);
  }
  SHARED (wb_unit_get_formation);
  select_id (field (self, "formation"), same ? wb_unit_get_formation (unit) : "\x01");
  SHARED (wb_unit_get_size);
  select_id (field (self, "size"), same ? wb_unit_get_size (unit) : "\x01");
  SHARED (wb_unit_get_note);
  note = same ? wb_unit_get_note (unit) : NULL;
#undef SHARED
  {
    g_autofree char *kind = g_strdup_printf ("%d", same_strength_kind (units) ? (int) s->kind : -1);
    select_id (field (self, "strength-form"), kind);
  }

  switch (s->kind)
    {
    case WB_STRENGTH_SINGLE:
      set_spin (self, "strength", s->halves[0] / 2);
      set_check (self, "strength-half", s->halves[0] % 2 == 1);
      break;
    case WB_STRENGTH_STEPS:
      {
        WbStrength plain = *s;
        g_autofree char *steps = NULL;
        plain.current = 0;
        steps = wb_strength_to_string (&plain);
        set_text_unless_focused (field (self, "steps"), steps);
        if (field (self, "current-step"))
          gtk_spin_button_set_range (GTK_SPIN_BUTTON (field (self, "current-step")), 1, s->n);
        set_spin (self, "current-step", s->current + 1);
      }
      break;
    case WB_STRENGTH_SIDES:
      set_spin (self, "fresh", s->halves[0] / 2.0);
      set_spin (self, "worn", s->halves[1] / 2.0);
      set_check (self, "worn-up", s->current == 1);
      break;
    default:
      break;
    }

  for (guint i = 0; klass != NULL && i < klass->attrs->len; i++)
    {
      WbAttrDef *def = g_ptr_array_index (klass->attrs, i);
      g_autofree char *name = g_strconcat ("attr:", def->id, NULL);
      const WbAttrValue *v = wb_unit_get_attr (unit, def->id);
      GtkWidget *w = field (self, name);

      if (w == NULL)
        continue;
      switch (def->type)
        {
        case WB_ATTR_INT:
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), v ? (double) v->i : def->min);
          break;
        case WB_ATTR_NUMBER:
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), v ? v->d : def->min);
          break;
        case WB_ATTR_BOOL:
          gtk_check_button_set_active (GTK_CHECK_BUTTON (w), v ? v->b : FALSE);
          break;
        case WB_ATTR_STRING:
        case WB_ATTR_FIREPOWER:
        default:
          set_text_unless_focused (w, v ? v->s : "");
          break;
        }
    }
  set_text_unless_focused (field (self, "note"), note);
  if (field (self, "preview"))
    gtk_widget_queue_draw (field (self, "preview"));
}

static void
refresh_formation_values (WbOobEditor *self)
{
  WbFormation *f = wb_game_find_formation (self->game, self->form_formation);
  g_autofree char *subtitle = NULL;
  GPtrArray *units = wb_game_get_units (self->game);
  guint n = 0;

  if (f == NULL)
    return;
  for (guint i = 0; i < units->len; i++)
    if (wb_unit_get_formation (g_ptr_array_index (units, i)) == f->id)
      n++;
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u unit", "%s · %u units", n),
                              f->echelon ? f->echelon : f->id, n);
  gtk_label_set_text (GTK_LABEL (field (self, "title")), f->name ? f->name : f->id);
  gtk_label_set_text (GTK_LABEL (field (self, "subtitle")), subtitle);
  set_text_unless_focused (field (self, "name"), f->name);
  set_text_unless_focused (field (self, "echelon"), f->echelon);
  set_text_unless_focused (field (self, "color"), f->color);
  select_id (field (self, "parent"), f->parent);
}

static char *
form_key (WbOobEditor *self,
          GPtrArray   *units,
          WbFormation *formation)
{
  GString *key = g_string_new (NULL);

  if (formation != NULL)
    {
      /* The parent list depends on the formations. */
      g_string_append_printf (key, "f:%s:%u", formation->id,
                              wb_game_get_formations (self->game)->len);
      return g_string_free (key, FALSE);
    }
  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      g_string_append_printf (key, "u:%s:%s:%s:%d:%d;", wb_unit_get_id (u), wb_unit_get_class_id (u),
                              wb_unit_get_side (u), wb_unit_get_strength (u)->kind,
                              wb_unit_get_strength (u)->n);
    }
  g_string_append_printf (key, "%u", wb_game_get_formations (self->game)->len);
  return g_string_free (key, FALSE);
}

void
_wb_oob_editor_form_clear (WbOobEditor *self)
{
  GtkWidget *child, *next;

  g_hash_table_remove_all (self->fields);
  g_clear_pointer (&self->form_key, g_free);
  g_clear_pointer (&self->form_units, g_ptr_array_unref);
  self->form_formation = NULL;
  if (self->form == NULL)   /* disposed */
    return;
  for (child = gtk_widget_get_first_child (self->form); child != NULL; child = next)
    {
      next = gtk_widget_get_next_sibling (child);
      if (child != self->hint)
        gtk_box_remove (GTK_BOX (self->form), child);
    }
  gtk_widget_set_visible (self->hint, FALSE);
}

static gboolean
push_pending_idle (gpointer data)
{
  WbOobEditor *self = data;
  g_autoptr(GPtrArray) pending = g_steal_pointer (&self->pending);

  self->pending_idle = 0;
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < pending->len; i++)
    _wb_oob_editor_push (self, g_object_ref (g_ptr_array_index (pending, i)));
  return G_SOURCE_REMOVE;
}

/* The selection changed while a text field held an edit not yet applied
 * (the focus had not left it): apply it to what the form was built for,
 * once the selection change is over. */
static void
commit_focused (WbOobEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (self->form);
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  WbCommand *command;

  /* No form, or one being rebuilt after a refusal (its text was refused). */
  if (self->form_key == NULL || *self->form_key == '\0')
    return;

  while (focus != NULL && field_of (focus) == NULL && focus != self->form)
    focus = gtk_widget_get_parent (focus);
  if (focus == NULL || field_of (focus) == NULL || !gtk_widget_is_ancestor (focus, self->form) ||
      !(GTK_IS_ENTRY (focus) || GTK_IS_TEXT_VIEW (focus)))
    return;
  command = text_command (self, focus);
  if (command == NULL)
    return;
  g_ptr_array_add (self->pending, command);
  if (self->pending_idle == 0)
    self->pending_idle = g_idle_add_full (G_PRIORITY_HIGH, push_pending_idle, self, NULL);
}

static gboolean
rebuild_form_idle (gpointer data)
{
  WbOobEditor *self = data;

  self->form_idle = 0;
  _wb_oob_editor_refresh_form (self);
  return G_SOURCE_REMOVE;
}

void
_wb_oob_editor_form_update (WbOobEditor *self,
                            GPtrArray   *units,
                            WbFormation *formation)
{
  g_autofree char *key = NULL;
  Form form = { self, NULL, 0, NULL };
  GtkWidget *grid;

  /* NULL, NULL: the same selection again (after a refusal). */
  if (units == NULL && formation == NULL)
    {
      g_free (self->form_key);
      self->form_key = NULL;
      return;
    }
  if (self->game == NULL || ((units == NULL || units->len == 0) && formation == NULL))
    {
      if (self->form_key != NULL && *self->form_key == '\0')
        return;
      commit_focused (self);
      _wb_oob_editor_form_clear (self);
      self->form_key = g_strdup ("");
      gtk_widget_set_visible (self->hint, TRUE);
      return;
    }

  key = form_key (self, units, formation);
  if (g_strcmp0 (key, self->form_key) != 0 && self->in_form_edit)
    {
      /* The widget whose handler pushed the edit would be destroyed under
       * its own signal: rebuild once the handler has returned. */
      if (self->form_idle == 0)
        self->form_idle = g_idle_add_full (G_PRIORITY_HIGH, rebuild_form_idle, self, NULL);
      return;
    }
  self->updating = TRUE;
  if (g_strcmp0 (key, self->form_key) != 0)
    {
      self->updating = FALSE;
      commit_focused (self);
      self->updating = TRUE;
      _wb_oob_editor_form_clear (self);
      self->form_key = g_steal_pointer (&key);
      if (formation != NULL)
        {
          self->form_formation = formation->id;
          grid = build_formation_form (&form, formation);
        }
      else
        {
          self->form_units = g_ptr_array_new_with_free_func (g_object_unref);
          for (guint i = 0; i < units->len; i++)
            g_ptr_array_add (self->form_units, g_object_ref (g_ptr_array_index (units, i)));
          grid = build_unit_form (&form, units);
        }
      gtk_box_append (GTK_BOX (self->form), grid);
    }
  if (self->form_formation != NULL)
    refresh_formation_values (self);
  else
    refresh_unit_values (self);
  self->updating = FALSE;
}
