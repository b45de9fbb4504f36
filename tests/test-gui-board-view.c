/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-board-view"

#include "config.h"

#include <check.h>
#include <string.h>

#include "wb-board-view.h"
#include "rules/bg/wb-bg-fight.h"

#include "gui-common.h"

/* The generic board view, with the Blue & Gray family's battle board of
 * the rulebook's Movement & Battle Example on the Jackson & Sheridan 1864
 * map (wb_bg_battle_board): EAA defending Snickersville, VI attacking
 * across a river (its own box, one die less in round 1), VIII in the
 * line, Sheridan in reserve, XIX in Salem able to reinforce. The view
 * puts each unit in its box, says what the board waits for, and finds the
 * unit under a click; after the defender's fire the hits show; the picks
 * of a step (hits as "−1" badges, the candidates outlined) are drawn. */

typedef struct {
  int faces[16];
  int n, next;
} Dice;

static gboolean
die (gpointer data, int sides, int *face, GError **error)
{
  Dice *d = data;

  if (d->next >= d->n)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no die");
      return FALSE;
    }
  *face = d->faces[d->next++];
  return TRUE;
}

static int
index_of (WbMatch *m, const char *id)
{
  for (guint i = 0; i < m->units->len; i++)
    if (g_strcmp0 (g_array_index (m->units, WbUnitState, i).id, id) == 0)
      return (int) i;
  ck_abort_msg ("no unit %s", id);
  return -1;
}

static gboolean
box_is_right_of (const graphene_rect_t *a, const graphene_rect_t *b)
{
  return a->origin.x >= b->origin.x + b->size.width;
}

static void
remember_unit (char **out, const char *unit)
{
  g_free (*out);
  *out = g_strdup (unit);
}

/* A key pressed on @widget, as its key controller reports it; whether it
 * was handled. */
static gboolean
press_key (GtkWidget *widget, guint keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      gboolean handled = FALSE;

      if (!GTK_IS_EVENT_CONTROLLER_KEY (c))
        continue;
      g_signal_emit_by_name (c, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
      return handled;
    }
  ck_abort_msg ("no key controller");
  return FALSE;
}

