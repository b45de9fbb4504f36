/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-table-rules"

#include "config.h"

#include <check.h>
#include <string.h>
#include <glib/gstdio.h>

#include "wb-sidebar.h"
#include "wb-table-editor.h"
#include "wb-table-rules-editor.h"
#include "wb-window.h"

#include "gui-common.h"

/* The table editor's Rules panel, driven through its API and widgets: a
 * modifier added, its condition and shift typed, undone and redone
 * through the window; the ends; a result code's effect; a refused id; and
 * a Blind Swords style fire table with shifts, defensive ends, a code that
 * sends to a test, and a pair of tables reading one die each. */

/* A fire table read as d66 with shifts in groups, and the pair of tables
 * its green band sends to (as in tests/test-table-resolve.c). */
static const char *fire_tables =
  "{\"id\": \"fire\", \"name\": \"Fire Combat Table\", \"kind\": \"fire\", \"dice\": \"d66\","
  " \"ends\": {\"left\": \"refuse\", \"right\": \"clamp\", \"defensive_left\": \"clamp\"},"
  " \"modifiers\": ["
  "  {\"id\": \"light-woods\", \"text\": \"Target in Light Woods\", \"columns\": -1, \"applies\": \"fire\"},"
  "  {\"id\": \"heavy-woods\", \"text\": \"Target in Heavy Woods\", \"columns\": -2, \"applies\": \"fire\"},"
  "  {\"id\": \"flanking\", \"text\": \"Flanking Fire\", \"columns\": 1, \"applies\": \"fire\"},"
  "  {\"id\": \"odds-3-1\", \"text\": \"3:1\", \"columns\": 3, \"group\": \"odds\", \"applies\": \"close\"},"
  "  {\"id\": \"odds-2-1\", \"text\": \"2:1\", \"columns\": 2, \"group\": \"odds\", \"applies\": \"close\"},"
  "  {\"id\": \"odds-1-2\", \"text\": \"1:2\", \"columns\": -2, \"group\": \"odds\", \"applies\": \"close\"}],"
  " \"columns\": [{\"label\": \"C\", \"lo\": 0.5, \"hi\": 0.5}, {\"label\": \"1\", \"lo\": 1, \"hi\": 1},"
  "  {\"label\": \"2\", \"lo\": 2, \"hi\": 2}, {\"label\": \"3\", \"lo\": 3, \"hi\": 3}],"
  " \"rows\": [{\"label\": \"11-56\", \"lo\": 11, \"hi\": 56, \"cells\": [\"-\", \"-\", \"?\", \"?\"]},"
  "  {\"label\": \"61-62\", \"lo\": 61, \"hi\": 62, \"cells\": [\"-\", \"green:0-1 yellow:2-4\", \"?\", \"?\"]},"
  "  {\"label\": \"63-66\", \"lo\": 63, \"hi\": 66, \"cells\": [\"green:0\", \"?\", \"?\", \"?\"]}],"
  " \"codes\": [{\"code\": \"green\", \"name\": \"Routine\", \"effect\": {\"test\": \"depletion\", \"column\": \"Routine\"}},"
  "  {\"code\": \"yellow\", \"name\": \"Serious\"}]},"
  " {\"id\": \"depletion\", \"name\": \"Depletion\", \"kind\": \"roll\", \"dice\": \"1d6\", \"read\": \"colored\", \"pair\": \"skedaddle\","
  "  \"columns\": [{\"label\": \"Routine\"}], \"rows\": [{\"label\": \"1-5\", \"lo\": 1, \"hi\": 5, \"cells\": [\"-\"]},"
  "  {\"label\": \"6\", \"lo\": 6, \"cells\": [\"D\"]}],"
  "  \"codes\": [{\"code\": \"D\", \"name\": \"Deplete\", \"effect\": {\"defender_steps\": 1}}]},"
  " {\"id\": \"skedaddle\", \"name\": \"Skedaddle\", \"kind\": \"roll\", \"dice\": \"1d6\", \"read\": \"white\", \"pair\": \"depletion\","
  "  \"columns\": [{\"label\": \"Routine\"}], \"rows\": [{\"label\": \"1-4\", \"lo\": 1, \"hi\": 4, \"cells\": [\"-\"]},"
  "  {\"label\": \"5-6\", \"lo\": 5, \"hi\": 6, \"cells\": [\"MH R2\"]}],"
  "  \"codes\": [{\"code\": \"MH R2\", \"name\": \"Morale Hit, retreat 2\", \"effect\": {\"defender_morale\": 1, \"defender_retreat\": 2}}]},"
  /* Blue & Gray Campaign Series battle dice. */
  " {\"id\": \"battle\", \"name\": \"Battle Dice\", \"kind\": \"dice_pool\", \"dice\": \"1d6\","
  "  \"pool\": {\"sides\": 6, \"hit\": \">=6\"},"
  "  \"modifiers\": [{\"id\": \"fortress\", \"text\": \"Fortified City Line\", \"dice\": 2}],"
  "  \"columns\": [{\"label\": \"Dice\"}],"
  "  \"rows\": [{\"label\": \"1-2\", \"lo\": 1, \"hi\": 2, \"cells\": [\"1\"]},"
  "  {\"label\": \"3-4\", \"lo\": 3, \"hi\": 4, \"cells\": [\"2\"]}]},";

