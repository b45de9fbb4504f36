/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-window"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-board-view.h"
#include "wb-dice-roller.h"
#include "wb-play-controller.h"
#include "wb-play-dialog.h"
#include "wb-play-handover.h"
#include "wb-play-history.h"
#include "wb-play-log-pane.h"
#include "wb-play-override.h"
#include "wb-play-prompt.h"
#include "wb-play-reserve.h"
#include "wb-play-rules.h"
#include "wb-turn-bar.h"
#include "wb-stack-popover.h"
#include "wb-window-private.h"

/* Play mode: a playtest on the canvas. New Playtest… (or Open Playtest…)
 * puts the window in play: the map view shows the match (its own copy of
 * each state), the editing chrome (tool palette, inspector, scenario pane)
 * is hidden, and around the map come the turn bar (the step, VP, Undo,
 * Redo, End Step), the prompt (what the step waits for; an attack's odds
 * before the roll), the reserve (reinforcements, the eliminated) and the
 * battle log. Clicks on the map go to the play controller; after every
 * action everything follows the new state, and between the two players'
 * turns the hand-over screen hides the map. End Playtest goes back to
 * editing; the journal has been on disk all along.
 *
 * A step played on a board (wb_play_board: a Blue & Gray battle) shows
 * it in the board view, which takes the map's place while the board lasts
 * (the turn bar's Battle Board toggle shows the map and back); the prompt
 * keeps the step's buttons, and clicks on the board's units go to the
 * controller, which runs the family's step like clicks on the map. Both
 * players sit at the board: a battle reveals the blocks in it, and the
 * hand-over follows the phasing player (wb_play_player), who does not
 * change inside a battle — no hand-over between its steps. Nothing here
 * knows which family plays. */

/* The play widgets around the map: the turn bar, the prompt, the reserve,
 * the log and the history, the hand-over, the override, the battle board,
 * the dice; the side to act and the journal's cursor before the last
 * action. Made with the window, freed with it. */
struct _WbWindowPlay
{
  GtkWidget            *turn_bar;
  GtkWidget            *play_prompt;
  GtkWidget            *log_pane;
  GtkWidget            *play_reserve;
  GtkWidget            *play_handover;
  GtkWidget            *play_side_panel;
  guint                 play_side;
  guint32               play_cursor;
  GtkWidget            *play_override_toggle;   /* in the turn bar */
  GtkWidget            *play_override_slot;     /* holds the override panel */
  GtkWidget            *play_override;          /* WbPlayOverride, while playing */
  GtkWidget            *play_rules;             /* WbPlayRules while open (weak) */
  GtkWidget            *play_history;           /* WbPlayHistory: branches, bookmarks */
  GtkWidget            *play_tabs;              /* GtkStack: the log, the history */
  GtkWidget            *play_battle_pane;       /* holds the WbBoardView, beside the map view */
  GtkWidget            *play_battle_view;       /* WbBoardView: the step's board */
  GtkWidget            *play_dice;              /* WbDiceRoller in the turn bar (free play) */
  GtkWidget            *play_stack;             /* WbStackPopover on the map view: a stack opened */
  GtkWidget            *play_battle_toggle;     /* "Battle Board" in the turn bar: board or map */
  gboolean              play_in_battle;
};

static void
show_message (WbWindow *self, const char *message)
{
  gtk_label_set_label (self->editor_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->editor_label), message != NULL && *message != '\0');
}

/* The way the selected unit would go to the hex under the pointer. */
static void
update_path (WbWindow *self)
{
  const char *selected = wb_play_controller_get_selected (self->play_controller);
  g_autoptr(GArray) route = NULL;
  WbWhere to = { WB_WHERE_HEX, { 0, 0 }, NULL };
  gboolean over;

  /* The hex or the location under the pointer. */
  over = wb_map_view_get_hover_hex (self->map_view, &to.hex);
  if (!over && wb_map_view_get_hover_location (self->map_view) != NULL)
    {
      to.kind = WB_WHERE_LOCATION;
      to.place = g_intern_string (wb_map_view_get_hover_location (self->map_view));
      over = TRUE;
    }
  /* In override mode the unit goes straight where it is put. */
  if (selected != NULL && over && !wb_play_controller_get_override (self->play_controller))
    route = wb_play_route (self->play, selected, &to);
  wb_map_view_set_route (self->map_view, route);
}

/* The controller's picks in the prompt, its selection on the map. */
static void
sync_selection (WbWindow *self)
{
  WbPlayPrompt *prompt = WB_PLAY_PROMPT (self->play_ui->play_prompt);
  const char *selected = wb_play_controller_get_selected (self->play_controller);
  WbMatch *m = wb_play_get_state (self->play);
  WbUnitState *u = selected != NULL ? wb_match_find_unit (m, selected) : NULL;
  const WbStep *step = wb_play_controller_get_step (self->play_controller);

  wb_play_prompt_set_picks (prompt, wb_play_controller_get_picks (self->play_controller));
  /* The units a click on the board may pick now, and the picks so far. */
  wb_board_view_set_picks (WB_BOARD_VIEW (self->play_ui->play_battle_view),
                           wb_play_controller_get_step (self->play_controller),
                           wb_play_controller_get_picks (self->play_controller));
  wb_map_view_set_highlights (self->map_view, wb_play_controller_get_highlights (self->play_controller));
  wb_map_view_set_notes (self->map_view, step != NULL ? step->notes : NULL);
  wb_map_view_set_selected_hex (self->map_view,
                                u != NULL && u->where.kind == WB_WHERE_HEX ? &u->where.hex : NULL);
  /* The action being chosen: its units, its target, its odds. */
  wb_map_view_set_marks (self->map_view, wb_play_controller_get_chosen_places (self->play_controller),
                         wb_play_controller_get_picked_places (self->play_controller),
                         wb_play_prompt_get_map_label (prompt));
  update_path (self);
}

static void
on_hover (WbWindow *self)
{
  if (self->play != NULL && self->play_controller != NULL)
    update_path (self);
}

/* The hand-over hides everything of the match but the turn bar (what
 * step it is); the map, the prompt, the reserve and the log come back
 * when the next player is ready. */
static void
show_handover (WbWindow *self, gboolean handover)
{
  gboolean board = self->play_ui->play_in_battle &&
                   gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->play_ui->play_battle_toggle));

  gtk_widget_set_visible (self->play_ui->play_handover, handover);
  gtk_widget_set_visible (GTK_WIDGET (self->map_view), !handover && !board);
  gtk_widget_set_visible (self->play_ui->play_battle_pane, !handover && board);
  gtk_widget_set_visible (self->play_ui->play_prompt, !handover);
  gtk_widget_set_visible (self->play_ui->play_side_panel, !handover);
}

/* The board the step is played on, or none: the board comes (in the
 * map's place) when one starts — after an action, an undo, a jump in the
 * history — and the map comes back when it ends. */
