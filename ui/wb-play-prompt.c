/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "wb-play-prompt.h"

struct _WbPlayPrompt
{
  GtkWidget     parent_instance;

  WbPlay       *play;
  WbPicks      *picks;       /* the step's picks, list by list */
  WbStep       *step;        /* the step for them (wb_play_step) */
  GHashTable   *stats;       /* WbTable* → WbTableStats*, for the odds line */

  GtkWidget    *box;
  GtkLabel     *text;
  GtkLabel     *odds;
  char         *map_label;   /* the odds for the map: the column read, or the preview's words */
  GtkButton    *main_button;
  GtkWidget    *step_buttons;  /* the step's own buttons (No Advance) */
  GtkButton    *clear;
  GtkWidget    *offers_box;
  GPtrArray    *offers;      /* WbOffer*, the buttons' */
  GtkWidget    *dice_box;
  GtkLabel     *dice;        /* the faces rolled by the last action */
  GtkLabel     *dice_text;   /* its line */
  /* Physical dice: the action waiting for the players' roll. */
  JsonObject   *pending;
  guint         pending_index;
  GtkWidget    *roll_box;
  GtkLabel     *roll_label;
  GtkEntry     *roll_entry;   /* one die, or several separated by spaces */
  int           pending_sides;
  /* A cell the rulebook does not give: the action waiting for the
   * players' result, and the codes offered. */
  JsonObject   *pending_result;
  GPtrArray    *result_codes;  /* char* */
  GtkWidget    *result_box;
  GtkLabel     *result_label;
  GtkDropDown  *result_drop;
};

G_DEFINE_FINAL_TYPE (WbPlayPrompt, wb_play_prompt, GTK_TYPE_WIDGET)

enum { ACT, CLEARED, N_SIGNALS };
static guint signals[N_SIGNALS];

static gboolean
str_in (GPtrArray *list, const char *s, guint *index)
{
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (g_ptr_array_index (list, i), s) == 0)
      {
        if (index)
          *index = i;
        return TRUE;
      }
  return FALSE;
}

const char *
wb_play_prompt_get_map_label (WbPlayPrompt *self)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), NULL);
  return self->map_label;
}

JsonObject *
wb_play_prompt_get_action (WbPlayPrompt *self)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), NULL);
  return self->play != NULL ? wb_play_step_action (self->play, self->picks) : NULL;
}

/* "Dr 66.7 % · De 16.7 % · Ex 16.7 %": the exact chances of the column. */
static char *
column_chances (WbPlayPrompt *self, WbTable *table, int column)
{
  WbTableStats *stats = g_hash_table_lookup (self->stats, table);
  const WbColumnStats *cs;
  GString *s;

  if (stats == NULL)
    {
      stats = wb_table_stats_new (table, NULL);
      if (stats == NULL)
        return NULL;
      g_hash_table_insert (self->stats, table, stats);
    }
  if (column < 0 || (guint) column >= stats->columns->len)
    return NULL;
  cs = g_ptr_array_index (stats->columns, column);
  s = g_string_new (NULL);
  for (guint i = 0; i < cs->outcomes->len; i++)
    {
      const WbTableOutcome *o = &g_array_index (cs->outcomes, WbTableOutcome, i);
      g_autofree char *pct = g_strdup_printf ("%.1f", 100.0 * o->count / stats->dice->total);

      /* TRANSLATORS: one result's chance in the odds line: "Dr 66.7 %" */
      g_string_append_printf (s, _("%s%s %s %%"), s->len ? " · " : "", o->result, pct);
    }
  return g_string_free (s, FALSE);
}

static void on_step_button (GtkButton *button, WbPlayPrompt *self);

/* The step's own buttons ("No Advance"), each named after its action's
 * type ("no-advance"). */
static void
update_step_buttons (WbPlayPrompt *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->step_buttons)) != NULL)
    gtk_box_remove (GTK_BOX (self->step_buttons), child);
  for (guint i = 0; self->step != NULL && i < self->step->buttons->len; i++)
    {
      WbStepButton *b = g_ptr_array_index (self->step->buttons, i);
      GtkWidget *button = gtk_button_new_with_mnemonic (b->label);
      g_autofree char *name = g_strdup (wb_json_string (b->action, "type", "step-button"));

      g_strdelimit (name, "_", '-');
      gtk_widget_set_name (button, name);
      gtk_widget_set_tooltip_text (button, b->tooltip);
      g_object_set_data (G_OBJECT (button), "wb-step-button", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (on_step_button), self);
      gtk_box_append (GTK_BOX (self->step_buttons), button);
    }
  gtk_widget_set_visible (self->step_buttons, self->step != NULL && self->step->buttons->len > 0);
}

