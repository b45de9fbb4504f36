/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-chit-editor"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-chit-editor-private.h"
#include "wb-number-field.h"
#include "wb-text-field.h"

/* The chit pane's "Draw Cup" page: a scenario's cup (series 5.0). Its
 * fixed widgets are wb-chit-editor.ui's, shown for the cup's shape (the
 * scenario, whether it has a cup, the game's chits and sides, the number
 * of entries added by turn); the rows made per side, chit and entry are
 * made here again only when that shape changes; an edit that keeps the
 * shape sets their values with self->updating held, so the spin button or
 * check the designer is using stays. Every change is one set-cup command; runs of a
 * spin button's changes merge into one undo step. */

#define CUP_ID   "wb-cup-id"
#define CUP_SIDE "wb-cup-side"
#define CUP_ADD  "wb-cup-add"

static WbScenario *
current_scenario (WbChitEditor *self)
{
  return self->game != NULL && self->scenario != NULL ? wb_game_find_scenario (self->game, self->scenario)
                                                      : NULL;
}

static WbCup *
current_cup (WbChitEditor *self)
{
  WbScenario *scenario = current_scenario (self);

  return scenario != NULL ? wb_scenario_get_cup (scenario) : NULL;
}

static GtkWidget *
cup_field (WbChitEditor *self,
           const char   *name)
{
  return self->cup_fields != NULL ? g_hash_table_lookup (self->cup_fields, name) : NULL;
}

static void
add_cup_field (WbChitEditor *self,
               GtkWidget    *widget,
               const char   *format,
               ...) G_GNUC_PRINTF (3, 4);

static void
add_cup_field (WbChitEditor *self,
               GtkWidget    *widget,
               const char   *format,
               ...)
{
  va_list args;
  char *name;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  g_hash_table_insert (self->cup_fields, name, widget);
}

/* A copy of the cup to change, or NULL while the widgets are being set. */
static WbCup *
cup_begin (WbChitEditor *self)
{
  WbCup *cup;

  if (self->updating)
    return NULL;
  cup = current_cup (self);
  return cup != NULL ? wb_cup_copy (cup) : NULL;
}

static gboolean
cup_push (WbChitEditor *self,
          WbCup        *cup,
          const char   *merge_key)
{
  gboolean ok = _wb_chit_editor_push (self, wb_command_set_cup_new (self->game, self->scenario, cup,
                                                                    merge_key));

  if (cup != NULL)
    wb_cup_free (cup);
  return ok;
}

/* --- edits -------------------------------------------------------------------- */

static void
remove_id (GPtrArray  *ids,
           const char *id)
{
  guint i;

  if (g_ptr_array_find (ids, id, &i))
    g_ptr_array_remove_index (ids, i);
}

static void
on_chit_toggled (GtkCheckButton *check,
                 WbChitEditor   *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), CUP_ID);
  WbCup *cup = cup_begin (self);

  if (cup == NULL)
    return;
  if (g_ptr_array_find (cup->chits, id, NULL) == gtk_check_button_get_active (check))
    {
      wb_cup_free (cup);
      return;
    }
  if (gtk_check_button_get_active (check))
    g_ptr_array_add (cup->chits, (gpointer) id);
  else
    {
      /* Command Clarity is for chits in the cup. */
      remove_id (cup->chits, id);
      remove_id (cup->clarity_chits, id);
    }
  cup_push (self, cup, NULL);
}

static void
on_clarity_toggled (GtkCheckButton *check,
                    WbChitEditor   *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), CUP_ID);
  WbCup *cup = cup_begin (self);

  if (cup == NULL)
    return;
  if (g_ptr_array_find (cup->clarity_chits, id, NULL) == gtk_check_button_get_active (check))
    {
      wb_cup_free (cup);
      return;
    }
  if (gtk_check_button_get_active (check))
    g_ptr_array_add (cup->clarity_chits, (gpointer) id);
  else
    remove_id (cup->clarity_chits, id);
  cup_push (self, cup, NULL);
}