static WbTableEditor *
open_table (WbWindow *window, const char *id)
{
  WbTableEditor *editor = WB_TABLE_EDITOR (wb_window_get_table_editor (window));

  ck_assert (wb_sidebar_select_table (wb_window_get_sidebar (window),
                                      wb_game_find_table (wb_window_get_game (window), id)));
  spin_for (250);
  ck_assert (wb_window_get_table_shown (window));
  ck_assert_str_eq (wb_table_get_id (wb_table_editor_get_table (editor)), id);
  return editor;
}

static WbTableRulesEditor *
rules_of (WbTableEditor *editor)
{
  GtkWidget *rules = wb_table_editor_get_field (editor, "rules");

  ck_assert (WB_IS_TABLE_RULES_EDITOR (rules));
  return WB_TABLE_RULES_EDITOR (rules);
}

static GtkWidget *
field (WbTableRulesEditor *rules, const char *name)
{
  GtkWidget *w = wb_table_rules_editor_get_field (rules, name);

  ck_assert_msg (w != NULL, "no field %s", name);
  return w;
}

static void
undo (WbWindow *window)
{
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
}

/* What Ctrl+Z does in the window: its shortcut's action, found by its
 * trigger (so the test fails if the key stops meaning undo). */
static void
press_ctrl_z (WbWindow *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean done = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !done; i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)) && !done; j++)
        {
          g_autoptr(GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (c), j);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (sc));
          if (strcmp (trigger, "<Control>z") == 0)
            done = gtk_shortcut_action_activate (gtk_shortcut_get_action (sc),
                                                 GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                 GTK_WIDGET (window), gtk_shortcut_get_arguments (sc));
        }
    }
  ck_assert_msg (done, "no Ctrl+Z shortcut in the window");
}

static void
redo (WbWindow *window)
{
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
}