static void
on_step_button (GtkButton *button, WbPlayPrompt *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "wb-step-button"));
  g_autoptr(JsonObject) action = NULL;

  if (self->step == NULL || i >= self->step->buttons->len)
    return;
  action = json_object_ref (((WbStepButton *) g_ptr_array_index (self->step->buttons, i))->action);
  g_signal_emit (self, signals[ACT], 0, action);
}

static gboolean
any_picks (WbPlayPrompt *self)
{
  for (guint l = 0; self->step != NULL && l < self->step->lists->len; l++)
    if (wb_picks_count (self->picks, l) > 0)
      return TRUE;
  return FALSE;
}

/* What the map shows at the target: the column the roll will be read in
 * ("3-1"), when the action reads a table; else the preview's words. */
static char *
map_label (const WbPreview *preview)
{
  GPtrArray *columns = preview->table != NULL ? wb_table_get_columns (preview->table) : NULL;

  if (columns != NULL && preview->column >= 0 && (guint) preview->column < columns->len)
    {
      const WbTableColumn *c = g_ptr_array_index (columns, preview->column);

      if (c->label != NULL && *c->label != '\0')
        return g_strdup (c->label);
    }
  return g_strdup (preview->text);
}

static void
update (WbPlayPrompt *self)
{
  g_autofree char *step = self->play != NULL ? wb_play_describe_step (self->play) : g_strdup ("");
  g_autoptr(JsonObject) action = NULL;
  const char *hint;
  g_autofree char *text = NULL;

  g_clear_pointer (&self->step, wb_step_free);
  self->step = self->play != NULL ? wb_play_step (self->play, self->picks) : NULL;
  action = wb_play_prompt_get_action (self);
  hint = self->step != NULL ? self->step->hint : _("No playtest is open.");
  if (*step != '\0')
    /* TRANSLATORS: the play prompt: the step, then what to do */
    text = g_strdup_printf (_("%s — %s"), step, hint);
  else
    text = g_strdup (hint);
  gtk_label_set_text (self->text, text);

  gtk_label_set_text (self->odds, "");
  g_clear_pointer (&self->map_label, g_free);
  gtk_widget_remove_css_class (GTK_WIDGET (self->odds), "error");
  if (action != NULL && self->step->preview)
    {
      WbPreview preview;
      g_autoptr(GError) error = NULL;

      if (wb_play_preview (self->play, action, &preview, &error))
        {
          g_autofree char *chances = preview.table != NULL ? column_chances (self, preview.table, preview.column) : NULL;
          g_autofree char *line = chances != NULL ? g_strdup_printf ("%s: %s", preview.text, chances)
                                                  : g_strdup (preview.text);
          gtk_label_set_text (self->odds, line);
          self->map_label = map_label (&preview);
          g_free (preview.text);
        }
      else
        {
          gtk_label_set_text (self->odds, error->message);
          gtk_widget_add_css_class (GTK_WIDGET (self->odds), "error");
        }
    }
  else if (self->step != NULL && self->step->summary != NULL)
    gtk_label_set_text (self->odds, self->step->summary);

  gtk_button_set_label (self->main_button, self->step != NULL && self->step->act_label != NULL
                                           ? self->step->act_label : _("_Attack"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->main_button), self->step != NULL ? self->step->act_tooltip : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->main_button), self->step != NULL && self->step->act_label != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->main_button), action != NULL);
  update_step_buttons (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->clear),
                            any_picks (self) || self->pending != NULL || self->pending_result != NULL);
  gtk_widget_set_visible (self->roll_box, self->pending != NULL);
  gtk_widget_set_visible (self->result_box, self->pending_result != NULL);
  /* While the players' roll is asked for, the roll is the one thing to
   * do (Clear gives the offers back). */
  gtk_widget_set_visible (self->offers_box, self->offers != NULL && self->offers->len > 0 &&
                                            self->pending == NULL && self->pending_result == NULL);
}

static void
on_offer (GtkButton *button, WbPlayPrompt *self)
{
  wb_play_prompt_take_offer (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "wb-offer")));
}

