/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-table-rules-editor"
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-number-field.h"
#include "wb-text-field.h"
#include "wb-table-rules-editor.h"
#include "wb-edit.h"

/* The quantities of a modifier, in the order of their spin buttons. */
enum { Q_COLUMNS, Q_DICE, Q_TARGET, Q_ROLL, N_QUANTITIES };

/* The numbers of an effect, in the order of their spin buttons. */
enum {
  E_ATTACKER_ELIMINATED, E_DEFENDER_ELIMINATED, E_ATTACKER_STEPS, E_DEFENDER_STEPS,
  E_ATTACKER_RETREAT, E_DEFENDER_RETREAT, E_ATTACKER_MORALE, E_DEFENDER_MORALE, N_EFFECTS
};

static const char * const effect_keys[N_EFFECTS] = {
  "attacker_eliminated", "defender_eliminated", "attacker_steps", "defender_steps",
  "attacker_retreat", "defender_retreat", "attacker_morale", "defender_morale",
};

typedef struct {
  WbTableRulesEditor *self;
  guint      index;
  GtkWidget *id, *text, *group, *applies;
  GtkWidget *boxes[N_QUANTITIES], *spins[N_QUANTITIES];
  GtkWidget *up, *down, *remove;
} ModRow;

typedef struct {
  WbTableRulesEditor *self;
  guint      index;
  GtkWidget *code, *summary, *button;
  GtkWidget *values[N_EFFECTS];
  GtkWidget *exchange, *test, *column, *standard;
} CodeRow;

struct _WbTableRulesEditor
{
  GtkWidget    parent_instance;

  WbGame      *game;
  WbUndoStack *stack;
  WbTable     *table;

  /* Template children (wb-table-rules-editor.ui). */
  GtkWidget   *scroller;
  GtkWidget   *error;
  GtkWidget   *mod_list, *add_mod, *show_all, *mod_empty;
  GtkWidget   *ends_section, *end_left, *end_right, *def_box, *def_left, *def_right;
  GtkWidget   *pool_section, *pool_sides, *pool_rule, *pool_value;
  GtkWidget   *read_section, *read, *pair;
  GtkWidget   *effect_list, *effect_empty;

  GPtrArray   *mod_rows;    /* ModRow* */
  GPtrArray   *code_rows;   /* CodeRow* */
  GPtrArray   *pair_ids;    /* char*: the pair drop-down's tables (0: none, NULL) */
  GPtrArray   *test_ids;    /* char*: the test drop-downs' tables (0: none, NULL) */
  char        *shape;       /* what the widgets were built for */
  gboolean     syncing;     /* putting the model into the widgets: commit nothing */
};

G_DEFINE_FINAL_TYPE (WbTableRulesEditor, wb_table_rules_editor, GTK_TYPE_WIDGET)

static void sync_widgets (WbTableRulesEditor *self);

static void
show_error (WbTableRulesEditor *self,
            const char         *message)
{
  if (self->error == NULL)
    return;
  gtk_label_set_text (GTK_LABEL (self->error), message != NULL ? message : "");
  gtk_widget_set_visible (self->error, message != NULL && *message != '\0');
}

static gboolean
push (WbTableRulesEditor *self,
      WbCommand          *command,
      GError            **error)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) local = NULL;

  if (self->game == NULL || self->stack == NULL || self->table == NULL)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("No table is open"));
      return FALSE;
    }
  if (!wb_edit_push (self->game, self->stack, owned, &local))
    {
      show_error (self, local->message);
      /* Put back what the table holds in the field that was refused. */
      sync_widgets (self);
      if (error != NULL)
        *error = g_steal_pointer (&local);
      return FALSE;
    }
  show_error (self, NULL);
  return TRUE;
}

static gboolean
busy (WbTableRulesEditor *self)
{
  return self->syncing || self->table == NULL || self->game == NULL;
}

static const char *
text_of (GtkWidget *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

static void
set_entry (GtkWidget *entry, const char *text)
{
  wb_text_field_set_text (GTK_ENTRY (entry), text);
}

static void
set_spin (GtkWidget *spin, double value)
{
  if (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)) != value)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

static void
set_selected (GtkWidget *dropdown, guint index)
{
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)) != index)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), index);
}

static void
label_widget (GtkWidget *widget, const char *label, const char *tooltip)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  gtk_widget_set_tooltip_text (widget, tooltip != NULL ? tooltip : label);
}

/* Entries commit on Enter and when the focus leaves them, as one edit,
 * and a refusal marks them (wb_text_field_guard): @commit (@data, entry). */
static GtkWidget *
committing_entry (int width, GCallback commit, gpointer data)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  wb_text_field_guard (GTK_ENTRY (entry), commit, data);
  return entry;
}

/* After a refused push: @entry is marked with the message shown. */
static void
refuse_entry (WbTableRulesEditor *self,
              GtkWidget          *widget)
{
  if (GTK_IS_ENTRY (widget))
    wb_text_field_refuse (GTK_ENTRY (widget), gtk_label_get_text (GTK_LABEL (self->error)));
}

/* Signed numbers show their sign: +1, 0, -2. */
static gboolean
on_signed_output (GtkSpinButton *spin)
{
  int v = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = v > 0 ? g_strdup_printf ("+%d", v) : g_strdup_printf ("%d", v);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static GtkWidget *
spin_new (double lo, double hi, double step, guint digits, gboolean signed_)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lo, hi, step);
  wb_number_field_guard (GTK_SPIN_BUTTON (spin));

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 4);
  if (signed_)
    g_signal_connect (spin, "output", G_CALLBACK (on_signed_output), NULL);
  return spin;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