static void
update_battle (WbWindow *self)
{
  gboolean board = wb_board_view_has_board (WB_BOARD_VIEW (self->play_ui->play_battle_view));

  if (board != self->play_ui->play_in_battle)
    {
      self->play_ui->play_in_battle = board;
      /* A new board: it first. */
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->play_ui->play_battle_toggle), board);
    }
  gtk_widget_set_visible (self->play_ui->play_battle_toggle, board);
  if (board)
    {
      const char *name = wb_board_view_get_name (WB_BOARD_VIEW (self->play_ui->play_battle_view));

      gtk_button_set_label (GTK_BUTTON (self->play_ui->play_battle_toggle), name != NULL ? name : _("_Battle Board"));
    }
}

static void
on_battle_toggled (WbWindow *self)
{
  if (self->play == NULL)
    return;
  if (!gtk_widget_get_visible (self->play_ui->play_handover))
    show_handover (self, FALSE);
}

/* A click on a unit of the board. */
static void
on_battle_unit (WbWindow *self, const char *unit)
{
  if (self->play == NULL || unit == NULL)
    return;
  show_message (self, NULL);
  wb_play_controller_click_board_unit (self->play_controller, unit);
}

/* Fog of war where the game has it: with blocks (Columbia, the Blue &
 * Gray Campaign Series), the player at the screen (the one the hand-over
 * gave it to: wb_play_player — in a battle the phasing player, though
 * the defender answers some of its steps) sees the enemy's blocks face
 * down; the battle board shows the blocks of the battle face up. */
static void
update_viewer (WbWindow *self)
{
  WbMatch *m = wb_play_get_state (self->play);
  GPtrArray *sides = wb_game_get_sides (self->game);
  const char *viewer = NULL;
  /* The player the screen was handed to (who rolls for the other side
   * without handing it over keeps it). */
  guint player = self->play_ui->play_side;
  int person = wb_window_get_play_auto (self) != NULL ? wb_play_auto_person (wb_window_get_play_auto (self)) : -1;

  /* Solo: the one person at the screen sees their side throughout; with
   * every side automatic, the designer watching sees everything. */
  if (person >= 0)
    player = (guint) person;
  else if (wb_window_get_play_auto (self) != NULL && wb_play_auto_is_solo (wb_window_get_play_auto (self)))
    {
      gboolean all = TRUE;
      for (guint i = 0; i < sides->len; i++)
        all = all && wb_play_auto_get_side (wb_window_get_play_auto (self), i);
      if (all)
        player = G_MAXUINT;
    }
  if (wb_counter_style_hides (wb_counter_style_for_game (self->game)) && !m->over && player < sides->len)
    viewer = ((WbSide *) g_ptr_array_index (sides, player))->id;
  wb_map_view_set_viewer (self->map_view, viewer);
  /* The log too: what that side may read of hidden moves and of the
   * family's secret lines whatever the counters (a chit held face down,
   * a Key Chit chosen); once the game is over, everything. */
  wb_play_log_pane_set_viewer (WB_PLAY_LOG_PANE (self->play_ui->log_pane),
                               !m->over && player < sides->len ? (int) player : -1);
}

void
_wb_window_play_refresh_viewer (WbWindow *self)
{
  if (self->play != NULL)
    update_viewer (self);
}

static void
show_map (WbWindow *self)
{
  show_handover (self, FALSE);
  if (self->play != NULL)
    update_viewer (self);
}

/* The window's own part after every action, undo or jump: the panes
 * (the map, the board, the prompt, the turn bar, the log, the history,
 * the reserve, the rule checks) observe the play themselves; here the
 * board or the map in front, the hand-over and the actions. */
static void
refresh (WbWindow *self)
{
  WbJournal *journal = wb_play_get_journal (self->play);
  guint32 cursor = wb_journal_get_cursor (journal);
  const WbJournalEntry *entry = wb_journal_get_entry (journal, cursor);
  gboolean forward, back;
  guint before = self->play_ui->play_side, holder;

  update_battle (self);
  /* Hot-seat: the other player's turn is theirs to see — after an action
   * played forward (or redone); going back shows the map at once. A step
   * that only asks for a roll (the weather, a side's CAP or initiative:
   * nothing to decide, nothing hidden to see) is rolled at the screen as
   * it is: the hand-over waits for the next player who must decide. */
  forward = cursor != 0 && entry != NULL && entry->parent == self->play_ui->play_cursor;
  back = !forward && cursor != self->play_ui->play_cursor;
  holder = back ? wb_play_player (self->play) : wb_play_screen_holder (self->play, before);
  self->play_ui->play_side = holder;
  if (forward && wb_play_needs_handover (self->play, before) &&
      (wb_window_get_play_auto (self) == NULL || !wb_play_auto_is_solo (wb_window_get_play_auto (self))))
    {
      wb_play_handover_set_play (WB_PLAY_HANDOVER (self->play_ui->play_handover), self->play);
      show_handover (self, TRUE);
    }
  else if (back || !gtk_widget_get_visible (self->play_ui->play_handover))
    show_map (self);
  self->play_ui->play_cursor = cursor;
  _wb_window_update_actions (self);
}

static void
close_stack (WbWindow *self)
{
  if (self->play_ui->play_stack != NULL && gtk_widget_get_visible (self->play_ui->play_stack))
    gtk_popover_popdown (GTK_POPOVER (self->play_ui->play_stack));
}

static void
on_play_changed (WbWindow *self, guint what, WbPlay *play)
{
  if (what & (WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR))
    close_stack (self);
  refresh (self);
}

gboolean
_wb_window_play_update_undo (WbWindow *self)
{
  WbJournal *journal;
  g_autoptr(GArray) children = NULL;
  guint32 cursor;

  if (self->play == NULL)
    return FALSE;
  journal = wb_play_get_journal (self->play);
  cursor = wb_journal_get_cursor (journal);
  children = wb_journal_children (journal, cursor);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", cursor != 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", children != NULL && children->len > 0);
  return TRUE;
}

static void
on_handover_ready (WbWindow *self)
{
  show_map (self);
}

/* Physical dice: an action refused for want of the players' roll is
 * asked for in the prompt, then played again with it. */
static void
on_needs_roll (WbWindow *self, JsonObject *action)
{
  guint index;
  int sides;

  WbTable *table;
  int column, roll;

  if (wb_play_needs_roll (self->play, &index, &sides))
    {
      show_message (self, NULL);
      wb_play_prompt_ask_roll (WB_PLAY_PROMPT (self->play_ui->play_prompt), action, index, sides);
    }
  else if (wb_play_needs_result (self->play, &table, &column, &roll))
    {
      show_message (self, NULL);
      wb_play_prompt_ask_result (WB_PLAY_PROMPT (self->play_ui->play_prompt), action, table, column, roll);
    }
}

/* The controller asks for the players' roll itself ("needs-roll"), for
 * the prompt's actions as for clicks (a re-roll on the battle board). */
static void
on_prompt_act (WbWindow *self, JsonObject *action)
{
  wb_play_controller_act (self->play_controller, action);
}

/* Free play's dice: the engine's roll, a journal entry; its log line back
 * in the popover. */