static void
type_into (WbTableRulesEditor *rules, const char *name, const char *text)
{
  GtkWidget *entry = field (rules, name);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

static double
spin_value (WbTableRulesEditor *rules, const char *name)
{
  return gtk_spin_button_get_value (GTK_SPIN_BUTTON (field (rules, name)));
}

static WbTableModifier *
modifier (WbTable *t, guint i)
{
  ck_assert_uint_lt (i, wb_table_get_modifiers (t)->len);
  return g_ptr_array_index (wb_table_get_modifiers (t), i);
}

static void
maybe_shoot_widget (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  spin_for (500);
  texture = render_widget (widget);
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static void
maybe_shoot (WbWindow *window, const char *name)
{
  const char *dir = g_getenv ("WARBENCH_SHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  spin_for (1500);
  texture = render_widget (GTK_WIDGET (window));
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

START_TEST (test_rules_panel)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  WbUndoStack *stack = wb_window_get_undo_stack (window);
  g_autofree char *original = wb_game_to_data (game, NULL);
  g_autofree char *final = NULL;
  WbTableEditor *editor = open_table (window, "crt");
  WbTableRulesEditor *rules = rules_of (editor);
  WbTable *t = wb_table_editor_get_table (editor);
  g_autoptr(GError) error = NULL;
  WbResultCode *code;

  /* An odds CRT: the shift shows, the pool dice do not; no dice read,
   * no pool. */
  ck_assert_uint_eq (wb_table_get_modifiers (t)->len, 0);
  ck_assert_ptr_null (wb_table_rules_editor_get_field (rules, "modifier:0:text"));
  ck_assert (wb_table_rules_editor_add_modifier (rules, &error));
  ck_assert_uint_eq (wb_table_get_modifiers (t)->len, 1);
  ck_assert_str_eq (modifier (t, 0)->id, "modifier-1");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Add modifier “modifier-1”");
  ck_assert (gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "modifier:0:columns"))));
  ck_assert (!gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "modifier:0:dice"))));
  ck_assert (gtk_widget_has_focus (field (rules, "modifier:0:text")) ||
             gtk_widget_is_focus (field (rules, "modifier:0:text")) ||
             gtk_widget_get_focus_child (field (rules, "modifier:0:text")) != NULL);

  /* The condition as printed, then the shift: one command each. */
  type_into (rules, "modifier:0:text", "Defender in woods");
  ck_assert_str_eq (modifier (t, 0)->text, "Defender in woods");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Edit modifier “modifier-1”");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (rules, "modifier:0:columns")), -1);
  ck_assert_int_eq (modifier (t, 0)->columns, -1);
  ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 3);
  /* Signed: the shift shows its sign. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (rules, "modifier:0:columns")), 2);
  ck_assert_int_eq (modifier (t, 0)->columns, 2);
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "modifier:0:columns"))), "+2");
  undo (window);
  ck_assert_int_eq (modifier (t, 0)->columns, -1);

  /* Undo (Ctrl+Z) shows at once in the panel; redo too. */
  press_ctrl_z (window);
  ck_assert_int_eq (modifier (t, 0)->columns, 0);
  ck_assert (spin_value (rules, "modifier:0:columns") == 0);
  undo (window);
  ck_assert_ptr_null (modifier (t, 0)->text);
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "modifier:0:text"))), "");
  redo (window);
  redo (window);
  ck_assert_str_eq (modifier (t, 0)->text, "Defender in woods");
  ck_assert_int_eq (modifier (t, 0)->columns, -1);
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "modifier:0:text"))),
                    "Defender in woods");
  ck_assert (spin_value (rules, "modifier:0:columns") == -1);

  /* Group and applies; "All kinds" shows the dice, which can be set too. */
  type_into (rules, "modifier:0:group", "terrain");
  ck_assert_str_eq (modifier (t, 0)->group, "terrain");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (field (rules, "show-all")), TRUE);
  ck_assert (gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "modifier:0:dice"))));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (rules, "modifier:0:roll")), 1);
  ck_assert_int_eq (modifier (t, 0)->roll, 1);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (field (rules, "show-all")), FALSE);
  /* A value set stays shown. */
  ck_assert (gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "modifier:0:roll"))));
  ck_assert (!gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "modifier:0:dice"))));

  /* A bad id is refused with a message; the entry shows the id again. */
  type_into (rules, "modifier:0:id", "two words");
  ck_assert_str_eq (modifier (t, 0)->id, "modifier-1");
  ck_assert (gtk_widget_get_visible (field (rules, "error")));
  ck_assert_ptr_nonnull (strstr (gtk_label_get_text (GTK_LABEL (field (rules, "error"))),
                                 "two words"));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "modifier:0:id"))),
                    "modifier-1");
  type_into (rules, "modifier:0:id", "woods");
  ck_assert_str_eq (modifier (t, 0)->id, "woods");
  ck_assert (!gtk_widget_get_visible (field (rules, "error")));

  /* A second one, moved up, then removed. */
  ck_assert (wb_table_rules_editor_add_modifier (rules, NULL));
  type_into (rules, "modifier:1:text", "Flank attack");
  ck_assert (!gtk_widget_get_sensitive (field (rules, "modifier:1:down")));
  g_signal_emit_by_name (field (rules, "modifier:1:up"), "clicked");
  ck_assert_str_eq (modifier (t, 0)->text, "Flank attack");
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "modifier:0:text"))),
                    "Flank attack");
  maybe_shoot (window, "table-rules-wilderness.png");
  g_signal_emit_by_name (field (rules, "modifier:0:remove"), "clicked");
  ck_assert_uint_eq (wb_table_get_modifiers (t)->len, 1);
  ck_assert_str_eq (modifier (t, 0)->id, "woods");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Remove modifier “modifier-2”");

  /* The ends: an odds table has no defensive pair, which follows. */
  ck_assert (gtk_widget_get_visible (field (rules, "ends:left")));
  ck_assert (!gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "ends:defensive_left"))));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (rules, "ends:left")), WB_TABLE_END_REFUSE);
  ck_assert_int_eq (wb_table_get_ends (t)->left, WB_TABLE_END_REFUSE);
  ck_assert_int_eq (wb_table_get_ends (t)->defensive_left, WB_TABLE_END_REFUSE);
  ck_assert_int_eq (wb_table_get_ends (t)->right, WB_TABLE_END_CLAMP);
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set the ends of “Combat Results Table”");
  press_ctrl_z (window);
  ck_assert_int_eq (wb_table_get_ends (t)->left, WB_TABLE_END_CLAMP);
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "ends:left"))), 0);
  redo (window);
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "ends:left"))), 1);

  /* A result code's effect: Dr (code 4) back to its standard meaning
   * (whatever the file gives it), then retreating the defender 2 hexes. */
  code = g_ptr_array_index (wb_table_get_codes (t), 4);
  ck_assert_str_eq (code->code, "Dr");
  ck_assert (GTK_IS_MENU_BUTTON (field (rules, "effect:4")));
  ck_assert (gtk_widget_get_sensitive (field (rules, "effect:4:standard")) == code->has_effect);
  g_signal_emit_by_name (field (rules, "effect:4:standard"), "clicked");
  code = g_ptr_array_index (wb_table_get_codes (t), 4);
  ck_assert (!code->has_effect);
  ck_assert (spin_value (rules, "effect:4:defender_retreat") == 0);
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (field (rules, "effect:4:summary"))),
                    "Standard meaning");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (rules, "effect:4:defender_retreat")), 2);
  code = g_ptr_array_index (wb_table_get_codes (t), 4);
  ck_assert (code->has_effect);
  ck_assert (code->effect.defender_retreat == 2);
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (field (rules, "effect:4:summary"))),
                    "defender retreats 2");
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Set the effect of “Dr”");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (rules, "effect:4:defender_eliminated")), 0.25);
  code = g_ptr_array_index (wb_table_get_codes (t), 4);   /* each command copies the codes */
  ck_assert (code->effect.defender_eliminated == 0.25);
  undo (window);
  undo (window);
  code = g_ptr_array_index (wb_table_get_codes (t), 4);
  ck_assert (!code->has_effect);
  ck_assert (spin_value (rules, "effect:4:defender_retreat") == 0);
  redo (window);
  code = g_ptr_array_index (wb_table_get_codes (t), 4);
  ck_assert (code->effect.defender_retreat == 2);
  ck_assert (spin_value (rules, "effect:4:defender_retreat") == 2);
  /* A test column without a test table is refused; back to standard. */
  type_into (rules, "effect:4:column", "Routine");
  ck_assert_ptr_null (((WbResultCode *) g_ptr_array_index (wb_table_get_codes (t), 4))->test_column);
  ck_assert (gtk_widget_get_visible (field (rules, "error")));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "effect:4:column"))), "");
  g_signal_emit_by_name (field (rules, "effect:4:standard"), "clicked");
  code = g_ptr_array_index (wb_table_get_codes (t), 4);
  ck_assert (!code->has_effect);

  /* Everything undone: the file as it was. */
  while (wb_undo_stack_get_can_undo (stack))
    undo (window);
  final = wb_game_to_data (game, NULL);
  ck_assert_str_eq (original, final);
  ck_assert_uint_eq (wb_table_get_modifiers (t)->len, 0);
  ck_assert_ptr_null (wb_table_rules_editor_get_field (rules, "modifier:0:text"));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* The Wilderness game with the fire tables added, in a temporary file. */