static void
on_per_division_toggled (GtkCheckButton *check,
                         WbChitEditor   *self)
{
  WbCup *cup = cup_begin (self);

  if (cup == NULL)
    return;
  if (cup->clarity_per_division == gtk_check_button_get_active (check))
    {
      wb_cup_free (cup);
      return;
    }
  cup->clarity_per_division = gtk_check_button_get_active (check);
  cup_push (self, cup, NULL);
}

static void
on_count_changed (GtkSpinButton *spin,
                  WbChitEditor  *self)
{
  const char *which = g_object_get_data (G_OBJECT (spin), "wb-count");
  const char *side = g_object_get_data (G_OBJECT (spin), CUP_SIDE);
  WbCup *cup = cup_begin (self);
  g_autofree char *key = NULL;
  GArray *counts;

  if (cup == NULL)
    return;
  counts = g_str_equal (which, "key") ? cup->key_chits
         : g_str_equal (which, "included") ? cup->included_events : cup->excluded_events;
  /* The spin button going back to the model's value after a refusal. */
  if (MAX (wb_side_counts_get (counts, side), 0) == gtk_spin_button_get_value_as_int (spin))
    {
      wb_cup_free (cup);
      return;
    }
  wb_side_counts_set (counts, side, gtk_spin_button_get_value_as_int (spin));
  key = g_strdup_printf ("cup:%s:%s", which, side);
  cup_push (self, cup, key);
}

static WbCupAdd *
add_of (WbCup     *cup,
        GtkWidget *widget)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), CUP_ADD));

  return i < cup->add->len ? g_ptr_array_index (cup->add, i) : NULL;
}

static void
on_add_turn_changed (GtkSpinButton *spin,
                     WbChitEditor  *self)
{
  WbCup *cup = cup_begin (self);
  g_autofree char *key = NULL;
  WbCupAdd *add;

  if (cup == NULL)
    return;
  add = add_of (cup, GTK_WIDGET (spin));
  if (add == NULL || add->turn == gtk_spin_button_get_value_as_int (spin))
    {
      wb_cup_free (cup);
      return;
    }
  add->turn = gtk_spin_button_get_value_as_int (spin);
  key = g_strdup_printf ("cup:add-turn:%u",
                         GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), CUP_ADD)));
  cup_push (self, cup, key);
}

/* The chits joining the cup on that turn: their ids, separated by commas
 * or spaces. */
static void
add_chits_apply (WbChitEditor *self,
                 GtkEntry     *entry)
{
  g_auto(GStrv) words = g_regex_split_simple ("[\\s,]+", gtk_editable_get_text (GTK_EDITABLE (entry)), 0, 0);
  WbCup *cup = cup_begin (self);
  WbCupAdd *add;

  if (cup == NULL)
    return;
  add = add_of (cup, GTK_WIDGET (entry));
  if (add == NULL)
    {
      wb_cup_free (cup);
      return;
    }
  g_ptr_array_set_size (add->chits, 0);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *id = g_intern_string (words[i]);

      if (words[i][0] != '\0' && !g_ptr_array_find (add->chits, id, NULL))
        g_ptr_array_add (add->chits, (gpointer) id);
    }
  if (!cup_push (self, cup, NULL))
    wb_text_field_refuse (entry, gtk_label_get_label (GTK_LABEL (self->error_label)));
}

static void
add_note_apply (WbChitEditor *self,
                GtkEntry     *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  WbCup *cup = cup_begin (self);
  WbCupAdd *add;

  if (cup == NULL)
    return;
  add = add_of (cup, GTK_WIDGET (entry));
  if (add == NULL || g_strcmp0 (add->note != NULL ? add->note : "", text) == 0)
    {
      wb_cup_free (cup);
      return;
    }
  g_free (add->note);
  add->note = text[0] != '\0' ? g_strdup (text) : NULL;
  if (!cup_push (self, cup, NULL))
    wb_text_field_refuse (entry, gtk_label_get_label (GTK_LABEL (self->error_label)));
}

static void
on_remove_add_clicked (GtkButton    *button,
                       WbChitEditor *self)
{
  WbCup *cup = cup_begin (self);
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), CUP_ADD));

  if (cup == NULL)
    return;
  if (i < cup->add->len)
    g_ptr_array_remove_index (cup->add, i);
  cup_push (self, cup, NULL);
}