static void
on_dice_roll (WbWindow *self, JsonObject *action)
{
  GPtrArray *log;

  if (self->play == NULL)
    return;
  if (!wb_play_controller_act (self->play_controller, action))
    {
      wb_dice_roller_set_result (WB_DICE_ROLLER (self->play_ui->play_dice), gtk_label_get_text (self->editor_label), TRUE);
      return;
    }
  log = wb_play_get_log (self->play);
  wb_dice_roller_set_result (WB_DICE_ROLLER (self->play_ui->play_dice),
                            log->len > 0 ? ((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text : NULL,
                            FALSE);
}

static void
on_prompt_cleared (WbWindow *self)
{
  wb_play_controller_clear (self->play_controller);
}

static void
on_entry_activated (WbWindow *self, guint entry)
{
  g_autoptr(GError) error = NULL;

  /* The log's line: the match as it was then (a branch starts there if
   * the players act). */
  if (!wb_play_go_to (self->play, entry, &error))
    show_message (self, error->message);
}

static void
on_reserve_unit (WbWindow *self, const char *unit)
{
  wb_play_controller_select_unit (self->play_controller, unit);
}

/* The units of @where the step may pick one by one now (ids, interned). */
static GHashTable *
stack_pickable (WbWindow *self, const WbWhere *where)
{
  const WbStep *step = wb_play_controller_get_step (self->play_controller);
  GHashTable *out = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint l = 0; step != NULL && l < step->lists->len; l++)
    {
      const WbPickList *list = g_ptr_array_index (step->lists, l);

      if (list->kind != WB_PICK_UNIT || (list->flags & WB_PICK_GROUP))
        continue;
      for (guint i = 0; i < list->candidates->len; i++)
        {
          const WbPickCandidate *c = &g_array_index (list->candidates, WbPickCandidate, i);

          if (wb_where_equal (&c->where, where))
            g_hash_table_add (out, (gpointer) g_intern_string (c->value));
        }
    }
  return out;
}

static void fill_stack (WbWindow *self, const WbWhere *where);

static void
on_stack_unit (WbWindow *self, const char *unit)
{
  WbUnitState *u;

  if (self->play == NULL || unit == NULL)
    return;
  show_message (self, NULL);
  wb_play_controller_select_unit (self->play_controller, unit);
  /* Still open, the unit picked checked. */
  u = wb_match_find_unit (wb_play_get_state (self->play), unit);
  if (u != NULL)
    fill_stack (self, &u->where);
}

static void
fill_stack (WbWindow *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GPtrArray) units = wb_match_units_at (m, where);
  g_autoptr(GHashTable) pickable = stack_pickable (self, where);

  wb_stack_popover_set_units (WB_STACK_POPOVER (self->play_ui->play_stack), m, units, pickable,
                              wb_play_controller_get_selected (self->play_controller),
                              wb_map_view_get_viewer (self->map_view),
                              wb_counter_style_hides (wb_counter_style_for_game (self->game)));
}

/* A click on a stack of which the step may pick two units or more one by
 * one (a move): the stack opens beside it, its units listed, so any of
 * them is one click away (clicks on the place still go through it). */
static void
open_stack (WbWindow *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GPtrArray) units = wb_match_units_at (m, where);
  g_autoptr(GHashTable) pickable = stack_pickable (self, where);
  WbMap *map = wb_map_view_get_map (self->map_view);
  double box[4] = { 0, 0, 0, 0 }, x0, y0, x1, y1;

  if (units->len < 2 || g_hash_table_size (pickable) < 2 || wb_play_controller_get_override (self->play_controller) ||
      !gtk_widget_get_mapped (GTK_WIDGET (self->map_view)))
    return;
  if (where->kind == WB_WHERE_HEX && WB_IS_HEX_MAP (map))
    {
      double cx, cy, s = wb_hex_map_get_hex_size (WB_HEX_MAP (map));

      wb_hex_center (wb_hex_map_get_layout (WB_HEX_MAP (map)), s, where->hex, &cx, &cy);
      box[0] = cx - s * 0.5, box[1] = cy - s * 0.5, box[2] = cx + s * 0.5, box[3] = cy + s * 0.5;
    }
  else if (where->kind == WB_WHERE_LOCATION && WB_IS_POINT_MAP (map))
    {
      WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (map), where->place);

      if (loc == NULL)
        return;
      wb_render_location_stack_box (loc, units->len, box);
    }
  else
    return;
  wb_map_view_map_to_widget (self->map_view, box[0], box[1], &x0, &y0);
  wb_map_view_map_to_widget (self->map_view, box[2], box[3], &x1, &y1);
  /* Only a stack in sight (a click comes from the view, but not always
   * where the stack is drawn: a place clicked through its mark). */
  x0 = MAX (x0, 0), y0 = MAX (y0, 0);
  x1 = MIN (x1, gtk_widget_get_width (GTK_WIDGET (self->map_view)));
  y1 = MIN (y1, gtk_widget_get_height (GTK_WIDGET (self->map_view)));
  if (x1 - x0 < 1 || y1 - y0 < 1)
    return;
  fill_stack (self, where);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->play_ui->play_stack),
                               &(GdkRectangle) { (int) x0, (int) y0, MAX (1, (int) (x1 - x0)), MAX (1, (int) (y1 - y0)) });
  gtk_popover_popup (GTK_POPOVER (self->play_ui->play_stack));
}

gboolean
_wb_window_play_take_click (WbWindow *self, double x, double y)
{
  WbMap *map;
  WbWhere where = { WB_WHERE_HEX, { 0, 0 }, NULL };
  gboolean on_map = FALSE;
  guint32 cursor;

  if (self->play == NULL)
    return FALSE;
  close_stack (self);
  cursor = wb_journal_get_cursor (wb_play_get_journal (self->play));
  map = wb_map_view_get_map (self->map_view);
  if (WB_IS_HEX_MAP (map))
    {
      where.hex = wb_hex_from_point (wb_hex_map_get_layout (WB_HEX_MAP (map)),
                                     wb_hex_map_get_hex_size (WB_HEX_MAP (map)), x, y);
      on_map = wb_hex_map_contains (WB_HEX_MAP (map), where.hex);
      show_message (self, NULL);
      wb_play_controller_click_hex (self->play_controller, where.hex);
    }
  else if (WB_IS_POINT_MAP (map))
    {
      /* The location under the click, as the canvas picks it for
       * hovering: its mark or a block of its stack. */
      WbLocation *loc = wb_map_view_location_at (self->map_view, x, y);

      show_message (self, NULL);
      if (loc != NULL)
        {
          where.kind = WB_WHERE_LOCATION;
          where.place = g_intern_string (loc->id);
          on_map = TRUE;
          wb_play_controller_click_location (self->play_controller, loc->id);
        }
    }
  /* Not after a click that played an action (a move into a stack). */
  if (on_map && self->play != NULL && wb_journal_get_cursor (wb_play_get_journal (self->play)) == cursor)
    open_stack (self, &where);
  return TRUE;
}