static GtkWidget *
dim_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

/* A label naming @widget for the mnemonic and the screen reader. */
static GtkWidget *
field_label (const char *mnemonic, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  return label;
}

static const char *
table_title (WbTable *t)
{
  const char *name = wb_table_get_name (t);
  return name != NULL && *name != '\0' ? name : wb_table_get_id (t);
}

/* --- which quantities a kind of table uses --------------------------------- */

static gboolean
kind_uses (WbTableKind kind, guint q)
{
  switch (kind)
    {
    case WB_TABLE_ODDS:
    case WB_TABLE_DIFFERENTIAL:
    case WB_TABLE_FIRE:
      return q == Q_COLUMNS;
    case WB_TABLE_DICE_POOL:
      return q == Q_DICE || q == Q_TARGET;
    case WB_TABLE_ROLL:
      return q == Q_ROLL;
    case WB_TABLE_CHART:
    default:
      return FALSE;
    }
}

static int
quantity (const WbTableModifier *m, guint q)
{
  switch (q)
    {
    case Q_COLUMNS: return m->columns;
    case Q_DICE:    return m->dice;
    case Q_TARGET:  return m->target;
    case Q_ROLL:    return m->roll;
    default:        g_assert_not_reached ();
    }
}

/* --- modifiers ------------------------------------------------------------- */

static WbTableModifier *
model_modifier (WbTableRulesEditor *self, guint index)
{
  GPtrArray *mods = wb_table_get_modifiers (self->table);
  return index < mods->len ? g_ptr_array_index (mods, index) : NULL;
}

static const char *
or_empty (const char *s)
{
  return s != NULL ? s : "";
}

static void
commit_modifier (ModRow    *r,
                 GtkWidget *widget)   /* the field changed */
{
  WbTableRulesEditor *self = r->self;
  WbTableModifier *old, m;

  if (busy (self) || (old = model_modifier (self, r->index)) == NULL)
    return;
  m = *old;
  m.id = (char *) text_of (r->id);
  m.text = (char *) text_of (r->text);
  m.group = (char *) text_of (r->group);
  m.applies = (char *) text_of (r->applies);
  m.columns = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (r->spins[Q_COLUMNS]));
  m.dice = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (r->spins[Q_DICE]));
  m.target = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (r->spins[Q_TARGET]));
  m.roll = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (r->spins[Q_ROLL]));
  if (g_strcmp0 (m.id, old->id) == 0 && g_strcmp0 (m.text, or_empty (old->text)) == 0 &&
      g_strcmp0 (m.group, or_empty (old->group)) == 0 &&
      g_strcmp0 (m.applies, or_empty (old->applies)) == 0 && m.columns == old->columns &&
      m.dice == old->dice && m.target == old->target && m.roll == old->roll)
    return;
  if (!push (self, wb_command_set_table_modifier_new (self->game, self->table, (int) r->index, &m),
             NULL))
    refuse_entry (self, widget);
}

/* Moves modifier @r by @delta; the focus follows it (keeping to the same
 * button while it can move on). */
static void
move_modifier (ModRow *r, int delta)
{
  WbTableRulesEditor *self = r->self;
  guint to = r->index + delta;
  ModRow *moved;

  if (busy (self) || (delta < 0 && r->index == 0) ||
      !push (self, wb_command_move_table_modifier_new (self->game, self->table, r->index, to),
             NULL))
    return;
  if (to >= self->mod_rows->len)
    return;
  moved = g_ptr_array_index (self->mod_rows, to);
  if (gtk_widget_get_sensitive (delta < 0 ? moved->up : moved->down))
    gtk_widget_grab_focus (delta < 0 ? moved->up : moved->down);
  else
    gtk_widget_grab_focus (moved->text);
}

static void
on_modifier_up (ModRow *r)
{
  move_modifier (r, -1);
}

static void
on_modifier_down (ModRow *r)
{
  move_modifier (r, 1);
}

static void
on_modifier_remove (ModRow *r)
{
  if (!busy (r->self))
    push (r->self, wb_command_remove_table_modifier_new (r->self->game, r->self->table, r->index),
          NULL);
}

static GtkWidget *
icon_button (const char *icon, const char *label, const char *tooltip, GCallback clicked,
             gpointer data)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "flat");
  label_widget (button, label, tooltip);
  g_signal_connect_swapped (button, "clicked", clicked, data);
  return button;
}