/* The step's offers as buttons. */
static void
update_offers (WbPlayPrompt *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->offers_box)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->offers_box), child);
  g_clear_pointer (&self->offers, g_ptr_array_unref);
  self->offers = self->play != NULL ? wb_play_offers (self->play) : NULL;
  for (guint i = 0; self->offers != NULL && i < self->offers->len; i++)
    {
      WbOffer *o = g_ptr_array_index (self->offers, i);
      GtkWidget *button = gtk_button_new_with_label (o->label);

      gtk_widget_add_css_class (button, "suggested-action");
      gtk_widget_set_tooltip_text (button, _("The step asks for this before the units it concerns act"));
      g_object_set_data (G_OBJECT (button), "wb-offer", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (on_offer), self);
      gtk_flow_box_append (GTK_FLOW_BOX (self->offers_box), button);
    }
  /* Up to three side by side; more wrap. */
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->offers_box),
                                          self->offers != NULL ? CLAMP (self->offers->len, 1, 3) : 1);
}

/* "⚃" for a d6's 4, "[7]" for other dice. */
static void
append_die (GString *s, int face, int sides)
{
  static const char *d6[] = { "⚀", "⚁", "⚂", "⚃", "⚄", "⚅" };

  if (s->len > 0)
    g_string_append_c (s, ' ');
  if (sides == 6 && face >= 1 && face <= 6)
    g_string_append (s, d6[face - 1]);
  else
    g_string_append_printf (s, "[%d]", face);
}

/* The dice the last action rolled, with the line they were rolled for. */
static void
update_dice (WbPlayPrompt *self)
{
  GPtrArray *events = self->play != NULL ? wb_play_last_events (self->play) : NULL;
  g_autoptr(GString) faces = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) numbers = g_string_new (NULL);

  for (guint i = 0; events != NULL && i < events->len; i++)
    {
      WbLogEvent *e = g_ptr_array_index (events, i);

      if (e->n_dice == 0)
        continue;
      for (guint k = 0; k < e->n_dice; k++)
        {
          append_die (faces, e->dice[k], e->dice_sides[k]);
          g_string_append_printf (numbers, "%s%d", numbers->len ? " " : "", e->dice[k]);
        }
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, e->text);
    }
  /* Big dice, smaller when a battle rolls many. */
  {
    PangoAttrList *attrs = pango_attr_list_new ();
    guint n = (guint) g_utf8_strlen (numbers->str, -1) > 0 ? 1 : 0;

    for (const char *c = numbers->str; *c != '\0'; c++)
      n += *c == ' ';
    pango_attr_list_insert (attrs, pango_attr_scale_new (n <= 4 ? 3.0 : n <= 8 ? 2.2 : 1.6));
    gtk_label_set_attributes (self->dice, attrs);
    pango_attr_list_unref (attrs);
  }
  gtk_label_set_text (self->dice, faces->str);
  gtk_label_set_text (self->dice_text, text->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dice_text), text->len > 0 ? text->str : NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->dice), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  numbers->str, -1);
  gtk_widget_set_visible (self->dice_box, faces->len > 0);
}

const char *
wb_play_prompt_get_dice (WbPlayPrompt *self)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), NULL);
  return gtk_label_get_text (self->dice);
}

guint
wb_play_prompt_n_offers (WbPlayPrompt *self)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), 0);
  return self->offers != NULL ? self->offers->len : 0;
}

gboolean
wb_play_prompt_take_offer (WbPlayPrompt *self, guint index)
{
  WbOffer *o;

  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), FALSE);
  if (self->offers == NULL || index >= self->offers->len)
    return FALSE;
  o = g_ptr_array_index (self->offers, index);
  g_signal_emit (self, signals[ACT], 0, o->action);
  return TRUE;
}

void
wb_play_prompt_ask_roll (WbPlayPrompt *self, JsonObject *action, guint index, int sides)
{
  g_autofree char *text = NULL;

  g_return_if_fail (WB_IS_PLAY_PROMPT (self) && action != NULL && sides > 0);
  g_clear_pointer (&self->pending, json_object_unref);
  self->pending = json_object_ref (action);
  self->pending_index = index;
  self->pending_sides = sides;
  /* TRANSLATORS: physical dice: which die the players roll now, and its faces; several dice may be
   * typed at once */
  text = g_strdup_printf (_("Roll die %u (1–%d) and enter it, or all the dice rolled (6 3 1):"), index + 1, sides);
  gtk_label_set_text (self->roll_label, text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->roll_label), "error");
  gtk_editable_set_text (GTK_EDITABLE (self->roll_entry), "");
  update (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->roll_entry));
}

