/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "warbench-core.h"

G_BEGIN_DECLS

#define WB_TYPE_TABLE_RULES_EDITOR (wb_table_rules_editor_get_type ())
G_DECLARE_FINAL_TYPE (WbTableRulesEditor, wb_table_rules_editor, WB, TABLE_RULES_EDITOR, GtkWidget)

/* The "Rules" panel of the table editor: a table's column shifts and
 * modifiers (the condition as printed, the shift, pool dice, hit number or
 * die-roll modifier as signed numbers, group and applies), its ends
 * (clamp or refuse beyond the first and last column; for fire tables the
 * defensive pair too), a dice pool's sides and hit rule, which die a roll
 * table reads and its pair, and the effect of each result code. Every
 * edit is one command (core/wb-table-commands.h) pushed with
 * wb_edit_push(); entries commit on Enter and when the focus leaves,
 * spin buttons and drop-downs at once. The panel shows what the table
 * holds whenever wb_table_rules_editor_set_table() is called (the table
 * editor calls it on every change of the game's tables), keeping its
 * widgets (and the focus) when only values changed. */
GtkWidget   *wb_table_rules_editor_new          (void);
void         wb_table_rules_editor_set_game     (WbTableRulesEditor *self,
                                                 WbGame             *game,
                                                 WbUndoStack        *stack);
/* The table shown (or NULL); shows its rules as they are now. */
void         wb_table_rules_editor_set_table    (WbTableRulesEditor *self,
                                                 WbTable            *table);
/* What "Add Modifier" does: appends a modifier with a fresh id and no
 * effect yet. FALSE and a message when refused. */
gboolean     wb_table_rules_editor_add_modifier (WbTableRulesEditor *self,
                                                 GError            **error);
/* The widget of a part of the panel (tests, accessibility):
 * "modifiers" (GtkListBox), "add-modifier", "show-all" (GtkToggleButton),
 * "modifier:I:id|text|group|applies" (GtkEntry),
 * "modifier:I:columns|dice|target|roll" (GtkSpinButton),
 * "modifier:I:up|down|remove" (GtkButton);
 * "ends:left|right|defensive_left|defensive_right" (GtkDropDown: 0 clamp,
 * 1 refuse); "pool:sides", "pool:value" (GtkSpinButton), "pool:rule"
 * (GtkDropDown: 0 ≥N, 1 ≤N, 2 ≤ the column's number); "read" (GtkDropDown:
 * 0 sum, 1 colored, 2 white), "pair" (GtkDropDown: 0 none, then the other
 * tables in the game's order); "effect:I" (GtkMenuButton of code I),
 * "effect:I:summary" (GtkLabel), "effect:I:attacker_eliminated" … 
 * "effect:I:defender_morale" (GtkSpinButton), "effect:I:exchange"
 * (GtkCheckButton), "effect:I:test" (GtkDropDown: 0 none, then every
 * table), "effect:I:column" (GtkEntry), "effect:I:standard" (GtkButton);
 * "error" (GtkLabel). NULL when there is no such part. */
GtkWidget   *wb_table_rules_editor_get_field    (WbTableRulesEditor *self,
                                                 const char         *name);

G_END_DECLS
