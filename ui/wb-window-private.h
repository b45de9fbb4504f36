/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internal to the window: wb-window.c (the game, files, actions, closing),
 * wb-window-drafts.c (autosaved drafts) and wb-window-editing.c (the map
 * editor's wiring: tools, undo and redo). */

#include "wb-window.h"
#include "wb-play-controller.h"
#include "wb-play-auto.h"
#include "wb-map-editor.h"
#include "wb-map-view.h"
#include "wb-sidebar.h"

G_BEGIN_DECLS

typedef struct _WbWindowSetup WbWindowSetup;
typedef struct _WbWindowScenario WbWindowScenario;
typedef struct _WbWindowLayout WbWindowLayout;
typedef struct _WbWindowPlay WbWindowPlay;
typedef struct _WbWindowSolo WbWindowSolo;
typedef struct _WbWindowTools WbWindowTools;

#define GAME_MIME_TYPE "application/x-warbench"
#define MAX_RECENT     10

struct _WbWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template children. */
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  GtkSpinner           *spinner;
  GtkWidget            *sidebar_flap;   /* AdwFlap: the sidebar beside or over the pages */
  WbSidebar            *sidebar;
  WbMapView            *map_view;
  GtkLabel             *hover_label;
  GtkLabel             *editor_label;
  GtkBox               *canvas_box;
  GtkPaned             *scenario_paned;
  GtkWidget            *scenario_pane;  /* WbScenarioPane */
  GtkWidget            *inspector_flap; /* AdwFlap: the inspector beside or over the map */
  GtkWidget            *undo_button;
  GtkWidget            *play_button;           /* Playtest / End Playtest in the header bar */
  AdwButtonContent     *play_button_content;
  GtkWidget            *redo_button;
  GMenu                *edit_section;
  GtkWidget            *palette;
  GtkWidget            *inspector;
  GtkWidget            *inspector_revealer;   /* the inspector_flap's flap (play mode hides it) */
  GtkWidget            *inspector_button;
  GtkLabel             *zoom_label;
  GMenu                *recent_menu;
  GtkWidget            *legend;         /* WbLegendEditor, made on first use */
  GtkWidget            *main_stack;     /* "map" (the map page), "oob", "table", "chits" */
  GtkWidget            *oob_editor;     /* WbOobEditor */
  GtkWidget            *table_editor;   /* WbTableEditor: the "table" page */
  GtkWidget            *chit_editor;    /* WbChitEditor: the "chits" page */

  /* Play mode: the playtest and what clicks mean (the play widgets around
   * the map are wb-window-play.c's own, play_ui). */
  WbPlay               *play;
  WbPlayController     *play_controller;
  GtkWidget            *goto_popover;           /* Go to Hex or Place, on the map view (or NULL) */
  GtkWidget            *balance_lab;            /* WbBalanceWindow while open (weak) */

  WbGame               *game;
  WbUndoStack          *undo_stack;
  WbMapEditor          *editor;
  GFile                *file;
  GSettings            *settings;
  GCancellable         *load_cancellable;
  GtkFileChooserNative *chooser;
  AdwMessageDialog     *close_dialog;
  /* Drafts: the id of this game's draft (made on first use), the pending
   * autosave, and whether the game differs from its file even where the
   * undo stack is clean (it was restored from a draft). */
  char                 *draft_id;
  guint                 autosave_source;
  gboolean              from_draft;


  gboolean              dirty;
  gboolean              close_confirmed;
  gboolean              close_after_save;
  gboolean              show_sidebar;
  gboolean              show_numbers;
  gboolean              show_grid;
  gboolean              show_inspector;
  /* Map set-up: pick mode and dialogs (wb-window-background.c). */
  WbWindowSetup        *setup;
  /* The scenario pane: set-up and turn track (wb-window-scenario.c). */
  WbWindowScenario     *scenario_ui;
  /* The flaps, their remembered state and the map's fit (wb-window-layout.c). */
  WbWindowLayout       *layout;
  /* The play widgets around the map, the override, the battle board
   * (wb-window-play.c). */
  WbWindowPlay         *play_ui;
  /* Solo play: the automatic player, its bar and the Solo popover
   * (wb-window-solo.c). */
  WbWindowSolo         *solo;
  /* The Label and Line tools' popovers (wb-window-editing.c). */
  WbWindowTools        *tools;
};