gboolean
_wb_window_play_undo (WbWindow *self, gboolean redo)
{
  g_autoptr(GError) error = NULL;

  if (self->play == NULL)
    return FALSE;
  /* Against the automatic player, undo goes back to the person's last
   * decision, past the automatic player's answers. */
  if (!redo && wb_window_get_play_auto (self) != NULL && wb_play_auto_is_solo (wb_window_get_play_auto (self)))
    {
      if (!wb_play_auto_undo (wb_window_get_play_auto (self), &error))
        show_message (self, error->message);
      return TRUE;
    }
  if (!(redo ? wb_play_redo (self->play, &error) : wb_play_undo (self->play, &error)))
    show_message (self, error->message);
  return TRUE;
}

gboolean
wb_window_get_playing (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  return self->play != NULL;
}

WbPlay *
wb_window_get_play (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->play;
}

WbPlayController *
wb_window_get_play_controller (WbWindow *self)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), NULL);
  return self->play_controller;
}

/* The header bar's button starts a playtest, or ends the one on. */
static void
set_play_button (WbWindow *self, gboolean playing)
{
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->play_button),
                                  playing ? "win.end-playtest" : "win.new-playtest");
  adw_button_content_set_icon_name (self->play_button_content,
                                    playing ? "media-playback-stop-symbolic" : "media-playback-start-symbolic");
  adw_button_content_set_label (self->play_button_content, playing ? _("_End Playtest") : _("_Playtest"));
  gtk_widget_set_tooltip_text (self->play_button,
                               playing ? _("Back to editing; the playtest's journal is saved (Shift+F5)")
                                       : _("Playtest this game hot-seat, with its rules (F5)"));
}

/* The actions of editing — they change the game, or open an editor that
 * shows every unit of both sides (the order of battle, the set-up, the
 * chits) — off while a playtest runs. */
static const char * const editing_actions[] = {
  "win.add-map", "win.delete-map", "win.map-background", "win.resize-map", "win.hex-numbering",
  "win.import-oob", "win.export-oob", "win.import-scenario", "win.export-scenario",
  "win.add-scenario", "win.delete-scenario", "win.new-table", "win.duplicate-table", "win.delete-table",
  "win.show-oob", "win.show-chits", "win.show-setup", "win.show-turn-track",
  "win.show-sidebar", "win.legend",
};

void
_wb_window_play_lock_actions (WbWindow *self)
{
  if (self->play == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (editing_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), editing_actions[i], FALSE);
}

/* Whatever route leads to an editor page during play (a shortcut, a
 * signal, a pane), the map comes back: the editors show both sides' units. */
static void
on_page_changed (WbWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (GTK_STACK (self->main_stack));

  if (self->play != NULL && g_strcmp0 (page, "map") != 0)
    {
      gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), "map");
      show_message (self, _("The editors are closed while a playtest runs: End Playtest to edit the game"));
    }
}

static void
set_chrome (WbWindow *self, gboolean playing)
{
  /* Play is its own mode: no sidebar (its order of battle, set-up and
   * tables are the editors'), as the palette and the inspector. */
  gtk_widget_set_visible (GTK_WIDGET (self->sidebar), !playing && self->show_sidebar);
  gtk_widget_set_visible (self->palette, !playing);
  if (playing)
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->inspector_revealer), FALSE);
  gtk_widget_set_visible (self->inspector_revealer, !playing);
  if (playing)
    gtk_widget_set_visible (self->scenario_pane, FALSE);
  gtk_widget_set_visible (self->play_ui->turn_bar, playing);
  gtk_widget_set_visible (self->play_ui->play_prompt, playing);
  gtk_widget_set_visible (self->play_ui->play_side_panel, playing);
  _wb_window_layout_set_playing (self, playing);
  gtk_widget_set_visible (self->play_ui->play_handover, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->map_view), TRUE);
  if (!playing)
    {
      self->play_ui->play_in_battle = FALSE;
      gtk_widget_set_visible (self->play_ui->play_battle_pane, FALSE);
      gtk_widget_set_visible (self->play_ui->play_battle_toggle, FALSE);
    }
}

/* Play opens on the player's units at a zoom where counters read (100 %
 * at least: the whole map fitted in the window is too small to read a
 * counter on; issue 20). */
static void place_on_player (WbWindow *self);

/* Play's chrome (the turn bar, the prompt, the panes) changes the map
 * view's size in the frames after play starts, and a window made for the
 * playtest has no size yet: the view is placed again once its size holds
 * still — unless the player moved it meanwhile. */
typedef struct {
  GWeakRef  window;           /* the tick may outlive the window's dispose */
  int       width, height;
  double    left, top;        /* the view's place on the window */
  guint     still, frames;
  double    zoom, x, y;       /* where it was placed (zoom 0: not yet) */
} FrameWatch;

static void
view_place (GtkWidget *widget,
            double    *left,
            double    *top)
{
  graphene_point_t at = GRAPHENE_POINT_INIT (0, 0);

  if (!gtk_widget_compute_point (widget, GTK_WIDGET (gtk_widget_get_root (widget)),
                                 &GRAPHENE_POINT_INIT (0, 0), &at))
    at = GRAPHENE_POINT_INIT (0, 0);
  *left = at.x;
  *top = at.y;
}

static void
free_frame_watch (gpointer data)
{
  FrameWatch *w = data;

  g_weak_ref_clear (&w->window);
  g_free (w);
}

static gboolean
frame_when_still (GtkWidget     *widget,
                  GdkFrameClock *clock,
                  gpointer       data)
{
  FrameWatch *w = data;
  g_autoptr(WbWindow) self = g_weak_ref_get (&w->window);
  WbMapView *view = WB_MAP_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double left, top, x, y;

  if (self == NULL || self->play == NULL || ++w->frames > 120)
    goto done;
  view_place (widget, &left, &top);
  wb_map_view_get_center (view, &x, &y);
  if (width <= 1 || height <= 1 || width != w->width || height != w->height || left != w->left || top != w->top)
    {
      /* Still moving (its centre follows to keep the map still). */
      w->width = width;
      w->height = height;
      w->left = left;
      w->top = top;
      w->still = 0;
      if (w->zoom > 0)
        {
          w->x = x;
          w->y = y;
        }
      return G_SOURCE_CONTINUE;
    }
  /* Moved by the player (a zoom, a pan, Go to), not fitted by the window:
   * left as it is. */
  if (w->zoom > 0 && !wb_map_view_get_fitted (view) &&
      (wb_map_view_get_zoom (view) != w->zoom || x != w->x || y != w->y))
    goto done;
  if (++w->still < 2)
    return G_SOURCE_CONTINUE;
  place_on_player (self);
done:
  g_object_set_data (G_OBJECT (widget), "wb-frame-watch", NULL);
  return G_SOURCE_REMOVE;
}