static void
on_add_turn_clicked (GtkButton    *button,
                     WbChitEditor *self)
{
  WbCup *cup = cup_begin (self);
  WbCupAdd *last;

  if (cup == NULL)
    return;
  last = cup->add->len > 0 ? g_ptr_array_index (cup->add, cup->add->len - 1) : NULL;
  g_ptr_array_add (cup->add, wb_cup_add_new (last != NULL ? last->turn : 1));
  cup_push (self, cup, NULL);
}

static void
on_new_cup_clicked (GtkButton    *button,
                    WbChitEditor *self)
{
  WbCup *cup;

  if (current_scenario (self) == NULL || current_cup (self) != NULL)
    return;
  cup = wb_cup_new ();
  cup_push (self, cup, NULL);
}

static void
on_remove_cup_clicked (GtkButton    *button,
                       WbChitEditor *self)
{
  if (current_cup (self) == NULL)
    return;
  cup_push (self, NULL, NULL);
}

static void
on_scenario_selected (GtkDropDown  *dropdown,
                      GParamSpec   *pspec,
                      WbChitEditor *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->updating || i >= self->scenario_ids->len)
    return;
  self->scenario = g_ptr_array_index (self->scenario_ids, i);
  _wb_chit_editor_show_error (self, NULL);
  _wb_chit_cup_update (self);
}

/* --- building ------------------------------------------------------------------------ */

static GtkWidget *
count_spin (WbChitEditor *self,
            const char   *which,
            const char   *side,
            const char   *accessible)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 99, 1);

  wb_number_field_guard (GTK_SPIN_BUTTON (spin));
  g_object_set_data (G_OBJECT (spin), "wb-count", (gpointer) which);
  g_object_set_data (G_OBJECT (spin), CUP_SIDE, (gpointer) side);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_count_changed), self);
  add_cup_field (self, spin, "%s:%s", which, side);
  return spin;
}

static void
cup_list_header (GtkListBoxRow *row,
                 GtkListBoxRow *before,
                 gpointer       data)
{
  WbChitEditor *self = data;
  const char *side = g_object_get_data (G_OBJECT (row), CUP_SIDE);
  GtkWidget *header;

  if (before != NULL && g_object_get_data (G_OBJECT (before), CUP_SIDE) == side)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  if (gtk_list_box_row_get_header (row) != NULL || self->game == NULL)
    return;
  header = gtk_label_new (_wb_chit_group_name (self->game, side));
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_top (header, 8);
  gtk_widget_set_margin_bottom (header, 4);
  gtk_list_box_row_set_header (row, header);
}