static GtkWidget *
modifier_row_new (WbTableRulesEditor *self, guint index)
{
  static const char *names[N_QUANTITIES] = { N_("Shift"), N_("Dice"), N_("Hit"), N_("Roll") };
  static const char *tips[N_QUANTITIES] = {
    N_("Column shift: positive to the right, negative to the left"),
    N_("Dice added to the pool (negative: taken away)"),
    N_("Change of the hit number in the firer’s favour (+1 turns ≥6 into ≥5)"),
    N_("Added to the die roll"),
  };
  static const int limits[N_QUANTITIES] = { WB_TABLE_MAX_COLUMNS, 100, 1000, 1000 };
  ModRow *r = g_new0 (ModRow, 1);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *line1 = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *line2 = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *n = g_strdup_printf ("%u", index + 1);
  g_autofree char *a11y = NULL;

  r->self = self;
  r->index = index;
  /* Lives as long as the row: focus-leave handlers may run while the row
   * is being taken out. */
  g_object_set_data_full (G_OBJECT (row), "wb-modifier-row", r, g_free);
  g_ptr_array_add (self->mod_rows, r);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);

  r->text = committing_entry (16, G_CALLBACK (commit_modifier), r);
  gtk_widget_set_hexpand (r->text, TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (r->text), _("Condition as printed, e.g. Defender in woods"));
  a11y = g_strdup_printf (_("Condition of modifier %s"), n);
  label_widget (r->text, a11y, _("The condition as the rules print it"));
  gtk_box_append (GTK_BOX (line1), r->text);
  r->id = committing_entry (10, G_CALLBACK (commit_modifier), r);
  g_free (a11y);
  a11y = g_strdup_printf (_("Id of modifier %s"), n);
  label_widget (r->id, a11y, _("The modifier’s id, as the engine names it (A–Z a–z 0–9 _ - .)"));
  gtk_box_append (GTK_BOX (line1), r->id);
  r->up = icon_button ("go-up-symbolic", _("Move modifier up"), _("Move this modifier up"),
                       G_CALLBACK (on_modifier_up), r);
  r->down = icon_button ("go-down-symbolic", _("Move modifier down"), _("Move this modifier down"),
                         G_CALLBACK (on_modifier_down), r);
  r->remove = icon_button ("list-remove-symbolic", _("Remove modifier"),
                           _("Remove this modifier"), G_CALLBACK (on_modifier_remove), r);
  gtk_box_append (GTK_BOX (line1), r->up);
  gtk_box_append (GTK_BOX (line1), r->down);
  gtk_box_append (GTK_BOX (line1), r->remove);

  for (guint q = 0; q < N_QUANTITIES; q++)
    {
      r->boxes[q] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      r->spins[q] = spin_new (-limits[q], limits[q], 1, 0, TRUE);
      g_free (a11y);
      /* TRANSLATORS: "Shift of modifier 2" */
      a11y = g_strdup_printf (_("%s of modifier %s"), _(names[q]), n);
      label_widget (r->spins[q], a11y, _(tips[q]));
      g_signal_connect_swapped (r->spins[q], "value-changed", G_CALLBACK (commit_modifier), r);
      gtk_box_append (GTK_BOX (r->boxes[q]), dim_label (_(names[q])));
      gtk_box_append (GTK_BOX (r->boxes[q]), r->spins[q]);
      gtk_box_append (GTK_BOX (line2), r->boxes[q]);
    }
  r->group = committing_entry (8, G_CALLBACK (commit_modifier), r);
  gtk_entry_set_placeholder_text (GTK_ENTRY (r->group), _("group"));
  g_free (a11y);
  a11y = g_strdup_printf (_("Group of modifier %s"), n);
  label_widget (r->group, a11y, _("Of the modifiers sharing a group only one applies (e.g. odds)"));
  r->applies = committing_entry (8, G_CALLBACK (commit_modifier), r);
  gtk_entry_set_placeholder_text (GTK_ENTRY (r->applies), _("applies to"));
  g_free (a11y);
  a11y = g_strdup_printf (_("Modifier %s applies to"), n);
  label_widget (r->applies, a11y,
                _("The kind of combat or step it belongs to: fire, close, defensive, first_round…"));
  gtk_widget_set_hexpand (r->applies, TRUE);
  gtk_box_append (GTK_BOX (line2), r->group);
  gtk_box_append (GTK_BOX (line2), r->applies);

  gtk_box_append (GTK_BOX (box), line1);
  gtk_box_append (GTK_BOX (box), line2);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

gboolean
wb_table_rules_editor_add_modifier (WbTableRulesEditor *self,
                                    GError            **error)
{
  WbTableModifier m = { 0 };
  g_autofree char *id = NULL;
  GPtrArray *mods;
  ModRow *r;

  g_return_val_if_fail (WB_IS_TABLE_RULES_EDITOR (self), FALSE);
  if (self->table == NULL)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("No table is open"));
      return FALSE;
    }
  mods = wb_table_get_modifiers (self->table);
  for (guint n = mods->len + 1;; n++)
    {
      gboolean taken = FALSE;
      g_free (id);
      id = g_strdup_printf ("modifier-%u", n);
      for (guint i = 0; i < mods->len && !taken; i++)
        taken = strcmp (((WbTableModifier *) g_ptr_array_index (mods, i))->id, id) == 0;
      if (!taken)
        break;
    }
  m.id = id;
  if (!push (self, wb_command_set_table_modifier_new (self->game, self->table, -1, &m), error))
    return FALSE;
  /* The table editor has shown the new modifier: type its condition. */
  sync_widgets (self);
  r = self->mod_rows->len > 0 ? g_ptr_array_index (self->mod_rows, self->mod_rows->len - 1) : NULL;
  if (r != NULL)
    gtk_widget_grab_focus (r->text);
  return TRUE;
}

static void
on_add_modifier (WbTableRulesEditor *self)
{
  wb_table_rules_editor_add_modifier (self, NULL);
}

static void
on_show_all (WbTableRulesEditor *self)
{
  sync_widgets (self);
}

/* --- ends, pool, read ------------------------------------------------------ */