static void
frame_player (WbWindow *self)
{
  FrameWatch *w;

  /* Not the whole map fitted, which the window would do for a map just
   * shown (a playtest opened in a new window). */
  _wb_window_layout_cancel_fit (self);
  place_on_player (self);
  if (g_object_get_data (G_OBJECT (self->map_view), "wb-frame-watch") != NULL)
    return;
  w = g_new0 (FrameWatch, 1);
  g_weak_ref_init (&w->window, self);
  w->width = gtk_widget_get_width (GTK_WIDGET (self->map_view));
  w->height = gtk_widget_get_height (GTK_WIDGET (self->map_view));
  view_place (GTK_WIDGET (self->map_view), &w->left, &w->top);
  if (w->width > 1 && w->height > 1)
    {
      w->zoom = wb_map_view_get_zoom (self->map_view);
      wb_map_view_get_center (self->map_view, &w->x, &w->y);
    }
  g_object_set_data (G_OBJECT (self->map_view), "wb-frame-watch", w);
  gtk_widget_add_tick_callback (GTK_WIDGET (self->map_view), frame_when_still, w, free_frame_watch);
}

static void
place_on_player (WbWindow *self)
{
  WbMatch *m = wb_play_get_state (self->play);
  guint side = wb_play_player (self->play);
  double sx = 0, sy = 0;
  guint n = 0;

  for (guint i = 0; m->map != NULL && i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      double x, y;

      if (u->side != side || !(u->flags & WB_UNIT_IN_SCENARIO))
        continue;
      if (u->where.kind == WB_WHERE_HEX && WB_IS_HEX_MAP (m->map))
        wb_hex_center (wb_hex_map_get_layout (WB_HEX_MAP (m->map)), wb_hex_map_get_hex_size (WB_HEX_MAP (m->map)),
                       u->where.hex, &x, &y);
      else if (u->where.kind == WB_WHERE_LOCATION && WB_IS_POINT_MAP (m->map))
        {
          WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (m->map), u->where.place);
          if (loc == NULL)
            continue;
          x = loc->x;
          y = loc->y;
        }
      else
        continue;
      sx += x;
      sy += y;
      n++;
    }
  /* (A view without a size yet takes the zoom and centre as they are.) */
  if (gtk_widget_get_width (GTK_WIDGET (self->map_view)) > 1 &&
      gtk_widget_get_height (GTK_WIDGET (self->map_view)) > 1)
    wb_map_view_zoom_to_fit (self->map_view);
  if (wb_map_view_get_zoom (self->map_view) < 1.0)
    wb_map_view_set_zoom (self->map_view, 1.0);
  if (n > 0)
    wb_map_view_set_center_filled (self->map_view, sx / n, sy / n);
}

void
wb_window_play (WbWindow *self, WbPlay *play)
{
  WbMatch *m;

  g_return_if_fail (WB_IS_WINDOW (self) && WB_IS_PLAY (play));
  _wb_window_end_play (self);
  self->play = g_object_ref (play);
  m = wb_play_get_state (play);
  gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), "map");
  wb_map_view_set_map (self->map_view, self->game, m->map, m->scenario);
  wb_map_view_set_editing (self->map_view, FALSE);
  /* Each pane observes the play (WbPlay::changed) and follows every
   * action, undo, redo or jump — from the map, the prompt, the turn bar,
   * the log, the history or the rule checks, or played on the WbPlay
   * itself. The board first: the controller's step is for its board. */
  wb_board_view_set_play (WB_BOARD_VIEW (self->play_ui->play_battle_view), play);
  wb_map_view_set_play (self->map_view, play);
  wb_turn_bar_set_play (WB_TURN_BAR (self->play_ui->turn_bar), play);
  wb_play_log_pane_set_play (WB_PLAY_LOG_PANE (self->play_ui->log_pane), play);
  wb_play_history_set_play (WB_PLAY_HISTORY (self->play_ui->play_history), play);
  wb_play_reserve_set_play (WB_PLAY_RESERVE (self->play_ui->play_reserve), play);
  wb_play_prompt_set_play (WB_PLAY_PROMPT (self->play_ui->play_prompt), play);
  self->play_controller = wb_play_controller_new (play);
  /* The window's own part: the board or the map, the hand-over, the
   * actions. */
  g_signal_connect_object (play, "changed", G_CALLBACK (on_play_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_controller, "selection-changed", G_CALLBACK (sync_selection), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_controller, "message", G_CALLBACK (show_message), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_controller, "needs-roll", G_CALLBACK (on_needs_roll), self, G_CONNECT_SWAPPED);
  self->play_ui->play_override = wb_play_override_new (self->play_controller);
  gtk_box_append (GTK_BOX (self->play_ui->play_override_slot), self->play_ui->play_override);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->play_ui->play_override_toggle), FALSE);
  gtk_widget_set_visible (self->play_ui->play_override_slot, FALSE);
  self->play_ui->play_side = wb_play_player (play);
  self->play_ui->play_cursor = wb_journal_get_cursor (wb_play_get_journal (play));
  /* Dice to roll where no rules roll them. */
  wb_dice_roller_set_game (WB_DICE_ROLLER (self->play_ui->play_dice), self->game);
  wb_dice_roller_set_result (WB_DICE_ROLLER (self->play_ui->play_dice), NULL, FALSE);
  gtk_widget_set_visible (self->play_ui->play_dice, wb_play_is_free_play (play));
  _wb_window_update_status (self);
  set_chrome (self, TRUE);
  refresh (self);
  sync_selection (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.end-playtest", TRUE);
  set_play_button (self, TRUE);
  _wb_window_solo_start (self, NULL, 800);
  frame_player (self);
}

void
_wb_window_end_play (WbWindow *self)
{
  if (self->play == NULL)
    return;
  _wb_window_solo_end (self);
  if (self->play_ui->play_rules != NULL)
    gtk_window_destroy (GTK_WINDOW (self->play_ui->play_rules));
  if (self->play_ui->play_override != NULL)
    gtk_box_remove (GTK_BOX (self->play_ui->play_override_slot), self->play_ui->play_override);
  self->play_ui->play_override = NULL;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->play_ui->play_override_toggle), FALSE);
  wb_play_history_set_play (WB_PLAY_HISTORY (self->play_ui->play_history), NULL);
  wb_turn_bar_set_play (WB_TURN_BAR (self->play_ui->turn_bar), NULL);
  wb_play_log_pane_set_play (WB_PLAY_LOG_PANE (self->play_ui->log_pane), NULL);
  wb_play_reserve_set_play (WB_PLAY_RESERVE (self->play_ui->play_reserve), NULL);
  wb_play_prompt_set_play (WB_PLAY_PROMPT (self->play_ui->play_prompt), NULL);
  wb_map_view_set_play (self->map_view, NULL);
  wb_board_view_set_play (WB_BOARD_VIEW (self->play_ui->play_battle_view), NULL);
  g_clear_object (&self->play_controller);
  g_signal_handlers_disconnect_by_data (self->play, self);
  g_clear_object (&self->play);
  wb_map_view_set_match (self->map_view, NULL);
  wb_map_view_set_viewer (self->map_view, NULL);
  wb_play_log_pane_set_viewer (WB_PLAY_LOG_PANE (self->play_ui->log_pane), -1);
  wb_map_view_set_highlights (self->map_view, NULL);
  wb_map_view_set_notes (self->map_view, NULL);
  wb_map_view_set_path (self->map_view, NULL);
  wb_map_view_set_selected_hex (self->map_view, NULL);
  wb_map_view_set_marks (self->map_view, NULL, NULL, NULL);
  close_stack (self);
  set_chrome (self, FALSE);
  show_message (self, NULL);
  _wb_window_on_editing_changed (self);
  _wb_window_update_actions (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.end-playtest", FALSE);
  set_play_button (self, FALSE);
}

