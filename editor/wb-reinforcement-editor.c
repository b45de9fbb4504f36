/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-reinforcement-editor"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-number-field.h"
#include "wb-text-field.h"
#include "wb-edit.h"
#include "wb-reinforcement-editor.h"
#include "wb-setup-editor.h"

/* The turn track. Like the set-up pane it is rebuilt from the model on an
 * idle after WbGame::changed; the popovers that edit a turn or a
 * reinforcement are made per click and hold the index they edit. */

struct _WbReinforcementEditor
{
  GtkWidget     parent_instance;

  WbGame       *game;
  WbScenario   *scenario;
  WbUndoStack  *stack;
  guint         rebuild_source;
  /* Changed while off screen: the columns are built when the editor maps
   * or their counts are asked for. */
  gboolean      stale;
  char         *message;
  guint         n_columns;
  guint         n_cards;

  /* The template's (wb-reinforcement-editor.ui); its child @box is bound so that
   * gtk_widget_dispose_template () unparents it. */
  GtkWidget    *box;
  GtkWidget    *status;
  GtkWidget    *summary;
  GtkWidget    *count_spin;
  GtkWidget    *track;
};

G_DEFINE_FINAL_TYPE (WbReinforcementEditor, wb_reinforcement_editor, GTK_TYPE_WIDGET)

static void rebuild (WbReinforcementEditor *self);

static void
show_message (WbReinforcementEditor *self,
              const char            *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_text (GTK_LABEL (self->status), message != NULL ? message : "");
  gtk_widget_set_visible (self->status, message != NULL);
}

static gboolean
fail (WbReinforcementEditor  *self,
      GError                 *local,
      GError                **error)
{
  show_message (self, local->message);
  g_propagate_error (error, local);
  return FALSE;
}

static gboolean
push (WbReinforcementEditor  *self,
      WbCommand              *command,
      GError                **error)
{
  g_autoptr(WbCommand) owned = command;
  GError *local = NULL;

  if (self->game == NULL || self->stack == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  if (!wb_edit_push (self->game, self->stack, owned, &local))
    return fail (self, local, error);
  show_message (self, NULL);
  return TRUE;
}

/* --- text forms ------------------------------------------------------------ */

static WbMapMark *
find_area (WbReinforcementEditor *self,
           const char            *text)
{
  WbMap *map = wb_game_find_map (self->game, wb_scenario_get_map (self->scenario));
  g_autofree char *t = g_strstrip (g_strdup (text != NULL ? text : ""));
  GPtrArray *marks;

  if (!WB_IS_HEX_MAP (map))
    return NULL;
  marks = wb_hex_map_get_marks (WB_HEX_MAP (map));
  for (guint i = 0; i < marks->len; i++)
    {
      WbMapMark *m = g_ptr_array_index (marks, i);

      if (g_ascii_strcasecmp (m->id, t) == 0 ||
          (m->name != NULL && g_ascii_strcasecmp (m->name, t) == 0))
        return m;
    }
  return NULL;
}

/* Fills @r's places or area from @text. */
static gboolean
parse_entry (WbReinforcementEditor  *self,
             const char             *text,
             WbReinforcement        *r,
             GError                **error)
{
  WbMapMark *area = find_area (self, text);

  g_array_set_size (r->at, 0);
  r->area = NULL;
  if (area != NULL)
    {
      r->area = g_intern_string (area->id);
      return TRUE;
    }
  return wb_scenario_parse_places (self->game, self->scenario, text, r->at, error);
}

static char *
format_entry (WbReinforcementEditor *self,
              WbReinforcement       *r)
{
  if (r->area != NULL)
    {
      WbMapMark *m = find_area (self, r->area);

      return g_strdup (m != NULL && m->name != NULL ? m->name : r->area);
    }
  return wb_scenario_format_places (self->game, self->scenario, r->at);
}

static gboolean
parse_units (WbReinforcementEditor  *self,
             const char             *text,
             GPtrArray              *units,
             GError                **error)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);

  g_ptr_array_set_size (units, 0);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      WbUnit *unit;

      if (*g_strstrip (parts[i]) == '\0')
        continue;
      unit = wb_setup_editor_find_unit (self->game, parts[i]);
      if (unit == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The game has no unit “%s”"), parts[i]);
          return FALSE;
        }
      g_ptr_array_add (units, (gpointer) g_intern_string (wb_unit_get_id (unit)));
    }
  if (units->len == 0)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Name the units that arrive, separated by commas"));
      return FALSE;
    }
  return TRUE;
}