static void
commit_ends (WbTableRulesEditor *self)
{
  const WbTableEnds *old;
  WbTableEnds ends;

  if (busy (self))
    return;
  old = wb_table_get_ends (self->table);
  ends.left = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->end_left));
  ends.right = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->end_right));
  if (wb_table_get_kind (self->table) == WB_TABLE_FIRE)
    {
      ends.defensive_left = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->def_left));
      ends.defensive_right = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->def_right));
    }
  else
    {
      /* Defensive fire is a fire table's: elsewhere it follows the ends
       * (unless the file gave it apart). */
      ends.defensive_left = old->defensive_left == old->left ? ends.left : old->defensive_left;
      ends.defensive_right = old->defensive_right == old->right ? ends.right : old->defensive_right;
    }
  if (memcmp (&ends, old, sizeof ends) == 0)
    return;
  push (self, wb_command_set_table_ends_new (self->game, self->table, &ends), NULL);
}

static void
commit_pool (WbTableRulesEditor *self)
{
  const WbTablePool *old;
  WbTablePool pool = { 0 };
  guint rule;

  if (busy (self))
    return;
  old = wb_table_get_pool (self->table);
  pool.sides = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->pool_sides));
  rule = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->pool_rule));
  if (pool.sides > 0)
    {
      pool.at_least = rule == 0;
      pool.per_column = rule == 2;
      pool.value = pool.per_column ? 0
                   : gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->pool_value));
    }
  if (pool.sides == old->sides && pool.at_least == old->at_least &&
      pool.per_column == old->per_column && pool.value == old->value)
    return;
  push (self, wb_command_set_table_pool_new (self->game, self->table, &pool), NULL);
}

static void
commit_read (WbTableRulesEditor *self)
{
  WbTableRead read;
  guint p;
  const char *pair = NULL;

  if (busy (self))
    return;
  read = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->read));
  p = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->pair));
  if (read != WB_TABLE_READ_SUM && p < self->pair_ids->len)
    pair = g_ptr_array_index (self->pair_ids, p);
  if (read == wb_table_get_read (self->table) &&
      g_strcmp0 (pair, wb_table_get_pair (self->table)) == 0)
    return;
  push (self, wb_command_set_table_read_new (self->game, self->table, read, pair), NULL);
}

/* --- result-code effects --------------------------------------------------- */

static char *
effect_summary (WbGame *game, const WbResultCode *c)
{
  static const char *names[N_EFFECTS] = {
    N_("attacker eliminated"), N_("defender eliminated"), N_("attacker steps"),
    N_("defender steps"), N_("attacker retreats"), N_("defender retreats"),
    N_("attacker morale hits"), N_("defender morale hits"),
  };
  const WbCodeEffect *e = &c->effect;
  const double values[N_EFFECTS] = {
    e->attacker_eliminated, e->defender_eliminated, e->attacker_steps, e->defender_steps,
    e->attacker_retreat, e->defender_retreat, e->attacker_morale, e->defender_morale,
  };
  GString *s;

  if (!c->has_effect)
    return g_strdup (_("Standard meaning"));
  s = g_string_new (NULL);
  for (guint i = 0; i < N_EFFECTS; i++)
    if (values[i] != 0)
      {
        char number[G_ASCII_DTOSTR_BUF_SIZE];
        if (s->len > 0)
          g_string_append (s, ", ");
        g_string_append_printf (s, "%s %s", _(names[i]),
                                g_ascii_formatd (number, sizeof number, "%g", values[i]));
      }
  if (e->exchange)
    g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", _("exchange"));
  if (c->test != NULL)
    {
      WbTable *test = wb_game_find_table (game, c->test);
      const char *name = test != NULL ? table_title (test) : c->test;
      if (s->len > 0)
        g_string_append (s, ", ");
      if (c->test_column != NULL)
        g_string_append_printf (s, _("test on %s (%s)"), name, c->test_column);
      else
        g_string_append_printf (s, _("test on %s"), name);
    }
  if (s->len == 0)
    g_string_append (s, _("No effect"));
  return g_string_free (s, FALSE);
}

static WbResultCode *
model_code (WbTableRulesEditor *self, guint index)
{
  GPtrArray *codes = wb_table_get_codes (self->table);
  return index < codes->len ? g_ptr_array_index (codes, index) : NULL;
}

static void
commit_effect (CodeRow   *r,
               GtkWidget *widget)   /* the field changed */
{
  WbTableRulesEditor *self = r->self;
  WbResultCode *old;
  WbCodeEffect e = { 0 };
  double *values[N_EFFECTS] = {
    &e.attacker_eliminated, &e.defender_eliminated, &e.attacker_steps, &e.defender_steps,
    &e.attacker_retreat, &e.defender_retreat, &e.attacker_morale, &e.defender_morale,
  };
  guint t;
  const char *test = NULL, *column;

  if (busy (self) || (old = model_code (self, r->index)) == NULL)
    return;
  for (guint i = 0; i < N_EFFECTS; i++)
    *values[i] = gtk_spin_button_get_value (GTK_SPIN_BUTTON (r->values[i]));
  e.exchange = gtk_check_button_get_active (GTK_CHECK_BUTTON (r->exchange));
  t = gtk_drop_down_get_selected (GTK_DROP_DOWN (r->test));
  if (t < self->test_ids->len)
    test = g_ptr_array_index (self->test_ids, t);
  column = text_of (r->column);
  if (*column == '\0')
    column = NULL;
  if (old->has_effect && memcmp (&e, &old->effect, sizeof e) == 0 &&
      g_strcmp0 (test, old->test) == 0 && g_strcmp0 (column, old->test_column) == 0)
    return;
  if (!push (self, wb_command_set_table_code_effect_new (self->game, self->table, r->index, TRUE, &e,
                                                         test, column), NULL))
    refuse_entry (self, widget);
}