const char * _wb_window_get_draft_id (WbWindow *self);
void _wb_window_cancel_autosave (WbWindow *self);
void _wb_window_schedule_autosave (WbWindow *self);
void _wb_window_delete_draft (WbWindow *self);
void _wb_window_update_editor_status (WbWindow *self);
void _wb_window_on_editing_changed (WbWindow *self);
void _wb_window_on_edit_begin (WbWindow *self, double x, double y);
void _wb_window_on_edit_update (WbWindow *self, double x, double y);
void _wb_window_on_edit_end (WbWindow *self, double x, double y);
void _wb_window_on_point_clicked (WbWindow *self, double x, double y);
void _wb_window_play_class_init (GtkWidgetClass *widget_class);
void _wb_window_play_init (WbWindow *self);
void _wb_window_play_finalize (WbWindow *self);
GtkWidget *_wb_window_play_get_turn_bar (WbWindow *self);
/* A click on the map in play mode (TRUE: taken). */
gboolean _wb_window_play_take_click (WbWindow *self, double x, double y);
/* Leaves play mode (the journal is on disk already). */
void _wb_window_end_play (WbWindow *self);
/* Solo play (wb-window-solo.c): set up with the sides the automatic player
 * plays (@automatic: WB_MATCH_MAX_SIDES flags, or NULL: none) and its pace;
 * ended with the playtest. */
void _wb_window_solo_class_init (GtkWidgetClass *widget_class);
/* Playtest ▸ Balance Lab… (wb-window-balance.c). */
void _wb_window_balance_class_init (GtkWidgetClass *widget_class);
/* wb-window-goto.c: Go to Hex or Place (Ctrl+G). */
void _wb_window_goto_class_init (GtkWidgetClass *widget_class);
void _wb_window_solo_init (WbWindow *self, GtkWidget *page_box, GtkWidget *after);
void _wb_window_solo_finalize (WbWindow *self);
void _wb_window_solo_start (WbWindow *self, const gboolean *automatic, guint pace);
void _wb_window_solo_end (WbWindow *self);
/* The map's and the log's viewer again (a side turned automatic or back). */
void _wb_window_play_refresh_viewer (WbWindow *self);
/* While a playtest runs, the actions that change the game or open its
 * editors (the order of battle, the chits, the set-up, the tables) are off:
 * play is its own mode, and nothing shows the other side's hidden units. */