static char *
fire_game (void)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GString *out;
  const char *at;
  char *path;
  int fd;

  ck_assert (g_file_get_contents (test_game, &text, NULL, NULL));
  at = strstr (text, "\"tables\": [");
  ck_assert_ptr_nonnull (at);
  at += strlen ("\"tables\": [");
  out = g_string_new_len (text, at - text);
  g_string_append (out, fire_tables);
  g_string_append (out, at);
  fd = g_file_open_tmp ("rules-XXXXXX.warbench", &path, &error);
  ck_assert_msg (fd >= 0, "%s", error ? error->message : "");
  g_close (fd, NULL);
  ck_assert (g_file_set_contents (path, out->str, -1, NULL));
  g_string_free (out, TRUE);
  return path;
}

START_TEST (test_rules_fire)
{
  g_autofree char *path = fire_game ();
  WbWindow *window = open_window (path);
  WbGame *game = wb_window_get_game (window);
  WbTableEditor *editor;
  WbTableRulesEditor *rules;
  WbTable *fire, *dep, *sked;
  g_autofree char *original = NULL;
  g_autofree char *final = NULL;

  ck_assert_ptr_nonnull (game);
  original = wb_game_to_data (game, NULL);
  fire = wb_game_find_table (game, "fire");
  dep = wb_game_find_table (game, "depletion");
  sked = wb_game_find_table (game, "skedaddle");
  editor = open_table (window, "fire");
  rules = rules_of (editor);

  /* Six shifts; the ends with the defensive pair. */
  ck_assert_ptr_nonnull (wb_table_rules_editor_get_field (rules, "modifier:5:text"));
  ck_assert_ptr_null (wb_table_rules_editor_get_field (rules, "modifier:6:text"));
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "modifier:1:text"))),
                    "Target in Heavy Woods");
  ck_assert (spin_value (rules, "modifier:1:columns") == -2);
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "modifier:3:group"))), "odds");
  ck_assert (gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "ends:defensive_left"))));
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "ends:left"))), 1);
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "ends:defensive_left"))), 0);
  /* Green sends to the Depletion table's Routine column. */
  ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, "effect:0:column"))), "Routine");
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "effect:0:test"))),
                     2);   /* None, Fire Combat Table, Depletion… */
  ck_assert_str_eq (gtk_label_get_text (GTK_LABEL (field (rules, "effect:0:summary"))),
                    "test on Depletion (Routine)");
  maybe_shoot (window, "table-rules-fire.png");
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      /* The rest of the panel, and the effect of green in its popover. */
      GtkWidget *scroller = gtk_widget_get_first_child (GTK_WIDGET (rules));
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
      GtkWidget *button = field (rules, "effect:0");

      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
      maybe_shoot (window, "table-rules-fire-bottom.png");
      gtk_menu_button_popup (GTK_MENU_BUTTON (button));
      maybe_shoot_widget (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))),
                          "table-rules-effect-popover.png");
      gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
    }

  /* Defensive fire refused beyond the right end: only that end changes. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (rules, "ends:defensive_right")), 1);
  ck_assert_int_eq (wb_table_get_ends (fire)->defensive_right, WB_TABLE_END_REFUSE);
  ck_assert_int_eq (wb_table_get_ends (fire)->right, WB_TABLE_END_CLAMP);
  undo (window);
  ck_assert_int_eq (wb_table_get_ends (fire)->defensive_right, WB_TABLE_END_CLAMP);

  /* The pair: the colored die's table names the white die's. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (editor), "table.back", NULL));
  spin_for (50);
  editor = open_table (window, "depletion");
  rules = rules_of (editor);
  ck_assert (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (field (rules, "read")))));
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "read"))), 1);
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "pair"))),
                     2);   /* None, Fire Combat Table, Skedaddle… */
  maybe_shoot (window, "table-rules-pair.png");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (rules, "pair")), 0);
  ck_assert_ptr_null (wb_table_get_pair (dep));
  ck_assert_ptr_null (wb_table_get_pair (sked));
  undo (window);
  ck_assert_str_eq (wb_table_get_pair (dep), "skedaddle");
  ck_assert_str_eq (wb_table_get_pair (sked), "depletion");
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "pair"))), 2);
  /* Reading the white die too is refused: Skedaddle reads it. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (rules, "read")), 2);
  ck_assert_int_eq (wb_table_get_read (dep), WB_TABLE_READ_COLORED);
  ck_assert (gtk_widget_get_visible (field (rules, "error")));
  ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "read"))), 1);

  /* A dice pool: dice and hit modifiers, sides and hit rule. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (editor), "table.back", NULL));
  spin_for (50);
  editor = open_table (window, "battle");
  rules = rules_of (editor);
  {
    WbTable *battle = wb_table_editor_get_table (editor);
    g_autofree char *hit = NULL;

    ck_assert (spin_value (rules, "modifier:0:dice") == 2);
    ck_assert (gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "modifier:0:target"))));
    ck_assert (!gtk_widget_get_visible (gtk_widget_get_parent (field (rules, "modifier:0:columns"))));
    ck_assert (spin_value (rules, "pool:sides") == 6);
    ck_assert (spin_value (rules, "pool:value") == 6);
    ck_assert_uint_eq (gtk_drop_down_get_selected (GTK_DROP_DOWN (field (rules, "pool:rule"))), 0);
    maybe_shoot (window, "table-rules-pool.png");
    gtk_drop_down_set_selected (GTK_DROP_DOWN (field (rules, "pool:rule")), 2);
    hit = wb_table_pool_hit_to_string (wb_table_get_pool (battle));
    ck_assert_str_eq (hit, "<=column");
    ck_assert (!gtk_widget_get_sensitive (field (rules, "pool:value")));
    undo (window);
    ck_assert (!wb_table_get_pool (battle)->per_column);
    ck_assert_int_eq (wb_table_get_pool (battle)->value, 6);
    /* A hit number beyond the sides is refused. */
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (rules, "pool:sides")), 4);
    ck_assert_int_eq (wb_table_get_pool (battle)->sides, 6);
    ck_assert (gtk_widget_get_visible (field (rules, "error")));
    ck_assert (spin_value (rules, "pool:sides") == 6);
    /* A cell of a pool must be a number of dice. */
    ck_assert (!wb_table_editor_commit_text (editor, 0, 0, "many", NULL));
  }

  final = wb_game_to_data (game, NULL);
  ck_assert_str_eq (original, final);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
}
END_TEST