static void
on_standard (CodeRow *r)
{
  WbResultCode *old;

  if (busy (r->self) || (old = model_code (r->self, r->index)) == NULL || !old->has_effect)
    return;
  push (r->self, wb_command_set_table_code_effect_new (r->self->game, r->self->table, r->index,
                                                       FALSE, NULL, NULL, NULL), NULL);
}

/* The game's tables but @except, after None, for a drop-down; their ids
 * in @ids (0: none, NULL). */
static GListModel *
table_list (GPtrArray *ids, WbGame *game, WbTable *except)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  GPtrArray *tables = wb_game_get_tables (game);

  g_ptr_array_set_size (ids, 0);
  g_ptr_array_add (ids, NULL);
  gtk_string_list_append (list, _("None"));
  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      if (t == except)
        continue;
      g_ptr_array_add (ids, g_strdup (wb_table_get_id (t)));
      gtk_string_list_append (list, table_title (t));
    }
  return G_LIST_MODEL (list);
}

static guint
id_index (GPtrArray *ids, const char *id)
{
  for (guint i = 1; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return i;
  return 0;
}

static GtkWidget *
code_row_new (WbTableRulesEditor *self, guint index, const WbResultCode *c)
{
  static const char *names[N_EFFECTS] = {
    N_("_Attacker eliminated"), N_("_Defender eliminated"), N_("Attacker _steps"),
    N_("Defender s_teps"), N_("Attacker _retreat"), N_("Defender retr_eat"),
    N_("Attacker _morale hits"), N_("Defender morale _hits"),
  };
  CodeRow *r = g_new0 (CodeRow, 1);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *title;
  g_autofree char *a11y = NULL;
  g_autofree char *heading_text = NULL;
  int y;

  r->self = self;
  r->index = index;
  g_object_set_data_full (G_OBJECT (row), "wb-code-row", r, g_free);
  g_ptr_array_add (self->code_rows, r);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);

  r->code = gtk_label_new (NULL);
  gtk_widget_add_css_class (r->code, "heading");
  gtk_label_set_xalign (GTK_LABEL (r->code), 0);
  gtk_label_set_width_chars (GTK_LABEL (r->code), 6);
  gtk_box_append (GTK_BOX (box), r->code);
  r->summary = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (r->summary), 0);
  gtk_label_set_ellipsize (GTK_LABEL (r->summary), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (r->summary, TRUE);
  gtk_box_append (GTK_BOX (box), r->summary);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  heading_text = g_strdup_printf (_("Effect of “%s”"), c->code);
  title = heading (heading_text);
  gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 4, 1);
  for (guint i = 0; i < N_EFFECTS; i++)
    {
      gboolean share = i <= E_DEFENDER_ELIMINATED;
      g_autofree char *plain = NULL;
      r->values[i] = spin_new (0, share ? 1 : 100, share ? 0.25 : 1, share ? 2 : 0, FALSE);
      plain = g_strdup (_(names[i]));
      /* The accessible name without the mnemonic's underscore. */
      for (char *p = plain, *q = plain;; p++)
        if (*p != '_' && (*q++ = *p) == '\0')
          break;
      g_free (a11y);
      a11y = g_strdup_printf ("%s (%s)", plain, c->code);
      label_widget (r->values[i], a11y,
                    share ? _("The share of the force eliminated: 1 is every unit in the combat")
                          : i <= E_DEFENDER_STEPS ? _("Step losses (depletions)")
                          : i <= E_DEFENDER_RETREAT ? _("Hexes or locations of retreat")
                          : _("Morale hits"));
      g_signal_connect_swapped (r->values[i], "value-changed", G_CALLBACK (commit_effect), r);
      gtk_grid_attach (GTK_GRID (grid), field_label (_(names[i]), r->values[i]),
                       (i % 2) * 2, 1 + i / 2, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), r->values[i], (i % 2) * 2 + 1, 1 + i / 2, 1, 1);
    }
  y = 1 + N_EFFECTS / 2;
  r->exchange = gtk_check_button_new_with_mnemonic (_("E_xchange"));
  label_widget (r->exchange, _("Exchange"),
                _("The side with fewer strength points loses everything, the other at least as much"));
  g_signal_connect_swapped (r->exchange, "toggled", G_CALLBACK (commit_effect), r);
  gtk_grid_attach (GTK_GRID (grid), r->exchange, 1, y++, 3, 1);
  r->test = gtk_drop_down_new (table_list (self->test_ids, self->game, NULL), NULL);
  label_widget (r->test, _("Test table"), _("The table the result sends to (a cohesion or break test)"));
  g_signal_connect_swapped (r->test, "notify::selected", G_CALLBACK (commit_effect), r);
  gtk_grid_attach (GTK_GRID (grid), field_label (_("Test _table"), r->test), 0, y, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), r->test, 1, y, 1, 1);
  r->column = committing_entry (10, G_CALLBACK (commit_effect), r);
  label_widget (r->column, _("Test column"), _("The label of the column to read on the test table"));
  gtk_grid_attach (GTK_GRID (grid), field_label (_("C_olumn"), r->column), 2, y, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), r->column, 3, y++, 1, 1);
  r->standard = gtk_button_new_with_mnemonic (_("_Standard Meaning"));
  label_widget (r->standard, _("Standard meaning"),
                _("Drop the effect: the code keeps the standard meaning of Ae, Ar, Dr, De, Ex…"));
  g_signal_connect_swapped (r->standard, "clicked", G_CALLBACK (on_standard), r);
  gtk_widget_set_halign (r->standard, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), r->standard, 0, y, 4, 1);
  gtk_popover_set_child (GTK_POPOVER (popover), grid);

  r->button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (r->button), _("Effect"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (r->button), popover);
  g_free (a11y);
  a11y = g_strdup_printf (_("Effect of result code %s"), c->code);
  label_widget (r->button, a11y,
                _("What this result does: eliminations, steps, retreats, morale hits, a test"));
  gtk_box_append (GTK_BOX (box), r->button);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