/* Ids for the form (names may hold commas, ids read back exactly),
 * designations ("1/1/V") for the narrow cards, names for tooltips. */
typedef enum {
  UNITS_IDS,
  UNITS_DESIGNATIONS,
  UNITS_NAMES,
} UnitsForm;

static char *
format_units (WbReinforcementEditor *self,
              WbReinforcement       *r,
              UnitsForm              form)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < r->units->len; i++)
    {
      const char *id = g_ptr_array_index (r->units, i);
      WbUnit *unit = wb_game_find_unit (self->game, id);

      if (i > 0)
        g_string_append (s, form == UNITS_DESIGNATIONS ? "\n" : ", ");
      if (unit == NULL || form == UNITS_IDS)
        g_string_append (s, id);
      else
        g_string_append (s, form == UNITS_DESIGNATIONS ? wb_unit_get_designation (unit)
                                                       : wb_unit_get_name (unit));
    }
  return g_string_free (s, FALSE);
}

/* --- the model ------------------------------------------------------------- */

static gboolean
fill (WbReinforcementEditor  *self,
      WbReinforcement        *r,
      int                     turn,
      const char             *entry,
      const char             *units,
      const char             *condition,
      GError                **error)
{
  GError *local = NULL;

  r->turn = turn;
  if (!parse_entry (self, entry, r, &local) || !parse_units (self, units, r->units, &local))
    return fail (self, local, error);
  g_free (r->condition);
  r->condition = condition != NULL && *condition ? g_strdup (condition) : NULL;
  return TRUE;
}

gboolean
wb_reinforcement_editor_add (WbReinforcementEditor  *self,
                             int                     turn,
                             const char             *entry,
                             const char             *units,
                             const char             *condition,
                             GError                **error)
{
  WbReinforcement *r;
  gboolean ok;

  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  r = wb_reinforcement_new (turn);
  ok = fill (self, r, turn, entry, units, condition, error) &&
       push (self, wb_command_add_reinforcement_new (self->game, self->scenario, r, -1), error);
  wb_reinforcement_free (r);
  return ok;
}

static gboolean
reinforcement_equal (const WbReinforcement *a,
                     const WbReinforcement *b)
{
  if (a->turn != b->turn || a->area != b->area || a->option != b->option ||
      a->unless != b->unless || g_strcmp0 (a->condition, b->condition) != 0 ||
      g_strcmp0 (a->note, b->note) != 0 || a->at->len != b->at->len ||
      a->units->len != b->units->len)
    return FALSE;
  for (guint i = 0; i < a->at->len; i++)
    {
      WbPlace *p = &g_array_index (a->at, WbPlace, i);
      WbPlace *q = &g_array_index (b->at, WbPlace, i);

      if (p->kind != q->kind || g_strcmp0 (p->ref, q->ref) != 0)
        return FALSE;
    }
  for (guint i = 0; i < a->units->len; i++)
    if (g_ptr_array_index (a->units, i) != g_ptr_array_index (b->units, i))
      return FALSE;
  return TRUE;
}

gboolean
wb_reinforcement_editor_edit (WbReinforcementEditor  *self,
                              guint                   index,
                              int                     turn,
                              const char             *entry,
                              const char             *units,
                              const char             *condition,
                              const char             *note,
                              int                     tag_position,
                              GError                **error)
{
  GPtrArray *list;
  WbReinforcement *r;
  gboolean ok;

  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  list = wb_scenario_get_reinforcements (self->scenario);
  if (index >= list->len)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                                    _("There is no reinforcement %u"), index + 1), error);
  r = wb_reinforcement_copy (g_ptr_array_index (list, index));
  ok = fill (self, r, turn, entry, units, condition, error);
  if (ok)
    {
      g_free (r->note);
      r->note = note != NULL && *note ? g_strdup (note) : NULL;
      if (tag_position >= 0)
        wb_setup_editor_tag_from_position (self->scenario, (guint) tag_position, &r->option,
                                           &r->unless);
      /* Apply on an unchanged form is no edit (and no undo step). */
      if (reinforcement_equal (r, g_ptr_array_index (list, index)))
        show_message (self, NULL);
      else
        ok = push (self, wb_command_edit_reinforcement_new (self->game, self->scenario, index, r),
                   error);
    }
  wb_reinforcement_free (r);
  return ok;
}