START_TEST (test_battle_board)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "jackson-sheridan.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load (file, NULL, &error);
  g_autoptr(WbMatch) m = NULL;
  WbBgBattle b;
  Dice dice = { { 6, 6, 2, 3 }, 4, 0 };
  WbBgBattleIo io = { die, NULL, NULL, NULL, &dice };
  GtkWidget *window, *view_w;
  WbBoardView *view;
  int eaa, vi, viii, xix, sheridan;
  graphene_rect_t r_eaa, r_vi, r_viii, r_xix, r_sheridan;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  m = wb_match_new (game, "1864", NULL, 1, &error);
  ck_assert_msg (m != NULL, "%s", error ? error->message : "");
  wb_bg_battle_init (&b);
  b.rating[WB_BG_ATTACKER] = 8;
  b.rating[WB_BG_DEFENDER] = 7;
  eaa = wb_bg_battle_add (&b, index_of (m, "eaa"), WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 0, 0, FALSE);
  vi = wb_bg_battle_add (&b, index_of (m, "vi"), WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 12, 3, 0,
                         WB_BG_UNIT_RIVER | WB_BG_UNIT_MOUNTAIN, FALSE);
  viii = wb_bg_battle_add (&b, index_of (m, "viii"), WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 4, 3, 0, 0, FALSE);
  sheridan = wb_bg_battle_add (&b, index_of (m, "sheridan"), WB_BG_ATTACKER, WB_BG_CLASS_LEADER, 0, 0, 0, 0, FALSE);
  xix = wb_bg_battle_add (&b, index_of (m, "xix"), WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 10, 3, 0, 0, TRUE);
  ck_assert (eaa >= 0 && vi >= 0 && viii >= 0 && sheridan >= 0 && xix >= 0);
  ck_assert (wb_bg_battle_start (&b, 0, &io, NULL));

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 760, 560);
  view_w = wb_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), view_w);
  view = WB_BOARD_VIEW (view_w);
  ck_assert_str_eq (wb_board_view_get_title (view), "No battle");
  wb_board_view_set (view, game, wb_bg_battle_board (m, &b, "Snickersville"));
  gtk_window_present (GTK_WINDOW (window));
  spin_for (300);
  ck_assert_str_eq (wb_board_view_get_title (view),
                    "Battle at Snickersville · round 1 · Confederate: Battle fire");

  ck_assert (wb_board_view_unit_rect (view, "eaa", &r_eaa));
  ck_assert (wb_board_view_unit_rect (view, "vi", &r_vi));
  ck_assert (wb_board_view_unit_rect (view, "viii", &r_viii));
  ck_assert (wb_board_view_unit_rect (view, "sheridan", &r_sheridan));
  ck_assert (wb_board_view_unit_rect (view, "xix", &r_xix));
  /* The defender above the attacker; VI in the river line right of VIII's
   * line; Sheridan at the back; XIX beside the board. */
  ck_assert (r_eaa.origin.y < r_viii.origin.y);
  ck_assert (box_is_right_of (&r_vi, &r_viii));
  ck_assert (r_sheridan.origin.y > r_viii.origin.y);
  ck_assert (box_is_right_of (&r_xix, &r_vi));
  /* A click on a block finds its unit; between blocks, none. */
  ck_assert_str_eq (wb_board_view_unit_at (view, r_viii.origin.x + 5, r_viii.origin.y + 5), "viii");
  ck_assert_str_eq (wb_board_view_unit_at (view, r_vi.origin.x + r_vi.size.width / 2,
                                           r_vi.origin.y + r_vi.size.height / 2), "vi");
  ck_assert_ptr_null (wb_board_view_unit_at (view, 1, 1));

  /* The defender fires: two 6s, two hits for the Union to allocate. */
  ck_assert (wb_bg_battle_roll (&b, &io, NULL));
  wb_board_view_set (view, game, wb_bg_battle_board (m, &b, "Snickersville"));
  ck_assert_str_eq (wb_board_view_get_title (view),
                    "Battle at Snickersville · round 1 · Union: Apply hits");
  /* A step's picks: one hit on VIII picked, VI and VIII may take more. */
  {
    g_autoptr(WbStep) step = wb_step_new ();
    g_autoptr(WbPicks) picks = wb_picks_new ();
    WbPickList *list = wb_step_add_list (step, WB_PICK_BOARD_UNIT, WB_PICK_REPEAT, 1, 2);

    list->badge = g_strdup ("−");
    wb_pick_list_add (list, "vi", NULL, -1);
    wb_pick_list_add (list, "viii", NULL, -1);
    wb_picks_add (picks, 0, "viii");
    wb_board_view_set_picks (view, step, picks);
    ck_assert_uint_eq (wb_board_view_get_picks (view, "viii"), 1);
    ck_assert_uint_eq (wb_board_view_get_picks (view, "vi"), 0);
    ck_assert (wb_board_view_get_pickable (view, "vi"));
    ck_assert (!wb_board_view_get_pickable (view, "eaa"));
    /* A new board drops them. */
    wb_board_view_set (view, game, wb_bg_battle_board (m, &b, "Snickersville"));
    ck_assert_uint_eq (wb_board_view_get_picks (view, "viii"), 0);
    wb_board_view_set_picks (view, step, picks);
  }
  spin_for (200);
  if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
    {
      g_autoptr(GdkTexture) texture = render_widget (window);
      g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "bg-battle-board.png", NULL);
      gdk_texture_save_to_png (texture, shot);
    }
  /* The keyboard: Tab into the board puts it on the first unit (the
   * defender's, above); the arrows go in reading order (VIII, then VI on
   * its right); Enter activates the unit as a click does. */
  {
    GtkWidget *area = gtk_widget_get_last_child (view_w);
    g_autofree char *activated = NULL;

    ck_assert (gtk_widget_get_focusable (area));
    ck_assert (gtk_widget_grab_focus (area));
    spin_for (50);
    /* (Under Xvfb without a window manager the window may not be active:
     * the first arrow then goes to the first unit.) */
    if (wb_board_view_get_focus_unit (view) == NULL)
      ck_assert (press_key (area, GDK_KEY_Right));
    ck_assert_str_eq (wb_board_view_get_focus_unit (view), "eaa");
    ck_assert (!press_key (area, GDK_KEY_Left) || g_strcmp0 (wb_board_view_get_focus_unit (view), "eaa") == 0);
    g_signal_connect_swapped (view, "unit-activated", G_CALLBACK (remember_unit), &activated);
    ck_assert (press_key (area, GDK_KEY_Right));
    ck_assert_str_eq (wb_board_view_get_focus_unit (view), "viii");
    ck_assert (press_key (area, GDK_KEY_Right));
    ck_assert_str_eq (wb_board_view_get_focus_unit (view), "vi");
    if (g_getenv ("WARBENCH_SHOT_DIR") != NULL)
      {
        g_autoptr(GdkTexture) texture = NULL;
        g_autofree char *shot = g_build_filename (g_getenv ("WARBENCH_SHOT_DIR"), "bg-battle-board-keyboard.png", NULL);
        spin_for (100);
        texture = render_widget (window);
        gdk_texture_save_to_png (texture, shot);
      }
    ck_assert (press_key (area, GDK_KEY_Return));
    ck_assert_str_eq (activated, "vi");
    ck_assert (press_key (area, GDK_KEY_Left));
    ck_assert_str_eq (wb_board_view_get_focus_unit (view), "viii");
    ck_assert (press_key (area, GDK_KEY_space));
    ck_assert_str_eq (activated, "viii");
    ck_assert (press_key (area, GDK_KEY_End));
    ck_assert_str_eq (wb_board_view_get_focus_unit (view), "sheridan");
    ck_assert (press_key (area, GDK_KEY_Home));
    ck_assert_str_eq (wb_board_view_get_focus_unit (view), "eaa");
    ck_assert (!press_key (area, GDK_KEY_a));
    g_signal_handlers_disconnect_by_func (view, remember_unit, &activated);
  }
  wb_board_view_set (view, NULL, NULL);
  ck_assert_str_eq (wb_board_view_get_title (view), "No battle");
  ck_assert_ptr_null (wb_board_view_unit_at (view, r_viii.origin.x + 5, r_viii.origin.y + 5));
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-board-view");
  TCase *tc = tcase_create ("board-view");

  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_battle_board);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