/* --- the whole ------------------------------------------------------------- */

/* What the widgets are built for: rebuilt when this changes, else only
 * their values are set (keeping the focus). */
static char *
shape_of (WbTableRulesEditor *self)
{
  GPtrArray *tables;
  GString *s;

  if (self->table == NULL || self->game == NULL)
    return g_strdup ("");
  s = g_string_new (NULL);
  g_string_append_printf (s, "%p %u %u:", (void *) self->table,
                          wb_table_get_modifiers (self->table)->len,
                          wb_table_get_codes (self->table)->len);
  for (guint i = 0; i < wb_table_get_codes (self->table)->len; i++)
    g_string_append_printf (s, " %s",
                            ((WbResultCode *) g_ptr_array_index (wb_table_get_codes (self->table), i))->code);
  g_string_append (s, " |");
  tables = wb_game_get_tables (self->game);
  for (guint i = 0; i < tables->len; i++)
    g_string_append_printf (s, " %s=%s", wb_table_get_id (g_ptr_array_index (tables, i)),
                            table_title (g_ptr_array_index (tables, i)));
  return g_string_free (s, FALSE);
}

static void
clear_list (GtkWidget *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (list), child);
}

static void
rebuild (WbTableRulesEditor *self)
{
  GPtrArray *codes;
  guint n_mods;

  g_ptr_array_set_size (self->mod_rows, 0);
  g_ptr_array_set_size (self->code_rows, 0);
  clear_list (self->mod_list);
  clear_list (self->effect_list);
  if (self->table == NULL || self->game == NULL)
    {
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->pair), NULL);
      gtk_widget_set_visible (self->pair, FALSE);
      return;
    }

  n_mods = wb_table_get_modifiers (self->table)->len;
  for (guint i = 0; i < n_mods; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->mod_list), modifier_row_new (self, i));
  codes = wb_table_get_codes (self->table);
  for (guint i = 0; i < codes->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->effect_list),
                         code_row_new (self, i, g_ptr_array_index (codes, i)));

  {
    g_autoptr(GListModel) tables = table_list (self->pair_ids, self->game, self->table);

    gtk_drop_down_set_model (GTK_DROP_DOWN (self->pair), tables);
    gtk_widget_set_visible (self->pair, TRUE);
  }
}

/* Puts the table's rules into the widgets. */
static void
fill (WbTableRulesEditor *self)
{
  WbTableKind kind = wb_table_get_kind (self->table);
  gboolean all = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->show_all));
  GPtrArray *mods = wb_table_get_modifiers (self->table);
  const WbTableEnds *ends = wb_table_get_ends (self->table);
  const WbTablePool *pool = wb_table_get_pool (self->table);
  WbTableRead read = wb_table_get_read (self->table);

  for (guint i = 0; i < self->mod_rows->len; i++)
    {
      ModRow *r = g_ptr_array_index (self->mod_rows, i);
      WbTableModifier *m = g_ptr_array_index (mods, i);
      set_entry (r->id, m->id);
      set_entry (r->text, m->text);
      /* Long conditions do not fit the entry: the tooltip shows all of it. */
      gtk_widget_set_tooltip_text (r->text, m->text != NULL && *m->text != '\0'
                                            ? m->text : _("The condition as the rules print it"));
      set_entry (r->group, m->group);
      set_entry (r->applies, m->applies);
      for (guint q = 0; q < N_QUANTITIES; q++)
        {
          set_spin (r->spins[q], quantity (m, q));
          gtk_widget_set_visible (r->boxes[q], all || kind_uses (kind, q) || quantity (m, q) != 0);
        }
      gtk_widget_set_sensitive (r->up, i > 0);
      gtk_widget_set_sensitive (r->down, i + 1 < mods->len);
    }
  gtk_widget_set_visible (self->mod_empty, mods->len == 0);
  gtk_widget_set_visible (self->mod_list, mods->len > 0);

  gtk_widget_set_visible (self->ends_section, kind == WB_TABLE_ODDS ||
                          kind == WB_TABLE_DIFFERENTIAL || kind == WB_TABLE_FIRE ||
                          kind == WB_TABLE_DICE_POOL);
  set_selected (self->end_left, ends->left);
  set_selected (self->end_right, ends->right);
  set_selected (self->def_left, ends->defensive_left);
  set_selected (self->def_right, ends->defensive_right);
  gtk_widget_set_visible (self->def_box, kind == WB_TABLE_FIRE);

  gtk_widget_set_visible (self->pool_section, kind == WB_TABLE_DICE_POOL);
  set_spin (self->pool_sides, pool->sides);
  set_selected (self->pool_rule, pool->per_column ? 2 : pool->at_least ? 0 : 1);
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->pool_value), 1, MAX (pool->sides, 2));
  if (!pool->per_column && pool->value > 0)
    set_spin (self->pool_value, pool->value);
  gtk_widget_set_sensitive (self->pool_rule, pool->sides > 0);
  gtk_widget_set_sensitive (self->pool_value, pool->sides > 0 && !pool->per_column);

  gtk_widget_set_visible (self->read_section, kind == WB_TABLE_ROLL || read != WB_TABLE_READ_SUM);
  set_selected (self->read, read);
  set_selected (self->pair, id_index (self->pair_ids, wb_table_get_pair (self->table)));
  gtk_widget_set_sensitive (self->pair, read != WB_TABLE_READ_SUM);

  for (guint i = 0; i < self->code_rows->len; i++)
    {
      CodeRow *r = g_ptr_array_index (self->code_rows, i);
      WbResultCode *c = model_code (self, i);
      const WbCodeEffect *e = &c->effect;
      const double values[N_EFFECTS] = {
        e->attacker_eliminated, e->defender_eliminated, e->attacker_steps, e->defender_steps,
        e->attacker_retreat, e->defender_retreat, e->attacker_morale, e->defender_morale,
      };
      g_autofree char *summary = effect_summary (self->game, c);
      g_autofree char *code = c->name != NULL ? g_strdup_printf ("%s — %s", c->code, c->name)
                                              : g_strdup (c->code);

      gtk_label_set_text (GTK_LABEL (r->code), code);
      gtk_label_set_text (GTK_LABEL (r->summary), summary);
      gtk_widget_set_tooltip_text (r->summary, summary);
      for (guint k = 0; k < N_EFFECTS; k++)
        set_spin (r->values[k], values[k]);
      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (r->exchange)) != e->exchange)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (r->exchange), e->exchange);
      set_selected (r->test, id_index (self->test_ids, c->test));
      set_entry (r->column, c->test_column);
      gtk_widget_set_sensitive (r->standard, c->has_effect);
    }
  gtk_widget_set_visible (self->effect_empty, self->code_rows->len == 0);
  gtk_widget_set_visible (self->effect_list, self->code_rows->len > 0);
}