/* Every table of every bundled game shows in the panel as the file has it,
 * and showing it changes nothing (no spin button clamps a value into a
 * command). */
START_TEST (test_rules_bundled)
{
  g_autofree char *dir = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n_tables = 0, n_modifiers = 0, n_effects = 0;

  ck_assert_ptr_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(WbGame) game = NULL;
      g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
      GtkWidget *window = gtk_window_new ();
      WbTableRulesEditor *rules = WB_TABLE_RULES_EDITOR (wb_table_rules_editor_new ());
      GPtrArray *tables;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;

      if (!g_str_has_suffix (name, ".warbench"))
        {
          gtk_window_destroy (GTK_WINDOW (window));
          continue;
        }
      game = wb_game_load (file, NULL, &error);
      ck_assert_msg (game != NULL, "%s: %s", name, error ? error->message : "");
      before = wb_game_to_data (game, NULL);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (rules));
      gtk_window_present (GTK_WINDOW (window));
      wb_table_rules_editor_set_game (rules, game, stack);
      tables = wb_game_get_tables (game);
      for (guint i = 0; i < tables->len; i++)
        {
          WbTable *t = g_ptr_array_index (tables, i);
          GPtrArray *mods = wb_table_get_modifiers (t);
          GPtrArray *codes = wb_table_get_codes (t);

          wb_table_rules_editor_set_table (rules, t);
          spin_for (10);
          n_tables++;
          n_modifiers += mods->len;
          if (mods->len > 0)
            {
              WbTableModifier *m = g_ptr_array_index (mods, mods->len - 1);
              g_autofree char *key = g_strdup_printf ("modifier:%u:text", mods->len - 1);
              g_autofree char *past = g_strdup_printf ("modifier:%u:text", mods->len);
              ck_assert_str_eq (gtk_editable_get_text (GTK_EDITABLE (field (rules, key))),
                                m->text != NULL ? m->text : "");
              ck_assert_ptr_null (wb_table_rules_editor_get_field (rules, past));
            }
          for (guint c = 0; c < codes->len; c++)
            n_effects += ((WbResultCode *) g_ptr_array_index (codes, c))->has_effect;
          if (codes->len > 0)
            {
              g_autofree char *key = g_strdup_printf ("effect:%u", codes->len - 1);
              ck_assert_ptr_nonnull (wb_table_rules_editor_get_field (rules, key));
            }
          ck_assert_msg (wb_undo_stack_get_n_undo (stack) == 0, "%s: showing %s made a command (%s)",
                         name, wb_table_get_id (t), wb_undo_stack_get_undo_label (stack));
          ck_assert (!gtk_widget_get_visible (field (rules, "error")));
        }
      after = wb_game_to_data (game, NULL);
      ck_assert_str_eq (before, after);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  ck_assert_uint_gt (n_tables, 5);
  ck_assert_uint_gt (n_modifiers, 0);
  g_debug ("%u tables, %u modifiers, %u codes with effects", n_tables, n_modifiers, n_effects);
}
END_TEST