static void
on_started (WbPlayDialog *dialog, WbPlay *play, WbWindow *self)
{
  gboolean automatic[WB_MATCH_MAX_SIDES] = { FALSE };

  wb_window_play (self, play);
  for (guint i = 0; i < WB_MATCH_MAX_SIDES; i++)
    automatic[i] = wb_play_dialog_get_automatic (dialog, i);
  _wb_window_solo_start (self, automatic, wb_play_dialog_get_pace (dialog));
}

static void
new_playtest_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  g_autofree char *path = NULL;
  WbPlayDialog *dialog;

  if (self->game == NULL)
    return;
  path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  dialog = wb_play_dialog_new (GTK_WINDOW (self), self->game, path);
  g_signal_connect_object (dialog, "started", G_CALLBACK (on_started), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- Open Playtest… --------------------------------------------------------
 *
 * A playtest replays with the game it was played with (issue 19, portable
 * playtests). The window's own game when it is that game; when the window's
 * game has been edited since and the playtest carries the game as it was
 * (format 3), a dialog asks which to replay with — the game as played opens
 * in a window of its own, so the edited game stays as it is. A playtest of
 * another game, or opened with no game, replays with its game (the file it
 * names, unchanged, or the copy it carries): in this window when it has no
 * game, else in a new one. */

static WbWindow *other_window (WbWindow *self);

/* @journal replays on @game, shown (from @game_file, or untitled) in this
 * window or, @elsewhere, in another when this one has a game; @notes are
 * shown with the play's own warning. Nothing opens when it does not
 * replay. */
static gboolean
play_in (WbWindow *self, gboolean elsewhere, WbGame *game, GFile *game_file, WbJournal *journal,
         const char *path, const char *notes, GError **error)
{
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GString) message = g_string_new (notes);
  g_autofree char *warning = NULL;
  WbWindow *window;

  play = wb_play_open_journal (game, journal, path, &warning, error);
  if (play == NULL)
    return FALSE;
  window = elsewhere ? other_window (self) : self;
  if (wb_window_get_game (window) != game)
    wb_window_set_game (window, game, game_file);
  wb_window_play (window, play);
  if (warning != NULL)
    g_string_append_printf (message, "%s%s", message->len > 0 ? "\n" : "", warning);
  if (message->len > 0)
    show_message (window, message->str);
  return TRUE;
}

/* A window for @game other than @self (which shows another game, or an
 * edited one that stays as it is). */
static WbWindow *
other_window (WbWindow *self)
{
  WbWindow *window;

  if (self->game == NULL)
    return self;
  window = wb_window_new (gtk_window_get_application (GTK_WINDOW (self)));
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

typedef struct {
  WbWindow  *window;
  WbJournal *journal;
  char      *path;
  char      *notes;   /* a cut-short last line, or NULL */
} AskGame;

static void
ask_game_free (AskGame *ask)
{
  g_object_unref (ask->window);
  g_object_unref (ask->journal);
  g_free (ask->path);
  g_free (ask->notes);
  g_free (ask);
}

static void
on_which_game (AdwMessageDialog *dialog, const char *response, AskGame *ask)
{
  WbWindow *self = ask->window;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "played") == 0)
    {
      g_autoptr(WbGame) game = wb_play_load_carried_game (ask->journal, ask->path, &error);
      g_autoptr(GString) notes = g_string_new (ask->notes);

      /* TRANSLATORS: the SHA-256 of the game the playtest was played with (its first 16 digits) */
      g_string_append_printf (notes, _("%sThe game as it was played (SHA-256 %.16s…), which the playtest carries; "
                                       "the edited game stays in its own window."), notes->len > 0 ? "\n" : "",
                              wb_journal_get_header (ask->journal)->game_sha256);
      if (game == NULL || !play_in (self, TRUE, game, NULL, ask->journal, ask->path, notes->str, &error))
        show_message (self, error->message);
    }
  else if (g_strcmp0 (response, "edited") == 0 && self->game != NULL)
    {
      g_autoptr(WbGame) game = g_object_ref (self->game);

      if (!play_in (self, FALSE, game, self->file, ask->journal, ask->path, ask->notes, &error))
        show_message (self, error->message);
    }
  ask_game_free (ask);
}

/* The window's game was edited since @journal was played: ask which game
 * it replays with, naming both versions by their SHA-256. */
static void
ask_which_game (WbWindow *self, WbJournal *journal, const char *path, const char *sha, const char *notes)
{
  const WbPlayHeader *h = wb_journal_get_header (journal);
  AskGame *ask = g_new0 (AskGame, 1);
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL, *body = NULL;

  ask->window = g_object_ref (self);
  ask->journal = g_object_ref (journal);
  ask->path = g_strdup (path);
  ask->notes = g_strdup (notes);
  heading = g_strdup (_("Replay With Which Game?"));
  /* TRANSLATORS: the game's title, the SHA-256 of the game the playtest was played with and of the
   * game open now (their first 16 digits) */
  body = g_strdup_printf (_("“%s” has been edited since this playtest was played (the playtest's game: SHA-256 "
                            "%.16s…; the game open now: %.16s…). The playtest carries the game as it was "
                            "played: replay with it in a window of its own, or try the edited game here — an "
                            "action that no longer plays stops the replay and says why."),
                          h->game_title != NULL ? h->game_title : wb_game_get_title (self->game),
                          h->game_sha256, sha);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "edited", _("Try the _Edited Game"),
                                    "played", _("Replay as _Played"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "played", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "played");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_which_game), ask);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
wb_window_open_playtest (WbWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL, *crash = NULL, *note = NULL, *named = NULL;
  g_autoptr(WbJournal) journal = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GFile) game_file = NULL;
  g_autoptr(GString) notes = g_string_new (NULL);
  const WbPlayHeader *h;

  g_return_val_if_fail (WB_IS_WINDOW (self) && G_IS_FILE (file), FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("A playtest is a local file"));
      return FALSE;
    }
  journal = wb_journal_open (path, &crash, error);
  if (journal == NULL)
    return FALSE;
  if (crash != NULL)
    g_string_append (notes, crash);
  h = wb_journal_get_header (journal);
  /* A playtest of the window's game: played here, unless the game has been
   * edited since and the playtest carries it as it was — then the user
   * says which. */
  if (self->game != NULL && g_strcmp0 (h->game_id, wb_game_get_id (self->game)) == 0)
    {
      g_autofree char *sha = wb_play_game_sha256 (self->game);

      if (h->game_text != NULL && h->game_sha256 != NULL && g_ascii_strcasecmp (sha, h->game_sha256) != 0)
        {
          ask_which_game (self, journal, path, sha, crash);
          return TRUE;
        }
      return play_in (self, FALSE, self->game, self->file, journal, path, notes->str, error);
    }
  /* Another game's, or no game open: the playtest's own game. */
  game = wb_play_find_game (journal, path, WB_PLAY_GAME_AUTO, NULL, &note, error);
  if (game == NULL)
    return FALSE;
  if (note != NULL)
    g_string_append_printf (notes, "%s%s", notes->len > 0 ? "\n" : "", note);
  /* The file it names, as it was played: shown as that file (Save writes
   * it). The copy it carries: untitled (Save asks where). */
  named = wb_play_named_game_path (journal, path);
  if (note == NULL && named != NULL)
    game_file = g_file_new_for_path (named);
  return play_in (self, TRUE, game, game_file, journal, path, notes->str, error);
}