static void
sync_widgets (WbTableRulesEditor *self)
{
  g_autofree char *shape = NULL;
  gboolean was = self->syncing;

  if (self->scroller == NULL)   /* disposed */
    return;
  self->syncing = TRUE;
  shape = shape_of (self);
  if (g_strcmp0 (shape, self->shape) != 0)
    {
      rebuild (self);
      g_free (self->shape);
      self->shape = g_steal_pointer (&shape);
    }
  gtk_widget_set_sensitive (self->scroller, self->table != NULL);
  if (self->table != NULL && self->game != NULL)
    fill (self);
  self->syncing = was;
}

void
wb_table_rules_editor_set_game (WbTableRulesEditor *self,
                                WbGame             *game,
                                WbUndoStack        *stack)
{
  g_return_if_fail (WB_IS_TABLE_RULES_EDITOR (self));

  g_set_object (&self->game, game);
  g_set_object (&self->stack, stack);
  g_clear_object (&self->table);
  show_error (self, NULL);
  sync_widgets (self);
}

void
wb_table_rules_editor_set_table (WbTableRulesEditor *self,
                                 WbTable            *table)
{
  g_return_if_fail (WB_IS_TABLE_RULES_EDITOR (self));

  if (table != self->table)
    {
      g_set_object (&self->table, table);
      show_error (self, NULL);
    }
  sync_widgets (self);
}

static GtkWidget *
row_field (GPtrArray *rows, guint index, gsize offset)
{
  if (index >= rows->len)
    return NULL;
  return *(GtkWidget **) G_STRUCT_MEMBER_P (g_ptr_array_index (rows, index), offset);
}