gboolean
wb_reinforcement_editor_remove (WbReinforcementEditor  *self,
                                guint                   index,
                                GError                **error)
{
  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  return push (self, wb_command_remove_reinforcement_new (self->game, self->scenario, index), error);
}

gboolean
wb_reinforcement_editor_set_turn (WbReinforcementEditor  *self,
                                  int                     turn,
                                  const char             *label,
                                  gboolean                night,
                                  GError                **error)
{
  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  if (turn >= 1 && (guint) turn <= wb_scenario_get_turns (self->scenario)->len)
    {
      WbTurn *t = &g_array_index (wb_scenario_get_turns (self->scenario), WbTurn, turn - 1);

      if (g_strcmp0 (t->label, label != NULL && *label ? label : NULL) == 0 && t->night == night)
        {
          show_message (self, NULL);
          return TRUE;
        }
    }
  return push (self, wb_command_set_turn_new (self->game, self->scenario, turn, label, night), error);
}

gboolean
wb_reinforcement_editor_set_turn_count (WbReinforcementEditor  *self,
                                        int                     count,
                                        GError                **error)
{
  GArray *turns;
  g_autoptr(GArray) copy = NULL;

  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  turns = wb_scenario_get_turns (self->scenario);
  if (count == (int) turns->len)
    return TRUE;
  /* The command copies: a shallow array of the current turns will do. */
  copy = g_array_new (FALSE, TRUE, sizeof (WbTurn));
  g_array_append_vals (copy, turns->data, MIN (turns->len, (guint) MAX (count, 0)));
  if (count > 0)
    g_array_set_size (copy, (guint) count);
  return push (self, wb_command_set_turns_new (self->game, self->scenario,
                                               (const WbTurn *) (gpointer) copy->data, copy->len),
               error);
}

/* --- popovers -------------------------------------------------------------- */

typedef struct {
  WbReinforcementEditor *self;
  int                    index;     /* -1: a new one */
  int                    turn;
  GtkWidget             *popover;
  GtkWidget             *turn_spin;
  GtkWidget             *entry;
  GtkWidget             *units;
  GtkWidget             *condition;
  GtkWidget             *tag;
  GtkWidget             *note;
  GtkWidget             *label;
  GtkWidget             *night;
} Form;

static void
form_free (Form *form)
{
  g_free (form);
}

static GtkWidget *
form_row (GtkGrid    *grid,
          int         row,
          const char *mnemonic,
          GtkWidget  *field,
          const char *tooltip)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), field);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_tooltip_text (field, tooltip);
  gtk_widget_set_hexpand (field, TRUE);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, field, 1, row, 1, 1);
  return field;
}

static GtkWidget *
text_entry (const char *text)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 28);
  return entry;
}

/* The form was refused (the message shown below the track): the field
 * Enter was pressed in is marked with it, or else the units. */
static void
refuse_focused (Form *form)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (form->popover));
  GtkWidget *fields[] = { form->entry, form->units, form->condition, form->note, form->label };
  GtkWidget *marked = form->units != NULL ? form->units : form->label;
  const char *why = wb_reinforcement_editor_get_message (form->self);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i] != NULL && focus != NULL && (focus == fields[i] || gtk_widget_is_ancestor (focus, fields[i])))
      marked = fields[i];
  if (marked != NULL)
    wb_text_field_refuse (GTK_ENTRY (marked), why != NULL && *why != '\0' ? why : _("Refused: nothing was changed"));
}