gboolean
wb_play_prompt_enter_roll (WbPlayPrompt *self, int face)
{
  return wb_play_prompt_enter_rolls (self, &face, 1);
}

gboolean
wb_play_prompt_enter_rolls (WbPlayPrompt *self, const int *faces, guint n_faces)
{
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(GList) members = NULL;
  JsonNode *n;
  JsonArray *rolls;

  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self) && (faces != NULL || n_faces == 0), FALSE);
  if (self->pending == NULL || n_faces == 0)
    return FALSE;
  /* A copy of the action with the rolls from its index in "rolls". */
  action = json_object_new ();
  members = json_object_get_members (self->pending);
  for (GList *l = members; l != NULL; l = l->next)
    if (strcmp (l->data, "rolls") != 0)
      json_object_set_member (action, l->data, json_node_copy (json_object_get_member (self->pending, l->data)));
  rolls = json_array_new ();
  n = json_object_get_member (self->pending, "rolls");
  if (n != NULL && JSON_NODE_HOLDS_ARRAY (n))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (n)) && i < self->pending_index; i++)
      json_array_add_element (rolls, json_node_copy (json_array_get_element (json_node_get_array (n), i)));
  while (json_array_get_length (rolls) < self->pending_index)
    json_array_add_int_element (rolls, 1);
  for (guint i = 0; i < n_faces; i++)
    json_array_add_int_element (rolls, faces[i]);
  json_object_set_array_member (action, "rolls", rolls);
  g_clear_pointer (&self->pending, json_object_unref);
  update (self);
  g_signal_emit (self, signals[ACT], 0, action);
  return TRUE;
}

gboolean
wb_play_prompt_enter_roll_text (WbPlayPrompt *self, const char *text)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *problem = NULL;

  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self) && text != NULL, FALSE);
  if (self->pending == NULL)
    return FALSE;
  words = g_strsplit_set (text, " ,;\t", -1);
  for (guint i = 0; words[i] != NULL && problem == NULL; i++)
    {
      guint64 v;

      if (words[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (words[i], 10, 1, (guint64) self->pending_sides, &v, NULL))
        /* TRANSLATORS: physical dice: what was typed is not a die's face; the faces */
        problem = g_strdup_printf (_("“%s” is not a die: type numbers from 1 to %d"), words[i], self->pending_sides);
      else
        {
          int face = (int) v;
          g_array_append_val (faces, face);
        }
    }
  if (problem == NULL && faces->len == 0)
    problem = g_strdup_printf (_("Type the die rolled, 1 to %d"), self->pending_sides);
  if (problem != NULL)
    {
      gtk_label_set_text (self->roll_label, problem);
      gtk_widget_add_css_class (GTK_WIDGET (self->roll_label), "error");
      gtk_widget_grab_focus (GTK_WIDGET (self->roll_entry));
      return FALSE;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->roll_label), "error");
  return wb_play_prompt_enter_rolls (self, (const int *) faces->data, faces->len);
}

static void
on_enter_roll (WbPlayPrompt *self)
{
  wb_play_prompt_enter_roll_text (self, gtk_editable_get_text (GTK_EDITABLE (self->roll_entry)));
}