static void
on_open_response (GtkNativeDialog *chooser, int response, WbWindow *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      if (file != NULL && !wb_window_open_playtest (self, file, &error))
        show_message (self, error->message);
    }
  g_object_unref (chooser);
}

static void
open_playtest_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "warbench", "playtests", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);

  /* No game open is fine: a playtest carries its game. */
  chooser = gtk_file_chooser_native_new (_("Open Playtest"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Warbench playtests"));
  gtk_file_filter_add_pattern (filter, "*.warbench-play");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (g_file_query_exists (folder, NULL))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_override_toggled (WbWindow *self)
{
  gboolean on = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->play_ui->play_override_toggle));

  if (self->play_controller == NULL)
    return;
  wb_play_controller_set_override (self->play_controller, on);
  gtk_widget_set_visible (self->play_ui->play_override_slot, on);
  /* The panel's unit list has every unit: the reserve makes room for it. */
  gtk_widget_set_visible (self->play_ui->play_reserve, !on);
  show_message (self, on ? _("Designer override: click any unit, then any hex to put it there; the panel "
                             "changes strengths, VP and markers. Every change is in the journal.")
                         : NULL);
  sync_selection (self);
}

static void
play_override_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkToggleButton *toggle = GTK_TOGGLE_BUTTON (self->play_ui->play_override_toggle);

  if (self->play != NULL)
    gtk_toggle_button_set_active (toggle, !gtk_toggle_button_get_active (toggle));
}

static void
play_rules_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  WbPlayRules *dialog;

  if (self->play == NULL)
    return;
  if (self->play_ui->play_rules != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->play_ui->play_rules));
      return;
    }
  dialog = wb_play_rules_new (GTK_WINDOW (self), self->play);
  self->play_ui->play_rules = GTK_WIDGET (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->play_ui->play_rules);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Ctrl+B: the battle board or the map, while a battle is fought. */
static void
play_battle_board_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  WbWindow *self = WB_WINDOW (widget);
  GtkToggleButton *toggle = GTK_TOGGLE_BUTTON (self->play_ui->play_battle_toggle);

  if (self->play != NULL && self->play_ui->play_in_battle)
    gtk_toggle_button_set_active (toggle, !gtk_toggle_button_get_active (toggle));
}

static void
end_playtest_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  _wb_window_end_play (WB_WINDOW (widget));
}

void
_wb_window_play_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-playtest", NULL, new_playtest_action);
  gtk_widget_class_install_action (widget_class, "win.open-playtest", NULL, open_playtest_action);
  gtk_widget_class_install_action (widget_class, "win.end-playtest", NULL, end_playtest_action);
  gtk_widget_class_install_action (widget_class, "win.play-override", NULL, play_override_action);
  gtk_widget_class_install_action (widget_class, "win.play-rules", NULL, play_rules_action);
  gtk_widget_class_install_action (widget_class, "win.play-battle-board", NULL, play_battle_board_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK, "win.play-battle-board", NULL);
  _wb_window_solo_class_init (widget_class);
}

/* GTK 4.8: a GtkPaned whose end child is hidden keeps its handle's last
 * allocation, and its drag gesture (capture phase) claims the presses
 * there — a strip across the map, the battle board and the hand-over
 * screen where clicks did nothing (the hand-over's button sits in it at
 * 1280×800). While the scenario pane is hidden the paned has nothing to
 * resize: its drag gesture is off. */
static void
on_scenario_pane_visible (WbWindow *self)
{
  gboolean shown = gtk_widget_get_visible (self->scenario_pane);
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (self->scenario_paned));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      GtkEventController *c = GTK_EVENT_CONTROLLER (controller);
      GtkPropagationPhase phase = gtk_event_controller_get_propagation_phase (c);
      int kept = GPOINTER_TO_INT (g_object_get_data (controller, "wb-phase"));

      if (!GTK_IS_GESTURE_DRAG (controller))
        continue;
      /* Its own phase back when the pane shows again. */
      if (!shown && phase != GTK_PHASE_NONE)
        {
          g_object_set_data (controller, "wb-phase", GINT_TO_POINTER (phase + 1));
          gtk_event_controller_set_propagation_phase (c, GTK_PHASE_NONE);
        }
      else if (shown && kept > 0)
        gtk_event_controller_set_propagation_phase (c, (GtkPropagationPhase) (kept - 1));
    }
  g_object_unref (controllers);
}

/* A turn bar tool that gives way on a narrow window (the turn bar's own
 * buttons stay): it is also in the Playtest menu and on its shortcut. */
static GtkWidget *
squeezable (GtkWidget *tool)
{
  GtkWidget *squeezer = adw_squeezer_new ();

  adw_squeezer_set_allow_none (ADW_SQUEEZER (squeezer), TRUE);
  adw_squeezer_add (ADW_SQUEEZER (squeezer), tool);
  gtk_widget_set_valign (squeezer, GTK_ALIGN_CENTER);
  return squeezer;
}

GtkWidget *
_wb_window_play_get_turn_bar (WbWindow *self)
{
  return self->play_ui->turn_bar;
}

void
_wb_window_play_finalize (WbWindow *self)
{
  g_clear_pointer (&self->play_ui, g_free);
}