static void
on_form_apply (Form *form)
{
  WbReinforcementEditor *self = form->self;
  int turn = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (form->turn_spin));
  const char *entry = gtk_editable_get_text (GTK_EDITABLE (form->entry));
  const char *units = gtk_editable_get_text (GTK_EDITABLE (form->units));
  const char *condition = gtk_editable_get_text (GTK_EDITABLE (form->condition));
  gboolean ok;

  if (form->index < 0)
    {
      ok = wb_reinforcement_editor_add (self, turn, entry, units, condition, NULL);
      /* The new one is last: give it its tag and note. */
      if (ok && (gtk_drop_down_get_selected (GTK_DROP_DOWN (form->tag)) != 0 ||
                 *gtk_editable_get_text (GTK_EDITABLE (form->note)) != '\0'))
        {
          guint index = wb_scenario_get_reinforcements (self->scenario)->len - 1;

          ok = wb_reinforcement_editor_edit (self, index, turn, entry, units, condition,
                                             gtk_editable_get_text (GTK_EDITABLE (form->note)),
                                             (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (form->tag)),
                                             NULL);
        }
    }
  else
    ok = wb_reinforcement_editor_edit (self, (guint) form->index, turn, entry, units, condition,
                                       gtk_editable_get_text (GTK_EDITABLE (form->note)),
                                       (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (form->tag)),
                                       NULL);
  if (ok)
    gtk_popover_popdown (GTK_POPOVER (form->popover));
  else
    refuse_focused (form);
}

static void
on_form_remove (Form *form)
{
  if (wb_reinforcement_editor_remove (form->self, (guint) form->index, NULL))
    gtk_popover_popdown (GTK_POPOVER (form->popover));
}

static void
on_popover_closed (GtkPopover *popover)
{
  /* Made per click; it goes once closed (after the click that closed it). */
  g_idle_add_once ((GSourceOnceFunc) gtk_widget_unparent, popover);
}

static GtkWidget *
new_popover (GtkWidget *parent,
             GtkWidget *child)
{
  GtkWidget *popover = gtk_popover_new ();

  gtk_popover_set_child (GTK_POPOVER (popover), child);
  gtk_widget_set_parent (popover, parent);
  g_signal_connect (popover, "closed", G_CALLBACK (on_popover_closed), NULL);
  return popover;
}