void
wb_play_prompt_ask_result (WbPlayPrompt *self, JsonObject *action, WbTable *table, int column, int roll)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GPtrArray *columns, *codes, *rows;
  g_autofree char *text = NULL;

  g_return_if_fail (WB_IS_PLAY_PROMPT (self) && action != NULL && WB_IS_TABLE (table));
  g_clear_pointer (&self->pending_result, json_object_unref);
  self->pending_result = json_object_ref (action);
  /* The choices: the table's codes, then any other code printed in it. */
  g_ptr_array_set_size (self->result_codes, 0);
  codes = wb_table_get_codes (table);
  for (guint i = 0; i < codes->len; i++)
    {
      WbResultCode *c = g_ptr_array_index (codes, i);
      g_autofree char *name = c->name != NULL && *c->name != '\0' ? g_strdup_printf ("%s — %s", c->code, c->name)
                                                                  : g_strdup (c->code);
      g_ptr_array_add (self->result_codes, g_strdup (c->code));
      gtk_string_list_append (names, name);
    }
  rows = wb_table_get_rows (table);
  for (guint r = 0; r < rows->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (rows, r);

      for (guint c = 0; c < row->cells->len; c++)
        {
          const char *cell = g_ptr_array_index (row->cells, c);

          if (cell != NULL && *cell != '\0' && strcmp (cell, "?") != 0 && !str_in (self->result_codes, cell, NULL))
            {
              g_ptr_array_add (self->result_codes, g_strdup (cell));
              gtk_string_list_append (names, cell);
            }
        }
    }
  gtk_drop_down_set_model (self->result_drop, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->result_drop, 0);
  columns = wb_table_get_columns (table);
  /* TRANSLATORS: a table cell the rulebook does not print: the table, the
   * roll and the column; the players choose the result */
  text = g_strdup_printf (_("%s gives no result for %d on %s — choose it:"), wb_table_get_name (table), roll,
                          column >= 0 && (guint) column < columns->len
                          ? ((WbTableColumn *) g_ptr_array_index (columns, column))->label : "?");
  gtk_label_set_text (self->result_label, text);
  update (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->result_drop));
}

gboolean
wb_play_prompt_enter_result (WbPlayPrompt *self, const char *code)
{
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(GList) members = NULL;

  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self) && code != NULL, FALSE);
  if (self->pending_result == NULL)
    return FALSE;
  action = json_object_new ();
  members = json_object_get_members (self->pending_result);
  for (GList *l = members; l != NULL; l = l->next)
    json_object_set_member (action, l->data, json_node_copy (json_object_get_member (self->pending_result, l->data)));
  /* An action may meet several unknown cells (a fire's CRT, then its
   * Cohesion Test): each answer is added to those given before. */
  wb_rule_add_result (action, code);
  g_clear_pointer (&self->pending_result, json_object_unref);
  update (self);
  g_signal_emit (self, signals[ACT], 0, action);
  return TRUE;
}

static void
on_enter_result (WbPlayPrompt *self)
{
  guint i = gtk_drop_down_get_selected (self->result_drop);

  if (i < self->result_codes->len)
    wb_play_prompt_enter_result (self, g_ptr_array_index (self->result_codes, i));
}

/* Picks or unpicks @value in the first list of the step of @kind (or
 * @also); TRUE when it is picked now. */
static gboolean
toggle (WbPlayPrompt *self, WbPickKind kind, WbPickKind also, const char *value)
{
  gboolean picked = FALSE;

  for (guint l = 0; self->step != NULL && l < self->step->lists->len; l++)
    {
      WbPickList *list = g_ptr_array_index (self->step->lists, l);

      if (list->kind != kind && list->kind != also)
        continue;
      if (wb_picks_count_value (self->picks, l, value) > 0)
        wb_picks_remove (self->picks, l, value);
      else
        {
          wb_picks_add (self->picks, l, value);
          picked = TRUE;
        }
      break;
    }
  update (self);
  return picked;
}

gboolean
wb_play_prompt_toggle_unit (WbPlayPrompt *self, const char *unit)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self) && unit != NULL, FALSE);
  return toggle (self, WB_PICK_UNIT, WB_PICK_BOARD_UNIT, unit);
}

void
wb_play_prompt_set_picks (WbPlayPrompt *self, const WbPicks *picks)
{
  g_return_if_fail (WB_IS_PLAY_PROMPT (self) && picks != NULL);
  wb_picks_free (self->picks);
  self->picks = wb_picks_copy (picks);
  update (self);
}

gboolean
wb_play_prompt_toggle_hex (WbPlayPrompt *self, const char *hex)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self) && hex != NULL, FALSE);
  return toggle (self, WB_PICK_HEX, WB_PICK_HEX, hex);
}

static void
clear_picks (WbPlayPrompt *self)
{
  wb_picks_clear (self->picks);
}

void
wb_play_prompt_refresh (WbPlayPrompt *self)
{
  g_return_if_fail (WB_IS_PLAY_PROMPT (self));
  clear_picks (self);
  g_clear_pointer (&self->pending, json_object_unref);
  g_clear_pointer (&self->pending_result, json_object_unref);
  update_offers (self);
  update_dice (self);
  update (self);
}