/* A modifier's text fields commit or revert as one undoable edit (issue
 * 15 item 2); an id the table already has is refused, the field marked. */
typedef struct { WbTableRulesEditor *rules; WbTable *table; const char *field; } RulesField;

static GtkWidget *
rules_entry (gpointer data)
{
  RulesField *f = data;

  return field (f->rules, f->field);
}

static char *
rules_model (gpointer data)
{
  RulesField *f = data;
  WbTableModifier *m = g_ptr_array_index (wb_table_get_modifiers (f->table), 0);
  const char *text = g_str_has_suffix (f->field, ":id") ? m->id : m->text;

  return g_strdup (text != NULL ? text : "");
}

START_TEST (test_rules_text_fields)
{
  g_autofree char *path = fire_game ();
  WbWindow *window = open_window (path);
  WbTableEditor *editor = open_table (window, "fire");
  RulesField f = { rules_of (editor), wb_table_editor_get_table (editor), "modifier:0:text" };
  FieldDrive d = { rules_entry, rules_model, &f, wb_window_get_undo_stack (window), GTK_WIDGET (window),
                   "win.undo", "In the open", NULL, NULL };
  g_autofree char *second = g_strdup (((WbTableModifier *) g_ptr_array_index (wb_table_get_modifiers (f.table), 1))->id);

  drive_text_field (&d);
  f.field = "modifier:0:id";
  d.good = "open-ground";
  d.bad = second;
  drive_text_field (&d);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-table-rules");
  TCase *tc;

  if (test_game == NULL)
    {
      fprintf (stderr, "WARBENCH_TEST_GAME is not set or missing: skipping the tests that need it\n");
      return s;
    }
  tc = tcase_create ("rules");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_rules_panel);
  tcase_add_test (tc, test_rules_fire);
  tcase_add_test (tc, test_rules_bundled);
  tcase_add_test (tc, test_rules_text_fields);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