static void
open_reinforcement_form (WbReinforcementEditor *self,
                         GtkWidget             *parent,
                         int                    index,
                         int                    turn)
{
  WbReinforcement *r = index >= 0 ? g_ptr_array_index (wb_scenario_get_reinforcements (self->scenario),
                                                       index) : NULL;
  Form *form = g_new0 (Form, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *apply, *title;
  g_autoptr(GtkStringList) tags = wb_setup_editor_tag_model (self->scenario);
  g_autofree char *entry = r != NULL ? format_entry (self, r) : NULL;
  g_autofree char *units = r != NULL ? format_units (self, r, UNITS_IDS) : NULL;

  form->self = self;
  form->index = index;
  form->turn = turn;
  title = gtk_label_new (r != NULL ? _("Reinforcement") : _("New Reinforcement"));
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (box), title);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  form->turn_spin = gtk_spin_button_new_with_range (1, MAX (1, wb_scenario_get_turns (self->scenario)->len), 1);
  wb_number_field_guard (GTK_SPIN_BUTTON (form->turn_spin));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (form->turn_spin), r != NULL ? r->turn : turn);
  form_row (GTK_GRID (grid), 0, _("_Turn"), form->turn_spin, _("The turn the units arrive"));
  form->entry = form_row (GTK_GRID (grid), 1, _("_Entry"), text_entry (entry),
                          _("Where they enter: a hex or location, alternatives separated by commas "
                            "(\"0728, 0627\"), or a marked entry area"));
  form->units = form_row (GTK_GRID (grid), 2, _("_Units"), text_entry (units),
                          _("The units that arrive: ids or names, separated by commas"));
  form->condition = form_row (GTK_GRID (grid), 3, _("_Condition"),
                              text_entry (r != NULL ? r->condition : NULL),
                              _("When they arrive only on a condition, as the rules word it"));
  form->tag = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (tags)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (form->tag),
                              r != NULL ? wb_setup_editor_tag_position (self->scenario, r->option, r->unless) : 0);
  form_row (GTK_GRID (grid), 4, _("_Option"), form->tag,
            _("Whether the reinforcement depends on an optional rule"));
  form->note = form_row (GTK_GRID (grid), 5, _("_Note"), text_entry (r != NULL ? r->note : NULL),
                         _("A note: the source, a reconstruction"));
  gtk_box_append (GTK_BOX (box), grid);

  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  if (r != NULL)
    {
      GtkWidget *remove = gtk_button_new_with_mnemonic (_("_Remove"));

      gtk_widget_add_css_class (remove, "destructive-action");
      gtk_widget_set_tooltip_text (remove, _("Remove this reinforcement"));
      g_signal_connect_swapped (remove, "clicked", G_CALLBACK (on_form_remove), form);
      gtk_box_append (GTK_BOX (buttons), remove);
    }
  apply = gtk_button_new_with_mnemonic (r != NULL ? _("_Apply") : _("_Add"));
  gtk_widget_add_css_class (apply, "suggested-action");
  g_signal_connect_swapped (apply, "clicked", G_CALLBACK (on_form_apply), form);
  gtk_box_append (GTK_BOX (buttons), apply);
  gtk_box_append (GTK_BOX (box), buttons);
  g_signal_connect_swapped (form->entry, "activate", G_CALLBACK (on_form_apply), form);
  g_signal_connect_swapped (form->units, "activate", G_CALLBACK (on_form_apply), form);
  g_signal_connect_swapped (form->condition, "activate", G_CALLBACK (on_form_apply), form);
  g_signal_connect_swapped (form->note, "activate", G_CALLBACK (on_form_apply), form);

  form->popover = new_popover (parent, box);
  wb_text_field_guard_in_form (GTK_ENTRY (form->entry), GTK_POPOVER (form->popover));
  wb_text_field_guard_in_form (GTK_ENTRY (form->units), GTK_POPOVER (form->popover));
  wb_text_field_guard_in_form (GTK_ENTRY (form->condition), GTK_POPOVER (form->popover));
  wb_text_field_guard_in_form (GTK_ENTRY (form->note), GTK_POPOVER (form->popover));
  g_object_set_data_full (G_OBJECT (form->popover), "wb-form", form, (GDestroyNotify) form_free);
  gtk_popover_set_default_widget (GTK_POPOVER (form->popover), apply);
  gtk_popover_popup (GTK_POPOVER (form->popover));
  gtk_widget_grab_focus (r != NULL ? form->units : form->entry);
}

static void
on_turn_apply (Form *form)
{
  if (wb_reinforcement_editor_set_turn (form->self, form->turn,
                                        gtk_editable_get_text (GTK_EDITABLE (form->label)),
                                        gtk_check_button_get_active (GTK_CHECK_BUTTON (form->night)),
                                        NULL))
    gtk_popover_popdown (GTK_POPOVER (form->popover));
  else
    refuse_focused (form);
}

static void
open_turn_form (WbReinforcementEditor *self,
                GtkWidget             *parent,
                int                    turn)
{
  WbTurn *t = &g_array_index (wb_scenario_get_turns (self->scenario), WbTurn, turn - 1);
  Form *form = g_new0 (Form, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *apply, *title;
  g_autofree char *heading = g_strdup_printf (_("Turn %d"), turn);

  form->self = self;
  form->turn = turn;
  title = gtk_label_new (heading);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (box), title);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  form->label = form_row (GTK_GRID (grid), 0, _("_Label"), text_entry (t->label),
                          _("How the turn track names the turn (\"May 5, 6 AM\"); empty for its number"));
  form->night = gtk_check_button_new_with_mnemonic (_("_Night turn"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (form->night), t->night);
  gtk_widget_set_tooltip_text (form->night, _("A night turn (shaded on the track)"));
  gtk_grid_attach (GTK_GRID (grid), form->night, 1, 1, 1, 1);
  gtk_box_append (GTK_BOX (box), grid);
  apply = gtk_button_new_with_mnemonic (_("_Apply"));
  gtk_widget_set_halign (apply, GTK_ALIGN_END);
  gtk_widget_add_css_class (apply, "suggested-action");
  g_signal_connect_swapped (apply, "clicked", G_CALLBACK (on_turn_apply), form);
  g_signal_connect_swapped (form->label, "activate", G_CALLBACK (on_turn_apply), form);
  gtk_box_append (GTK_BOX (box), apply);

  form->popover = new_popover (parent, box);
  wb_text_field_guard_in_form (GTK_ENTRY (form->label), GTK_POPOVER (form->popover));
  g_object_set_data_full (G_OBJECT (form->popover), "wb-form", form, (GDestroyNotify) form_free);
  gtk_popover_popup (GTK_POPOVER (form->popover));
  gtk_widget_grab_focus (form->label);
}

static void
on_turn_clicked (GtkButton             *button,
                 WbReinforcementEditor *self)
{
  open_turn_form (self, GTK_WIDGET (button),
                  GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "wb-turn")));
}