/* Takes the rows made for the cup's last shape out. */
static void
clear_rows (WbChitEditor *self)
{
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GtkWidget *child;

  /* The counts' row 0 is the template's titles. */
  for (child = gtk_widget_get_first_child (self->cup_counts); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int row;

      gtk_grid_query_child (GTK_GRID (self->cup_counts), child, NULL, &row, NULL, NULL);
      if (row > 0)
        g_ptr_array_add (gone, child);
    }
  for (guint i = 0; i < gone->len; i++)
    gtk_grid_remove (GTK_GRID (self->cup_counts), g_ptr_array_index (gone, i));
  while ((child = gtk_widget_get_first_child (self->cup_adds)) != NULL)
    gtk_grid_remove (GTK_GRID (self->cup_adds), child);
  while ((child = gtk_widget_get_first_child (self->cup_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->cup_list), child);
}

/* The rows of @cup: a side's counts, the game's chits, the entries added
 * by turn. */
static void
fill_cup (WbChitEditor *self,
          WbScenario   *scenario,
          WbCup        *cup)
{
  GPtrArray *sides = wb_game_get_sides (self->game);
  GPtrArray *chits = wb_game_get_chits (self->game);
  guint turns = wb_scenario_get_turns (scenario)->len;
  GtkWidget *widget;

  /* The Command Decision Phase's numbers, per side (5.1, 5.2). */
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      const char *name = side->name != NULL ? side->name : side->id;
      g_autofree char *key = g_strdup_printf (_("%s: Key Chits"), name);
      g_autofree char *included = g_strdup_printf (_("%s: included events"), name);
      g_autofree char *excluded = g_strdup_printf (_("%s: excluded events"), name);

      widget = gtk_label_new (name);
      gtk_label_set_xalign (GTK_LABEL (widget), 0);
      gtk_grid_attach (GTK_GRID (self->cup_counts), widget, 0, (int) i + 1, 1, 1);
      widget = count_spin (self, "key", side->id, key);
      gtk_widget_set_tooltip_text (widget, _("The Event chits the side selects into the cup"));
      gtk_grid_attach (GTK_GRID (self->cup_counts), widget, 1, (int) i + 1, 1, 1);
      widget = count_spin (self, "included", side->id, included);
      gtk_widget_set_tooltip_text (widget, _("The Event chits drawn at random into the cup"));
      gtk_grid_attach (GTK_GRID (self->cup_counts), widget, 2, (int) i + 1, 1, 1);
      widget = count_spin (self, "excluded", side->id, excluded);
      gtk_widget_set_tooltip_text (widget, _("The Event chits the scenario leaves out, as its text says"));
      gtk_grid_attach (GTK_GRID (self->cup_counts), widget, 3, (int) i + 1, 1, 1);
    }
  add_cup_field (self, self->cup_per_division, "per-division");

  /* The eligible chits. */
  add_cup_field (self, self->cup_list, "cup-list");
  for (guint s = 0; s <= sides->len; s++)
    {
      const char *side_id = s < sides->len ? ((WbSide *) g_ptr_array_index (sides, s))->id : NULL;

      for (guint i = 0; i < chits->len; i++)
        {
          WbChit *chit = g_ptr_array_index (chits, i);
          GtkWidget *row, *line, *check;
          g_autofree char *summary = NULL;

          if (chit->side != side_id)
            continue;
          row = gtk_list_box_row_new ();
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
          g_object_set_data (G_OBJECT (row), CUP_SIDE, (gpointer) side_id);
          line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
          gtk_widget_set_margin_start (line, 8);
          gtk_widget_set_margin_end (line, 8);
          gtk_widget_set_margin_top (line, 3);
          gtk_widget_set_margin_bottom (line, 3);
          gtk_box_append (GTK_BOX (line), _wb_chit_face_new (self, chit->id, 28));
          check = gtk_check_button_new_with_label (chit->name != NULL ? chit->name : chit->id);
          gtk_widget_set_hexpand (check, TRUE);
          g_object_set_data (G_OBJECT (check), CUP_ID, (gpointer) chit->id);
          summary = _wb_chit_summary (chit);
          gtk_widget_set_tooltip_text (check, summary);
          g_signal_connect (check, "toggled", G_CALLBACK (on_chit_toggled), self);
          add_cup_field (self, check, "cup:%s", chit->id);
          gtk_box_append (GTK_BOX (line), check);
          if (chit->kind == WB_CHIT_ACTIVATION && chit->level == WB_CHIT_LEVEL_DIVISION)
            {
              g_autofree char *label = g_strdup_printf (_("%s: Command Clarity"),
                                                        chit->name != NULL ? chit->name : chit->id);

              check = gtk_check_button_new_with_label (_("Command Clarity"));
              g_object_set_data (G_OBJECT (check), CUP_ID, (gpointer) chit->id);
              gtk_widget_set_tooltip_text (check, _("The division may use Command Clarity"));
              gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                              label, -1);
              g_signal_connect (check, "toggled", G_CALLBACK (on_clarity_toggled), self);
              add_cup_field (self, check, "clarity:%s", chit->id);
              gtk_box_append (GTK_BOX (line), check);
            }
          gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), line);
          gtk_list_box_append (GTK_LIST_BOX (self->cup_list), row);
        }
    }
  gtk_widget_set_visible (self->cup_list, chits->len > 0);
  gtk_widget_set_visible (self->cup_no_chits, chits->len == 0);

  /* Chits that join the cup from a turn on. */
  for (guint i = 0; i < cup->add->len; i++)
    {
      g_autofree char *turn_name = g_strdup_printf (_("Entry %u: turn"), i + 1);
      g_autofree char *chits_name = g_strdup_printf (_("Entry %u: chits"), i + 1);
      g_autofree char *note_name = g_strdup_printf (_("Entry %u: note"), i + 1);

      widget = gtk_spin_button_new_with_range (1, turns > 0 ? turns : 999, 1);
      wb_number_field_guard (GTK_SPIN_BUTTON (widget));
      g_object_set_data (G_OBJECT (widget), CUP_ADD, GUINT_TO_POINTER (i));
      gtk_widget_set_tooltip_text (widget, _("The turn the chits join the cup"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, turn_name, -1);
      g_signal_connect (widget, "value-changed", G_CALLBACK (on_add_turn_changed), self);
      add_cup_field (self, widget, "add-turn:%u", i);
      gtk_grid_attach (GTK_GRID (self->cup_adds), widget, 0, (int) i, 1, 1);

      widget = gtk_entry_new ();
      g_object_set_data (G_OBJECT (widget), CUP_ADD, GUINT_TO_POINTER (i));
      gtk_widget_set_hexpand (widget, TRUE);
      gtk_entry_set_placeholder_text (GTK_ENTRY (widget), _("Chit ids, separated by commas"));
      gtk_widget_set_tooltip_text (widget, _("The ids of the chits that join the cup on that turn"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, chits_name, -1);
      wb_text_field_guard (GTK_ENTRY (widget), G_CALLBACK (add_chits_apply), self);
      add_cup_field (self, widget, "add-chits:%u", i);
      gtk_grid_attach (GTK_GRID (self->cup_adds), widget, 1, (int) i, 1, 1);

      widget = gtk_entry_new ();
      g_object_set_data (G_OBJECT (widget), CUP_ADD, GUINT_TO_POINTER (i));
      gtk_widget_set_hexpand (widget, TRUE);
      gtk_entry_set_placeholder_text (GTK_ENTRY (widget), _("Note"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, note_name, -1);
      wb_text_field_guard (GTK_ENTRY (widget), G_CALLBACK (add_note_apply), self);
      add_cup_field (self, widget, "add-note:%u", i);
      gtk_grid_attach (GTK_GRID (self->cup_adds), widget, 2, (int) i, 1, 1);

      widget = gtk_button_new_from_icon_name ("list-remove-symbolic");
      g_object_set_data (G_OBJECT (widget), CUP_ADD, GUINT_TO_POINTER (i));
      gtk_widget_add_css_class (widget, "flat");
      gtk_widget_set_tooltip_text (widget, _("Remove this entry"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Remove this entry"), -1);
      g_signal_connect (widget, "clicked", G_CALLBACK (on_remove_add_clicked), self);
      add_cup_field (self, widget, "remove-add:%u", i);
      gtk_grid_attach (GTK_GRID (self->cup_adds), widget, 3, (int) i, 1, 1);
    }
  gtk_widget_set_visible (self->cup_adds, cup->add->len > 0);
  gtk_widget_set_visible (self->cup_no_adds, cup->add->len == 0);
  add_cup_field (self, self->cup_add_button, "add-turn");
  add_cup_field (self, self->cup_remove_button, "remove-cup");
}

/* Shows what the cup's shape calls for: nothing without a game, a line
 * when the game has no scenarios, a button to give the scenario a cup,
 * or the cup with its rows made afresh. */
static void
show_cup (WbChitEditor *self,
          WbScenario   *scenario,
          WbCup        *cup)
{
  GtkRoot *root = gtk_widget_get_root (self->cup_slot);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  /* The focus does not stay on a widget of the cup's last shape. */
  if (focus != NULL && gtk_widget_is_ancestor (focus, self->cup_slot))
    gtk_root_set_focus (root, NULL);
  g_hash_table_remove_all (self->cup_fields);
  clear_rows (self);
  gtk_widget_set_visible (self->cup_no_scenarios, self->game != NULL && scenario == NULL);
  gtk_widget_set_visible (self->cup_none, scenario != NULL && cup == NULL);
  gtk_widget_set_visible (self->cup_box, scenario != NULL && cup != NULL);
  if (scenario != NULL && cup == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("“%s” has no draw cup: its turns are not driven by chits."),
                                               wb_scenario_get_name (scenario));

      gtk_label_set_label (GTK_LABEL (self->cup_none_label), text);
      add_cup_field (self, self->cup_new_button, "new-cup");
    }
  else if (scenario != NULL)
    fill_cup (self, scenario, cup);
}

/* --- showing -------------------------------------------------------------------------- */

static char *
cup_shape (WbChitEditor *self,
           WbScenario   *scenario,
           WbCup        *cup)
{
  GString *shape = g_string_new (NULL);
  GPtrArray *chits;
  GPtrArray *sides;

  if (scenario == NULL)
    return g_string_free (shape, FALSE);
  g_string_append_printf (shape, "%s|%d|%u|%u\n", wb_scenario_get_id (scenario), cup != NULL,
                          cup != NULL ? cup->add->len : 0, wb_scenario_get_turns (scenario)->len);
  sides = wb_game_get_sides (self->game);
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      g_string_append_printf (shape, "%s=%s\n", side->id, side->name);
    }
  chits = wb_game_get_chits (self->game);
  for (guint i = 0; i < chits->len; i++)
    {
      WbChit *chit = g_ptr_array_index (chits, i);
      g_string_append_printf (shape, "%s|%s|%d|%d|%s\n", chit->id, chit->side ? chit->side : "",
                              chit->kind, chit->level, chit->name);
    }
  return g_string_free (shape, FALSE);
}

static void
set_check (GtkWidget *check,
           gboolean   active)
{
  if (check != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (check)) != active)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
}

static void
set_spin (GtkWidget *spin,
          int        value)
{
  if (spin != NULL && gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)) != value)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

