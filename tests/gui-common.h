/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by the GUI test programs (test-gui*.c): GTK set-up in each forked
 * test, main-loop waits, window and canvas helpers, and main (). */

#include <check.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "wb-map-view.h"
#include "wb-window.h"

#define LOAD_TIMEOUT_MS 15000
#define DRAW_TIMEOUT_MS 5000

extern const char *test_game;   /* WARBENCH_TEST_GAME, or NULL */
extern const char *test_data;   /* WARBENCH_TEST_DATA, or NULL */

typedef gboolean (*Condition) (gpointer data);

gboolean open_display_with_retries (void);
void setup_gtk (void);
gboolean spin_until (Condition cond, gpointer data, guint timeout_ms);
void spin_for (guint ms);
gboolean load_finished (gpointer data);
gboolean frame_moved (gpointer data);
void wait_for_draw (WbMapView *view);
gboolean view_settled (gpointer data);
void wait_until_settled (WbMapView *view);
/* Until the map view has kept its size for 300 ms (the flaps and panes
 * have stopped sliding, and the map's fit followed them). */
void wait_layout_still (WbMapView *view);
void snapshot_now (WbMapView *view);
WbWindow * open_window (const char *path);
WbWindow * open_test_game (void);
gboolean is_toplevel (GtkWindow *window);
gboolean window_gone (gpointer data);
AdwMessageDialog * find_dialog (GtkWindow *window);
gboolean dialog_shown (gpointer data);
gboolean has_label (GtkWidget *widget, const char *text);
GtkDropTarget * find_drop_target (GtkWidget *widget);
GdkTexture * render_widget (GtkWidget *widget);
/* The shortcuts of @widget's own shortcut controllers (its class's key
 * bindings, the controllers added to it): a new array of references. */
GPtrArray * widget_shortcuts (GtkWidget *widget);
/* Saves @widget as NAME.png in WARBENCH_SHOT_DIR, when it is set, after
 * letting the main loop run @settle_ms (layout and drawing catch up). */
void save_shot (GtkWidget *widget, const char *name, guint settle_ms);
guint count_color (GdkTexture *texture, const char *hex);
void hex_centre (WbHexMap *map, int col, int row, double *x, double *y);
void canvas_drag (WbMapView *view, int c0, int r0, int c1, int r1);
int gui_main (Suite *(*make_suite) (void));

/* Widgets by name (@root itself included) or by type (below @root), or NULL. */
GtkWidget *find_named (GtkWidget *root, const char *name);
GtkWidget *find_type (GtkWidget *root, GType type);
/* A click on a location of the window's map of locations, as the canvas reports it. */
void click_location (WbWindow *window, const char *id);
/* Clicks on @unit's location (a map of locations) until the play window
 * selects it: each click goes to the next unit of the place. */
void select_unit (WbWindow *window, WbPlay *play, const char *unit);
/* Whether two actions are the same JSON. */
gboolean same_action (JsonObject *a, JsonObject *b);
/* The journal of @play replayed from its seed gives the state on screen:
 * the turn, the VP, every unit's strength and place. */
void assert_replay_matches (WbPlay *play);
/* Plays @json on @play; the test fails if it is refused. */
void play_act_ok (WbPlay *play, const char *json);

/* Sends @keyval with @state to @entry's guard (its capture-phase key
 * controller, as a key press reaches it first); whether it took the key. */
gboolean field_key (GtkWidget *entry, guint keyval, GdkModifierType state);

/* Drives a text field of an editor pane through the contract of
 * wb_text_field_guard (issue 15 item 2): typed text reverted by Ctrl+Z and
 * Escape without touching the game; committed on leaving and on Enter as
 * ONE undoable edit; with nothing uncommitted Ctrl+Z is the game's undo and
 * the field follows; @bad (if not NULL) refused with the field marked. */
typedef struct
{
  GtkWidget * (*entry) (gpointer data);   /* the field now (a form may be rebuilt) */
  char *      (*model) (gpointer data);   /* the model's value it edits, newly allocated */
  gpointer     data;
  WbUndoStack *stack;
  GtkWidget   *undo_widget;               /* where @undo_action is activated */
  const char  *undo_action;               /* the game's undo: "win.undo" */
  const char  *good;                      /* text to commit */
  const char  *good_model;                /* the model's value then (NULL: @good) */
  const char  *bad;                       /* text refused, or NULL */
} FieldDrive;

void drive_text_field (const FieldDrive *d);