static void
on_card_clicked (GtkButton             *button,
                 WbReinforcementEditor *self)
{
  open_reinforcement_form (self, GTK_WIDGET (button),
                           GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "wb-index")), 0);
}

static void
on_add_clicked (GtkButton             *button,
                WbReinforcementEditor *self)
{
  open_reinforcement_form (self, GTK_WIDGET (button), -1,
                           GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "wb-turn")));
}

/* A unit dragged from the set-up pane onto a turn: a new reinforcement
 * form for that turn with the unit filled in. */
static gboolean
on_turn_drop (GtkDropTarget         *target,
              const GValue          *value,
              double                 x,
              double                 y,
              WbReinforcementEditor *self)
{
  GtkWidget *column = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  GtkWidget *add = g_object_get_data (G_OBJECT (column), "wb-add");
  WbUnit *unit;
  Form *form;
  GtkWidget *popover;

  if (!G_VALUE_HOLDS_STRING (value) || self->game == NULL ||
      (unit = wb_game_find_unit (self->game, g_value_get_string (value))) == NULL)
    return FALSE;
  on_add_clicked (GTK_BUTTON (add), self);
  popover = gtk_widget_get_last_child (add);
  form = popover != NULL ? g_object_get_data (G_OBJECT (popover), "wb-form") : NULL;
  if (form != NULL)
    gtk_editable_set_text (GTK_EDITABLE (form->units), wb_unit_get_id (unit));
  return TRUE;
}

/* --- the track -------------------------------------------------------------- */

static GtkWidget *
card (WbReinforcementEditor *self,
      guint                  index,
      WbReinforcement       *r)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *units = format_units (self, r, UNITS_DESIGNATIONS);
  g_autofree char *names = format_units (self, r, UNITS_NAMES);
  g_autofree char *entry = format_entry (self, r);
  g_autofree char *at = g_strdup_printf (_("at %s"), entry);
  g_autofree char *tip = NULL;
  GtkWidget *label;
  WbUnit *first = r->units->len > 0 ? wb_game_find_unit (self->game, g_ptr_array_index (r->units, 0))
                                    : NULL;
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  gtk_box_append (GTK_BOX (head), wb_setup_editor_side_swatch (self->game,
                                                               first ? wb_unit_get_side (first) : NULL));
  label = gtk_label_new (at);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (head), label);
  gtk_box_append (GTK_BOX (box), head);

  label = gtk_label_new (units);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), label);

  if (r->option != NULL || r->unless != NULL)
    {
      g_autoptr(GtkStringList) tags = wb_setup_editor_tag_model (self->scenario);
      guint pos = wb_setup_editor_tag_position (self->scenario, r->option, r->unless);

      label = gtk_label_new (gtk_string_list_get_string (tags, pos));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "accent");
      gtk_box_append (GTK_BOX (box), label);
    }
  if (r->condition != NULL)
    {
      label = gtk_label_new (r->condition);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }

  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "reinforcement-card");
  tip = g_strdup_printf (_("Turn %d, at %s: %s. Click to edit."), r->turn, entry, names);
  gtk_widget_set_tooltip_text (button, tip);
  g_object_set_data (G_OBJECT (button), "wb-index", GUINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", G_CALLBACK (on_card_clicked), self);
  return button;
}