static void
set_entry (GtkWidget  *entry,
           const char *text)
{
  if (entry != NULL && (!gtk_widget_has_focus (entry) || !wb_text_field_is_dirty (GTK_ENTRY (entry))))
    wb_text_field_set_text (GTK_ENTRY (entry), text);
}

static void
update_scenarios (WbChitEditor *self)
{
  GPtrArray *scenarios = self->game != NULL ? wb_game_get_scenarios (self->game) : NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint selected = GTK_INVALID_LIST_POSITION;
  gboolean same;

  g_ptr_array_set_size (self->scenario_ids, 0);
  for (guint i = 0; scenarios != NULL && i < scenarios->len; i++)
    {
      WbScenario *s = g_ptr_array_index (scenarios, i);
      const char *name = wb_scenario_get_name (s);

      g_ptr_array_add (self->scenario_ids, (gpointer) wb_scenario_get_id (s));
      g_ptr_array_add (names, (gpointer) (name != NULL && *name ? name : wb_scenario_get_id (s)));
    }
  if (self->scenario != NULL && !g_ptr_array_find (self->scenario_ids, self->scenario, &selected))
    self->scenario = NULL;
  if (self->scenario == NULL && self->scenario_ids->len > 0)
    {
      self->scenario = g_ptr_array_index (self->scenario_ids, 0);
      selected = 0;
    }
  same = g_list_model_get_n_items (G_LIST_MODEL (self->scenario_names)) == names->len;
  for (guint i = 0; same && i < names->len; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->scenario_names, i), g_ptr_array_index (names, i)) == 0;
  if (!same)
    {
      g_ptr_array_add (names, NULL);
      gtk_string_list_splice (self->scenario_names, 0,
                              g_list_model_get_n_items (G_LIST_MODEL (self->scenario_names)),
                              (const char * const *) names->pdata);
    }
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->scenario_dropdown)) != selected)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->scenario_dropdown), selected);
}