void
_wb_window_play_init (WbWindow *self)
{
  GtkWidget *page_box = gtk_widget_get_parent (GTK_WIDGET (self->scenario_paned));
  GtkWidget *side_paned;

  self->play_ui = g_new0 (WbWindowPlay, 1);
  self->play_ui->turn_bar = wb_turn_bar_new ();
  self->play_ui->play_prompt = wb_play_prompt_new ();
  /* A stack opened on the map (the view presents it, and lets it go). */
  self->play_ui->play_stack = wb_stack_popover_new ();
  gtk_widget_set_parent (self->play_ui->play_stack, GTK_WIDGET (self->map_view));
  g_signal_connect_object (self->play_ui->play_stack, "unit-activated", G_CALLBACK (on_stack_unit), self,
                           G_CONNECT_SWAPPED);
  self->play_ui->log_pane = wb_play_log_pane_new ();
  self->play_ui->play_reserve = wb_play_reserve_new ();
  self->play_ui->play_handover = wb_play_handover_new ();
  gtk_widget_set_hexpand (self->play_ui->play_handover, TRUE);
  gtk_widget_set_vexpand (self->play_ui->play_handover, TRUE);

  side_paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  gtk_paned_set_start_child (GTK_PANED (side_paned), self->play_ui->play_reserve);
  /* The battle log and the history (branches, bookmarks) as two tabs. */
  {
    GtkWidget *tabs_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *switcher = gtk_stack_switcher_new ();

    self->play_ui->play_history = wb_play_history_new ();
    self->play_ui->play_tabs = gtk_stack_new ();
    gtk_stack_add_titled (GTK_STACK (self->play_ui->play_tabs), self->play_ui->log_pane, "log", _("Battle Log"));
    gtk_stack_add_titled (GTK_STACK (self->play_ui->play_tabs), self->play_ui->play_history, "history", _("History"));
    gtk_widget_set_vexpand (self->play_ui->play_tabs, TRUE);
    gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), GTK_STACK (self->play_ui->play_tabs));
    gtk_widget_set_halign (switcher, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_top (switcher, 6);
    gtk_widget_set_margin_bottom (switcher, 6);
    gtk_box_append (GTK_BOX (tabs_box), switcher);
    gtk_box_append (GTK_BOX (tabs_box), self->play_ui->play_tabs);
    gtk_paned_set_end_child (GTK_PANED (side_paned), tabs_box);
  }
  gtk_paned_set_position (GTK_PANED (side_paned), 200);
  gtk_widget_set_vexpand (side_paned, TRUE);
  /* The override panel above the reserve and the log, while override is on. */
  self->play_ui->play_override_slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->play_ui->play_side_panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_name (self->play_ui->play_side_panel, "play-side-panel");
  gtk_widget_set_size_request (self->play_ui->play_side_panel, 360, -1);
  /* The panel keeps its 360 px on a narrow window, and fits a short one:
   * what is larger in it scrolls, and the map keeps the rest (issue 20). */
  {
    GtkWidget *side_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *side_scroller = gtk_scrolled_window_new ();

    gtk_box_append (GTK_BOX (side_box), self->play_ui->play_override_slot);
    gtk_box_append (GTK_BOX (side_box), side_paned);
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side_scroller), side_box);
    gtk_widget_set_vexpand (side_scroller, TRUE);
    gtk_box_append (GTK_BOX (self->play_ui->play_side_panel), side_scroller);
  }

  self->play_ui->play_override_toggle = gtk_toggle_button_new_with_mnemonic (_("_Override"));
  gtk_widget_set_name (self->play_ui->play_override_toggle, "play-override");
  gtk_widget_set_tooltip_text (self->play_ui->play_override_toggle,
                               _("Designer override: put any unit anywhere, change strengths, VP and markers "
                                 "(each change is a journal entry)"));
  g_signal_connect_object (self->play_ui->play_override_toggle, "toggled", G_CALLBACK (on_override_toggled), self,
                           G_CONNECT_SWAPPED);
  {
    GtkWidget *rules = gtk_button_new_with_mnemonic (_("Rule _Checks…"));

    gtk_widget_set_tooltip_text (rules, _("Enforce, warn about or turn off each rule the engine checks, "
                                          "for this playtest"));
    gtk_actionable_set_action_name (GTK_ACTIONABLE (rules), "win.play-rules");
    wb_turn_bar_add_tool (WB_TURN_BAR (self->play_ui->turn_bar), squeezable (rules));
  }
  wb_turn_bar_add_tool (WB_TURN_BAR (self->play_ui->turn_bar), self->play_ui->play_override_toggle);
  self->play_ui->play_dice = wb_dice_roller_new ();
  g_signal_connect_object (self->play_ui->play_dice, "roll", G_CALLBACK (on_dice_roll), self, G_CONNECT_SWAPPED);
  wb_turn_bar_add_tool (WB_TURN_BAR (self->play_ui->turn_bar), self->play_ui->play_dice);

  /* The battle board (Blue & Gray), in the map's place while a battle is
   * fought; the toggle shows the map and back. */
  self->play_ui->play_battle_view = wb_board_view_new ();
  gtk_widget_set_name (self->play_ui->play_battle_view, "play-battle-view");
  self->play_ui->play_battle_pane = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->play_ui->play_battle_pane), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->play_ui->play_battle_pane), self->play_ui->play_battle_view);
  gtk_widget_set_hexpand (self->play_ui->play_battle_pane, TRUE);
  gtk_widget_set_vexpand (self->play_ui->play_battle_pane, TRUE);
  gtk_widget_add_css_class (self->play_ui->play_battle_pane, "view");
  gtk_widget_set_visible (self->play_ui->play_battle_pane, FALSE);
  self->play_ui->play_battle_toggle = gtk_toggle_button_new_with_mnemonic (_("_Battle Board"));
  gtk_widget_set_name (self->play_ui->play_battle_toggle, "play-battle-toggle");
  gtk_widget_set_tooltip_text (self->play_ui->play_battle_toggle,
                               _("Show the battle board, or the map while the battle goes on (Ctrl+B)"));
  gtk_widget_set_visible (self->play_ui->play_battle_toggle, FALSE);
  g_signal_connect_object (self->play_ui->play_battle_toggle, "toggled", G_CALLBACK (on_battle_toggled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_ui->play_battle_view, "unit-activated", G_CALLBACK (on_battle_unit), self,
                           G_CONNECT_SWAPPED);
  wb_turn_bar_add_tool (WB_TURN_BAR (self->play_ui->turn_bar), squeezable (self->play_ui->play_battle_toggle));

  gtk_box_prepend (GTK_BOX (page_box), self->play_ui->turn_bar);
  gtk_box_insert_child_after (GTK_BOX (page_box), self->play_ui->play_prompt, GTK_WIDGET (self->scenario_paned));
  _wb_window_solo_init (self, page_box, GTK_WIDGET (self->scenario_paned));
  gtk_box_insert_child_after (self->canvas_box, self->play_ui->play_battle_pane, GTK_WIDGET (self->map_view));
  gtk_box_append (self->canvas_box, self->play_ui->play_handover);
  _wb_window_layout_add_play_panel (self, self->play_ui->play_side_panel);

  g_signal_connect_object (self->play_ui->turn_bar, "needs-roll", G_CALLBACK (on_needs_roll), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_ui->play_prompt, "act", G_CALLBACK (on_prompt_act), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_ui->play_prompt, "cleared", G_CALLBACK (on_prompt_cleared), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_ui->log_pane, "entry-activated", G_CALLBACK (on_entry_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_ui->play_reserve, "unit-activated", G_CALLBACK (on_reserve_unit), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_ui->play_handover, "ready", G_CALLBACK (on_handover_ready), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::hover-text", G_CALLBACK (on_hover), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scenario_pane, "notify::visible", G_CALLBACK (on_scenario_pane_visible), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->main_stack, "notify::visible-child-name", G_CALLBACK (on_page_changed), self,
                           G_CONNECT_SWAPPED);
  on_scenario_pane_visible (self);
  set_chrome (self, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.end-playtest", FALSE);
}