static GtkWidget *
column (WbReinforcementEditor *self,
        int                    turn,
        WbTurn                *t)
{
  GPtrArray *list = wb_scenario_get_reinforcements (self->scenario);
  GtkWidget *col = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_button_new ();
  GtkWidget *hbox = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *number, *label, *add;
  g_autofree char *num = g_strdup_printf ("%d", turn);
  g_autofree char *tip = g_strdup_printf (_("Turn %d: click to change its label or make it a night turn"),
                                          turn);
  g_autofree char *add_tip = g_strdup_printf (_("Add a reinforcement on turn %d"), turn);
  GtkDropTarget *target;

  gtk_widget_add_css_class (col, "turn-column");
  if (t->night)
    gtk_widget_add_css_class (col, "night");
  gtk_widget_set_size_request (col, 150, -1);

  number = gtk_label_new (num);
  gtk_widget_add_css_class (number, "title-3");
  gtk_box_append (GTK_BOX (hbox), number);
  label = gtk_label_new (t->label != NULL ? t->label : (t->night ? _("Night") : " "));
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (hbox), label);
  if (t->night)
    {
      GtkWidget *moon = gtk_image_new_from_icon_name ("weather-clear-night-symbolic");

      gtk_widget_set_tooltip_text (moon, _("Night turn"));
      gtk_box_append (GTK_BOX (hbox), moon);
    }
  gtk_button_set_child (GTK_BUTTON (heading), hbox);
  gtk_widget_add_css_class (heading, "flat");
  gtk_widget_set_tooltip_text (heading, tip);
  g_object_set_data (G_OBJECT (heading), "wb-turn", GINT_TO_POINTER (turn));
  g_signal_connect (heading, "clicked", G_CALLBACK (on_turn_clicked), self);
  gtk_box_append (GTK_BOX (col), heading);

  for (guint i = 0; i < list->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (list, i);

      if (r->turn != turn)
        continue;
      gtk_box_append (GTK_BOX (col), card (self, i, r));
      self->n_cards++;
    }

  add = gtk_button_new_from_icon_name ("list-add-symbolic");
  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_halign (add, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (add, add_tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (add), GTK_ACCESSIBLE_PROPERTY_LABEL, add_tip, -1);
  g_object_set_data (G_OBJECT (add), "wb-turn", GINT_TO_POINTER (turn));
  g_signal_connect (add, "clicked", G_CALLBACK (on_add_clicked), self);
  gtk_box_append (GTK_BOX (col), add);
  g_object_set_data (G_OBJECT (col), "wb-add", add);

  target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (target, "drop", G_CALLBACK (on_turn_drop), self);
  gtk_widget_add_controller (col, GTK_EVENT_CONTROLLER (target));
  return col;
}

static void
rebuild_now (WbReinforcementEditor *self)
{
  GtkWidget *child;
  GArray *turns;
  g_autofree char *summary = NULL;

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  self->stale = FALSE;
  while ((child = gtk_widget_get_first_child (self->track)) != NULL)
    gtk_box_remove (GTK_BOX (self->track), child);
  self->n_columns = self->n_cards = 0;
  if (self->game == NULL || self->scenario == NULL ||
      wb_game_find_scenario (self->game, wb_scenario_get_id (self->scenario)) != self->scenario)
    {
      gtk_label_set_text (GTK_LABEL (self->summary), "");
      return;
    }
  turns = wb_scenario_get_turns (self->scenario);
  for (guint i = 0; i < turns->len; i++)
    {
      gtk_box_append (GTK_BOX (self->track),
                      column (self, (int) i + 1, &g_array_index (turns, WbTurn, i)));
      self->n_columns++;
    }
  g_object_set_data (G_OBJECT (self->count_spin), "wb-filling", GINT_TO_POINTER (1));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->count_spin), turns->len);
  g_object_set_data (G_OBJECT (self->count_spin), "wb-filling", NULL);
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u reinforcement", "%u reinforcements",
                                          self->n_cards), self->n_cards);
  gtk_label_set_text (GTK_LABEL (self->summary), summary);
}

static void
rebuild (WbReinforcementEditor *self)
{
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild_now (self);
  else
    self->stale = TRUE;
}

static void
ensure_fresh (WbReinforcementEditor *self)
{
  if (self->stale)
    rebuild_now (self);
}

static void
wb_reinforcement_editor_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (wb_reinforcement_editor_parent_class)->map (widget);
  ensure_fresh (WB_REINFORCEMENT_EDITOR (widget));
}