void
_wb_chit_cup_update (WbChitEditor *self)
{
  WbScenario *scenario;
  WbCup *cup;
  g_autofree char *shape = NULL;
  GPtrArray *sides, *chits;

  self->updating = TRUE;
  update_scenarios (self);
  scenario = current_scenario (self);
  cup = current_cup (self);
  shape = self->game != NULL ? cup_shape (self, scenario, cup) : g_strdup ("");

  if (g_strcmp0 (shape, self->cup_shape) != 0)
    {
      g_free (self->cup_shape);
      self->cup_shape = g_steal_pointer (&shape);
      show_cup (self, scenario, cup);
    }

  if (cup != NULL)
    {
      sides = wb_game_get_sides (self->game);
      for (guint i = 0; i < sides->len; i++)
        {
          const char *side = ((WbSide *) g_ptr_array_index (sides, i))->id;
          g_autofree char *key = g_strdup_printf ("key:%s", side);
          g_autofree char *included = g_strdup_printf ("included:%s", side);
          g_autofree char *excluded = g_strdup_printf ("excluded:%s", side);

          set_spin (cup_field (self, key), MAX (wb_side_counts_get (cup->key_chits, side), 0));
          set_spin (cup_field (self, included), MAX (wb_side_counts_get (cup->included_events, side), 0));
          set_spin (cup_field (self, excluded), MAX (wb_side_counts_get (cup->excluded_events, side), 0));
        }
      set_check (cup_field (self, "per-division"), cup->clarity_per_division);
      chits = wb_game_get_chits (self->game);
      for (guint i = 0; i < chits->len; i++)
        {
          WbChit *chit = g_ptr_array_index (chits, i);
          g_autofree char *in = g_strdup_printf ("cup:%s", chit->id);
          g_autofree char *clarity = g_strdup_printf ("clarity:%s", chit->id);

          set_check (cup_field (self, in), g_ptr_array_find (cup->chits, chit->id, NULL));
          set_check (cup_field (self, clarity), g_ptr_array_find (cup->clarity_chits, chit->id, NULL));
        }
      for (guint i = 0; i < cup->add->len; i++)
        {
          WbCupAdd *add = g_ptr_array_index (cup->add, i);
          g_autofree char *turn = g_strdup_printf ("add-turn:%u", i);
          g_autofree char *ids = g_strdup_printf ("add-chits:%u", i);
          g_autofree char *note = g_strdup_printf ("add-note:%u", i);
          g_autoptr(GPtrArray) strv = g_ptr_array_new ();
          g_autofree char *joined = NULL;

          g_ptr_array_extend (strv, add->chits, NULL, NULL);
          g_ptr_array_add (strv, NULL);
          joined = g_strjoinv (", ", (char **) strv->pdata);
          set_spin (cup_field (self, turn), add->turn);
          set_entry (cup_field (self, ids), joined);
          set_entry (cup_field (self, note), add->note);
        }
    }
  self->updating = FALSE;
}