static void
on_play_changed (WbPlayPrompt *self, guint what)
{
  /* The picks and the roll asked for were for the state before. */
  if (what & (WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR | WB_PLAY_CHANGED_LOG))
    wb_play_prompt_refresh (self);
}

void
wb_play_prompt_set_play (WbPlayPrompt *self, WbPlay *play)
{
  g_return_if_fail (WB_IS_PLAY_PROMPT (self));
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_set_object (&self->play, play);
  if (play != NULL)
    g_signal_connect_object (play, "changed", G_CALLBACK (on_play_changed), self, G_CONNECT_SWAPPED);
  g_hash_table_remove_all (self->stats);
  wb_play_prompt_refresh (self);
}

const char *
wb_play_prompt_get_text (WbPlayPrompt *self)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), NULL);
  return gtk_label_get_text (self->text);
}

const char *
wb_play_prompt_get_odds (WbPlayPrompt *self)
{
  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), NULL);
  return gtk_label_get_text (self->odds);
}

gboolean
wb_play_prompt_activate (WbPlayPrompt *self)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (WB_IS_PLAY_PROMPT (self), FALSE);
  action = wb_play_prompt_get_action (self);
  if (action == NULL)
    return FALSE;
  g_signal_emit (self, signals[ACT], 0, action);
  return TRUE;
}

static void
on_clear (WbPlayPrompt *self)
{
  clear_picks (self);
  g_clear_pointer (&self->pending, json_object_unref);
  g_clear_pointer (&self->pending_result, json_object_unref);
  update (self);
  g_signal_emit (self, signals[CLEARED], 0);
}