void _wb_window_play_lock_actions (WbWindow *self);
/* Undo or redo in play mode; FALSE when not playing. */
gboolean _wb_window_play_undo (WbWindow *self, gboolean redo);
/* In play, Undo and Redo follow the journal (TRUE: set them). */
gboolean _wb_window_play_update_undo (WbWindow *self);
void _wb_window_update_actions (WbWindow *self);
/* The status line under the map: the hovered place, or the map and scenario. */
void _wb_window_update_status (WbWindow *self);
void _wb_window_on_before_edit (WbWindow *self);
void _wb_window_on_area_changed (WbWindow *self, double x, double y, double width, double height);
void _wb_window_undo_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_redo_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_add_tool_shortcuts (WbWindow *self);
void _wb_window_setup_annotations (WbWindow *self);
void _wb_window_setup_lines (WbWindow *self);
void _wb_window_show_message (WbWindow *self, const char *message);
void _wb_window_add_map_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_delete_map_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_check_shown_map (WbWindow *self);
void _wb_window_export_oob_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_import_oob_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_add_inspector (WbWindow *self);
/* The Label and Line tools' popovers (wb-window-editing.c). */
void _wb_window_tools_init (WbWindow *self);
void _wb_window_tools_dispose (WbWindow *self);
void _wb_window_tools_finalize (WbWindow *self);
void _wb_window_update_inspector_visible (WbWindow *self);
void _wb_window_update_selection_outline (WbWindow *self);
void _wb_window_clipboard_init (WbWindow *self);
WbRegionMode _wb_window_region_mode (WbWindow *self);
void _wb_window_setup_init (WbWindow *self);
void _wb_window_setup_dispose (WbWindow *self);
void _wb_window_setup_map_shown (WbWindow *self);
gboolean _wb_window_take_pick (WbWindow *self, double x, double y);
void _wb_window_map_background_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_oob_class_init (GtkWidgetClass *widget_class);
void _wb_window_oob_init (WbWindow *self);
void _wb_window_oob_set_game (WbWindow *self);
void _wb_window_oob_map_shown (WbWindow *self);
void _wb_window_chits_class_init (GtkWidgetClass *widget_class);
void _wb_window_chits_init (WbWindow *self);
void _wb_window_chits_set_game (WbWindow *self);
void _wb_window_table_init (WbWindow *self);
void _wb_window_table_set_game (WbWindow *self);
void _wb_window_table_class_init (GtkWidgetClass *widget_class);
/* Selects @table in the sidebar and shows it in the table editor. */
void _wb_window_open_table (WbWindow *self, WbTable *table);
/* After an undo or redo: a table the editor shows that left the game gives
 * way to the map. */
void _wb_window_check_shown_table (WbWindow *self);
void _wb_window_resize_map_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_hex_numbering_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _wb_window_scenario_class_init (GtkWidgetClass *widget_class);
void _wb_window_tables_class_init (GtkWidgetClass *widget_class);
void _wb_window_print_class_init (GtkWidgetClass *widget_class);
void _wb_window_import_class_init (GtkWidgetClass *widget_class);
void _wb_window_tables_init (WbWindow *self);
void _wb_window_scenario_init (WbWindow *self);
void _wb_window_scenario_dispose (WbWindow *self);
void _wb_window_scenario_shown (WbWindow *self);
void _wb_window_scenario_game_changed (WbWindow *self, const char *what);
void _wb_window_scenario_update_actions (WbWindow *self);
gboolean _wb_window_scenario_take_pick (WbWindow *self, double x, double y);
/* The pane's remembered state, once the window has its settings. */
void _wb_window_scenario_load_settings (WbWindow *self);
/* The adaptive layout (wb-window-layout.c). */
void _wb_window_layout_class_init (GtkWidgetClass *widget_class);
void _wb_window_layout_init (WbWindow *self);
void _wb_window_layout_load_settings (WbWindow *self);
void _wb_window_layout_dispose (WbWindow *self);
void _wb_window_layout_set_show_sidebar (WbWindow *self, gboolean show);
void _wb_window_layout_set_show_inspector (WbWindow *self, gboolean show);
gboolean _wb_window_layout_get_sidebar_folded (WbWindow *self);
/* Play's panes take the inspector's place on the map's right: beside the
 * map on a wide window, over it (Ctrl+I) on a narrow one. */
void _wb_window_layout_add_play_panel (WbWindow *self, GtkWidget *panel);
void _wb_window_layout_set_playing (WbWindow *self, gboolean playing);
/* A map was shown: it is fitted once its view has its size. */
void _wb_window_layout_map_shown (WbWindow *self);
/* The map is placed by other means (play frames the player's units): a
 * fit pending for a map just shown is dropped. */
void _wb_window_layout_cancel_fit (WbWindow *self);
/* Fits the map now, and keeps it fitted while the view changes size. */
void _wb_window_layout_fit_map (WbWindow *self);

G_END_DECLS