static gboolean
rebuild_idle (gpointer data)
{
  WbReinforcementEditor *self = data;

  self->rebuild_source = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
on_game_changed (WbReinforcementEditor *self)
{
  if (self->rebuild_source == 0)
    /* After the idle that drops a closed popover from its button. */
    self->rebuild_source = g_idle_add_full (G_PRIORITY_LOW, rebuild_idle, self, NULL);
}

static void
on_count_changed (WbReinforcementEditor *self)
{
  if (self->scenario == NULL || g_object_get_data (G_OBJECT (self->count_spin), "wb-filling"))
    return;
  if (!wb_reinforcement_editor_set_turn_count (self,
                                               gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->count_spin)),
                                               NULL))
    {
      g_object_set_data (G_OBJECT (self->count_spin), "wb-filling", GINT_TO_POINTER (1));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->count_spin),
                                 wb_scenario_get_turns (self->scenario)->len);
      g_object_set_data (G_OBJECT (self->count_spin), "wb-filling", NULL);
    }
}

void
wb_reinforcement_editor_refresh (WbReinforcementEditor *self)
{
  g_return_if_fail (WB_IS_REINFORCEMENT_EDITOR (self));
  rebuild (self);
}

void
wb_reinforcement_editor_set_target (WbReinforcementEditor *self,
                                    WbGame                *game,
                                    WbScenario            *scenario,
                                    WbUndoStack           *stack)
{
  g_return_if_fail (WB_IS_REINFORCEMENT_EDITOR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (scenario == NULL || WB_IS_SCENARIO (scenario));

  if (self->game != game)
    {
      if (self->game != NULL)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      if (game != NULL)
        g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self,
                                 G_CONNECT_SWAPPED);
    }
  g_set_object (&self->scenario, scenario);
  g_set_object (&self->stack, stack);
  show_message (self, NULL);
  rebuild (self);
}

guint
wb_reinforcement_editor_get_n_columns (WbReinforcementEditor *self)
{
  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), 0);
  ensure_fresh (self);
  return self->n_columns;
}

guint
wb_reinforcement_editor_get_n_cards (WbReinforcementEditor *self)
{
  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), 0);
  ensure_fresh (self);
  return self->n_cards;
}

const char *
wb_reinforcement_editor_get_message (WbReinforcementEditor *self)
{
  g_return_val_if_fail (WB_IS_REINFORCEMENT_EDITOR (self), NULL);
  return self->message;
}

static void
wb_reinforcement_editor_dispose (GObject *object)
{
  WbReinforcementEditor *self = WB_REINFORCEMENT_EDITOR (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->scenario);
  g_clear_object (&self->stack);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_REINFORCEMENT_EDITOR);
  G_OBJECT_CLASS (wb_reinforcement_editor_parent_class)->dispose (object);
}

static void
wb_reinforcement_editor_finalize (GObject *object)
{
  WbReinforcementEditor *self = WB_REINFORCEMENT_EDITOR (object);

  g_free (self->message);
  G_OBJECT_CLASS (wb_reinforcement_editor_parent_class)->finalize (object);
}

static void
wb_reinforcement_editor_class_init (WbReinforcementEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_reinforcement_editor_dispose;
  widget_class->map = wb_reinforcement_editor_map;
  object_class->finalize = wb_reinforcement_editor_finalize;

  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-reinforcement-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, WbReinforcementEditor, box);
  gtk_widget_class_bind_template_child (widget_class, WbReinforcementEditor, status);
  gtk_widget_class_bind_template_child (widget_class, WbReinforcementEditor, summary);
  gtk_widget_class_bind_template_child (widget_class, WbReinforcementEditor, count_spin);
  gtk_widget_class_bind_template_child (widget_class, WbReinforcementEditor, track);
  gtk_widget_class_bind_template_callback (widget_class, on_count_changed);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wbreinforcementeditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_reinforcement_editor_init (WbReinforcementEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_assert (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (self->count_spin)))
            == WB_SCENARIO_MAX_TURNS);
  wb_number_field_guard (GTK_SPIN_BUTTON (self->count_spin));
}

GtkWidget *
wb_reinforcement_editor_new (void)
{
  return g_object_new (WB_TYPE_REINFORCEMENT_EDITOR, NULL);
}