static void
wb_play_prompt_dispose (GObject *object)
{
  WbPlayPrompt *self = WB_PLAY_PROMPT (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_clear_object (&self->play);
  g_clear_pointer (&self->step, wb_step_free);
  g_clear_pointer (&self->pending, json_object_unref);
  g_clear_pointer (&self->pending_result, json_object_unref);
  g_clear_pointer (&self->result_codes, g_ptr_array_unref);
  g_clear_pointer (&self->offers, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_play_prompt_parent_class)->dispose (object);
}

static void
wb_play_prompt_finalize (GObject *object)
{
  WbPlayPrompt *self = WB_PLAY_PROMPT (object);

  wb_picks_free (self->picks);
  g_hash_table_unref (self->stats);
  g_free (self->map_label);
  G_OBJECT_CLASS (wb_play_prompt_parent_class)->finalize (object);
}

static void
wb_play_prompt_class_init (WbPlayPromptClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_play_prompt_dispose;
  object_class->finalize = wb_play_prompt_finalize;
  /**
   * WbPlayPrompt::act:
   * @action: (type Json.Object): the action to play
   */
  signals[ACT] = g_signal_new ("act", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                               NULL, G_TYPE_NONE, 1, JSON_TYPE_OBJECT);
  signals[CLEARED] = g_signal_new ("cleared", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wb-play-prompt");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_play_prompt_init (WbPlayPrompt *self)
{
  GtkWidget *labels, *buttons;

  self->picks = wb_picks_new ();
  self->stats = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) wb_table_stats_free);

  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  /* The last roll: the dice, big, and what they were rolled for. */
  self->dice_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->dice = GTK_LABEL (gtk_label_new (NULL));
  {
    PangoAttrList *attrs = pango_attr_list_new ();

    pango_attr_list_insert (attrs, pango_attr_scale_new (3.0));
    gtk_label_set_attributes (self->dice, attrs);
    pango_attr_list_unref (attrs);
  }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dice), _("The dice the last action rolled"));
  self->dice_text = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->dice_text, TRUE);
  gtk_label_set_xalign (self->dice_text, 0);
  gtk_label_set_max_width_chars (self->dice_text, 40);
  /* A battle rolls for several units: up to four lines, all of them in
   * the tooltip (and the log). */
  gtk_label_set_width_chars (self->dice_text, 24);
  gtk_label_set_lines (self->dice_text, 4);
  gtk_label_set_ellipsize (self->dice_text, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->dice_text), "dim-label");
  gtk_box_append (GTK_BOX (self->dice_box), GTK_WIDGET (self->dice));
  gtk_box_append (GTK_BOX (self->dice_box), GTK_WIDGET (self->dice_text));
  gtk_box_append (GTK_BOX (self->box), self->dice_box);

  labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (labels, TRUE);
  self->text = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->text, TRUE);
  gtk_label_set_width_chars (self->text, 24);
  /* Not wider than that: the offers beside it keep their own width. */
  gtk_label_set_max_width_chars (self->text, 60);
  gtk_label_set_xalign (self->text, 0);
  self->odds = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->odds, TRUE);
  gtk_label_set_xalign (self->odds, 0);
  gtk_label_set_selectable (self->odds, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->odds), "heading");
  gtk_box_append (GTK_BOX (labels), GTK_WIDGET (self->text));
  gtk_box_append (GTK_BOX (labels), GTK_WIDGET (self->odds));
  gtk_box_append (GTK_BOX (self->box), labels);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_valign (buttons, GTK_ALIGN_CENTER);
  self->main_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Attack")));
  gtk_widget_add_css_class (GTK_WIDGET (self->main_button), "suggested-action");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->main_button), _("Roll and apply the result"));
  g_signal_connect_swapped (self->main_button, "clicked", G_CALLBACK (wb_play_prompt_activate), self);
  self->step_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->clear = GTK_BUTTON (gtk_button_new_with_mnemonic (_("C_lear")));
  gtk_widget_set_name (GTK_WIDGET (self->clear), "play-clear");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->clear), _("Drop the units and hexes picked"));
  g_signal_connect_swapped (self->clear, "clicked", G_CALLBACK (on_clear), self);
  /* Many offers (a retreat's destinations) wrap onto more lines rather
   * than widen the window. */
  self->offers_box = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->offers_box), GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->offers_box), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->offers_box), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->offers_box), 4);
  gtk_flow_box_set_activate_on_single_click (GTK_FLOW_BOX (self->offers_box), FALSE);
  gtk_widget_set_valign (self->offers_box, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), self->offers_box);
  /* Physical dice: the players' roll. */
  self->roll_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->roll_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->roll_label, TRUE);
  gtk_label_set_max_width_chars (self->roll_label, 32);
  self->roll_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->roll_entry), 10);
  gtk_entry_set_input_purpose (self->roll_entry, GTK_INPUT_PURPOSE_DIGITS);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->roll_entry),
                               _("The die the players rolled, or all of them separated by spaces"));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->roll_entry), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  self->roll_label, NULL, -1);
  g_signal_connect_swapped (self->roll_entry, "activate", G_CALLBACK (on_enter_roll), self);
  {
    GtkWidget *enter = gtk_button_new_with_mnemonic (_("_Enter Roll"));

    gtk_widget_add_css_class (enter, "suggested-action");
    gtk_widget_set_tooltip_text (enter, _("Play the action with the dice the players rolled"));
    g_signal_connect_swapped (enter, "clicked", G_CALLBACK (on_enter_roll), self);
    gtk_box_append (GTK_BOX (self->roll_box), GTK_WIDGET (self->roll_label));
    gtk_box_append (GTK_BOX (self->roll_box), GTK_WIDGET (self->roll_entry));
    gtk_box_append (GTK_BOX (self->roll_box), enter);
  }
  gtk_box_append (GTK_BOX (buttons), self->roll_box);
  /* A cell the rulebook does not give: the players' result. */
  self->result_codes = g_ptr_array_new_with_free_func (g_free);
  self->result_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->result_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->result_label, TRUE);
  self->result_drop = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->result_drop), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  self->result_label, NULL, -1);
  {
    GtkWidget *enter = gtk_button_new_with_mnemonic (_("Enter _Result"));

    gtk_widget_add_css_class (enter, "suggested-action");
    gtk_widget_set_tooltip_text (enter, _("Play the action with the result the players chose"));
    g_signal_connect_swapped (enter, "clicked", G_CALLBACK (on_enter_result), self);
    gtk_box_append (GTK_BOX (self->result_box), GTK_WIDGET (self->result_label));
    gtk_box_append (GTK_BOX (self->result_box), GTK_WIDGET (self->result_drop));
    gtk_box_append (GTK_BOX (self->result_box), enter);
  }
  gtk_box_append (GTK_BOX (buttons), self->result_box);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->clear));
  gtk_box_append (GTK_BOX (buttons), self->step_buttons);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->main_button));
  gtk_box_append (GTK_BOX (self->box), buttons);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("What the game waits for"), -1);
  update (self);
}

GtkWidget *
wb_play_prompt_new (void)
{
  return g_object_new (WB_TYPE_PLAY_PROMPT, NULL);
}