void
_wb_chit_cup_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, scenario_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, scenario_names);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_slot);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_no_scenarios);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_none);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_none_label);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_new_button);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_box);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_counts);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_per_division);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_list);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_no_chits);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_adds);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_no_adds);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_add_button);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, cup_remove_button);
  gtk_widget_class_bind_template_callback (widget_class, on_scenario_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_new_cup_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_per_division_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_add_turn_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_remove_cup_clicked);
}

void
_wb_chit_cup_init (WbChitEditor *self)
{
  self->cup_fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->scenario_ids = g_ptr_array_new ();
  gtk_list_box_set_header_func (GTK_LIST_BOX (self->cup_list), cup_list_header, self, NULL);
}

GtkWidget *
_wb_chit_cup_get_field (WbChitEditor *self,
                        const char   *name)
{
  if (g_str_equal (name, "scenario"))
    return self->scenario_dropdown;
  return cup_field (self, name);
}

gboolean
wb_chit_editor_show_cup (WbChitEditor *self,
                         const char   *scenario_id)
{
  guint i;

  g_return_val_if_fail (WB_IS_CHIT_EDITOR (self), FALSE);
  g_return_val_if_fail (scenario_id != NULL, FALSE);

  if (!g_ptr_array_find (self->scenario_ids, g_intern_string (scenario_id), &i))
    return FALSE;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->scenario_dropdown), i);
  self->scenario = g_ptr_array_index (self->scenario_ids, i);
  _wb_chit_cup_update (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->pages), "cup");
  return TRUE;
}