GtkWidget *
wb_table_rules_editor_get_field (WbTableRulesEditor *self,
                                 const char         *name)
{
  g_auto(GStrv) parts = NULL;
  guint index;

  g_return_val_if_fail (WB_IS_TABLE_RULES_EDITOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  {
    const struct { const char *name; gsize offset; } fixed[] = {
      { "modifiers", G_STRUCT_OFFSET (WbTableRulesEditor, mod_list) },
      { "add-modifier", G_STRUCT_OFFSET (WbTableRulesEditor, add_mod) },
      { "show-all", G_STRUCT_OFFSET (WbTableRulesEditor, show_all) },
      { "ends:left", G_STRUCT_OFFSET (WbTableRulesEditor, end_left) },
      { "ends:right", G_STRUCT_OFFSET (WbTableRulesEditor, end_right) },
      { "ends:defensive_left", G_STRUCT_OFFSET (WbTableRulesEditor, def_left) },
      { "ends:defensive_right", G_STRUCT_OFFSET (WbTableRulesEditor, def_right) },
      { "pool:sides", G_STRUCT_OFFSET (WbTableRulesEditor, pool_sides) },
      { "pool:rule", G_STRUCT_OFFSET (WbTableRulesEditor, pool_rule) },
      { "pool:value", G_STRUCT_OFFSET (WbTableRulesEditor, pool_value) },
      { "read", G_STRUCT_OFFSET (WbTableRulesEditor, read) },
      { "error", G_STRUCT_OFFSET (WbTableRulesEditor, error) },
    };
    /* No table, no pair list. */
    if (strcmp (name, "pair") == 0)
      return self->pair != NULL && gtk_widget_get_visible (self->pair) ? self->pair : NULL;
    for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
      if (strcmp (name, fixed[i].name) == 0)
        return G_STRUCT_MEMBER (GtkWidget *, self, fixed[i].offset);
  }
  parts = g_strsplit (name, ":", 3);
  if (g_strv_length (parts) < 2)
    return NULL;
  index = (guint) g_ascii_strtoull (parts[1], NULL, 10);
  if (strcmp (parts[0], "modifier") == 0 && parts[2] != NULL)
    {
      const struct { const char *name; gsize offset; } fields[] = {
        { "id", G_STRUCT_OFFSET (ModRow, id) },
        { "text", G_STRUCT_OFFSET (ModRow, text) },
        { "group", G_STRUCT_OFFSET (ModRow, group) },
        { "applies", G_STRUCT_OFFSET (ModRow, applies) },
        { "columns", G_STRUCT_OFFSET (ModRow, spins[Q_COLUMNS]) },
        { "dice", G_STRUCT_OFFSET (ModRow, spins[Q_DICE]) },
        { "target", G_STRUCT_OFFSET (ModRow, spins[Q_TARGET]) },
        { "roll", G_STRUCT_OFFSET (ModRow, spins[Q_ROLL]) },
        { "up", G_STRUCT_OFFSET (ModRow, up) },
        { "down", G_STRUCT_OFFSET (ModRow, down) },
        { "remove", G_STRUCT_OFFSET (ModRow, remove) },
      };
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (strcmp (parts[2], fields[i].name) == 0)
          return row_field (self->mod_rows, index, fields[i].offset);
      return NULL;
    }
  if (strcmp (parts[0], "effect") == 0)
    {
      const struct { const char *name; gsize offset; } fields[] = {
        { "summary", G_STRUCT_OFFSET (CodeRow, summary) },
        { "exchange", G_STRUCT_OFFSET (CodeRow, exchange) },
        { "test", G_STRUCT_OFFSET (CodeRow, test) },
        { "column", G_STRUCT_OFFSET (CodeRow, column) },
        { "standard", G_STRUCT_OFFSET (CodeRow, standard) },
      };
      if (parts[2] == NULL)
        return row_field (self->code_rows, index, G_STRUCT_OFFSET (CodeRow, button));
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (strcmp (parts[2], fields[i].name) == 0)
          return row_field (self->code_rows, index, fields[i].offset);
      for (guint i = 0; i < N_EFFECTS; i++)
        if (strcmp (parts[2], effect_keys[i]) == 0)
          return row_field (self->code_rows, index,
                            G_STRUCT_OFFSET (CodeRow, values) + i * sizeof (GtkWidget *));
    }
  return NULL;
}

static void
wb_table_rules_editor_dispose (GObject *object)
{
  WbTableRulesEditor *self = WB_TABLE_RULES_EDITOR (object);

  self->syncing = TRUE;   /* entries losing the focus now commit nothing */
  g_clear_object (&self->game);
  g_clear_object (&self->stack);
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_TABLE_RULES_EDITOR);
  G_OBJECT_CLASS (wb_table_rules_editor_parent_class)->dispose (object);
}

static void
wb_table_rules_editor_finalize (GObject *object)
{
  WbTableRulesEditor *self = WB_TABLE_RULES_EDITOR (object);

  g_ptr_array_unref (self->mod_rows);
  g_ptr_array_unref (self->code_rows);
  g_ptr_array_unref (self->pair_ids);
  g_ptr_array_unref (self->test_ids);
  g_free (self->shape);
  G_OBJECT_CLASS (wb_table_rules_editor_parent_class)->finalize (object);
}

static void
wb_table_rules_editor_class_init (WbTableRulesEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_table_rules_editor_dispose;
  object_class->finalize = wb_table_rules_editor_finalize;

  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-table-rules-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, scroller);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, error);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, mod_list);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, add_mod);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, show_all);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, mod_empty);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, ends_section);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, end_left);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, end_right);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, def_box);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, def_left);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, def_right);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, pool_section);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, pool_sides);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, pool_rule);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, pool_value);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, read_section);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, read);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, pair);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, effect_list);
  gtk_widget_class_bind_template_child (widget_class, WbTableRulesEditor, effect_empty);
  gtk_widget_class_bind_template_callback (widget_class, on_show_all);
  gtk_widget_class_bind_template_callback (widget_class, on_add_modifier);
  gtk_widget_class_bind_template_callback (widget_class, commit_ends);
  gtk_widget_class_bind_template_callback (widget_class, commit_pool);
  gtk_widget_class_bind_template_callback (widget_class, commit_read);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tablerules");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_table_rules_editor_init (WbTableRulesEditor *self)
{
  self->mod_rows = g_ptr_array_new ();    /* ModRow*, owned by their rows */
  self->code_rows = g_ptr_array_new ();   /* CodeRow*, owned by their rows */
  self->pair_ids = g_ptr_array_new_with_free_func (g_free);
  self->test_ids = g_ptr_array_new_with_free_func (g_free);

  gtk_widget_init_template (GTK_WIDGET (self));
  wb_number_field_guard (GTK_SPIN_BUTTON (self->pool_sides));
  wb_number_field_guard (GTK_SPIN_BUTTON (self->pool_value));

  sync_widgets (self);
}

GtkWidget *
wb_table_rules_editor_new (void)
{
  return g_object_new (WB_TYPE_TABLE_RULES_EDITOR, NULL);
}
