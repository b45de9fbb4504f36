/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-solo"

#include "config.h"

#include <check.h>
#include <string.h>

#include "rules/wb-play-reason.h"
#include "wb-play-dialog.h"
#include "wb-play-prompt.h"
#include "wb-window.h"

#include "gui-common.h"
#include "gui-play-gestures.h"

/* Solo play (issue 19): a whole Battle of the Wilderness started from New
 * Playtest… with the automatic player on one side, the person's side
 * played by clicks. The automatic side plays on its own at its pace (and
 * one action per Step when the pace says so), its actions carry their
 * reasons into the log, no hand-over screen interrupts a person alone,
 * undo takes the person back to their last decision, and the journal
 * replays to the state on screen. */

static WbPlayDialog *
find_play_dialog (void)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (tops, i);
      if (WB_IS_PLAY_DIALOG (w))
        return WB_PLAY_DIALOG (w);
    }
  return NULL;
}

typedef struct {
  WbPlayAuto *a;
} AutoWait;

static gboolean
person_to_play (gpointer data)
{
  AutoWait *w = data;

  return !wb_play_auto_to_act (w->a) || wb_play_get_state (wb_play_auto_get_play (w->a))->over;
}

/* The side named @name in the game. */
static guint
side_index (WbGame *game, const char *name)
{
  GPtrArray *sides = wb_game_get_sides (game);

  for (guint i = 0; i < sides->len; i++)
    if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, i))->id, name) == 0)
      return i;
  ck_abort_msg ("no side %s", name);
  return 0;
}

START_TEST (test_solo_game)
{
  WbWindow *window = open_test_game ();
  WbGame *game = wb_window_get_game (window);
  g_autoptr(GError) error = NULL;
  WbPlayDialog *dialog;
  WbPlay *play;
  WbPlayAuto *autop;
  WbPlayPrompt *prompt;
  WbRng policy;
  guint person, automaton, gestures = 0, automatic_entries = 0, reasons = 0;
  gboolean undone = FALSE, stepped = FALSE;
  AutoWait wait;

  /* New Playtest…: the Union played by the automatic player, one action
   * per Step at first. */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-playtest", NULL));
  dialog = find_play_dialog ();
  ck_assert_ptr_nonnull (dialog);
  automaton = side_index (game, "union");
  person = 1 - automaton;
  wb_play_dialog_set (dialog, "historical", NULL, 23, FALSE);
  wb_play_dialog_set_automatic (dialog, automaton, TRUE);
  wb_play_dialog_set_pace (dialog, 0);
  ck_assert (wb_play_dialog_get_automatic (dialog, automaton));
  ck_assert (!wb_play_dialog_get_automatic (dialog, person));
  ck_assert_uint_eq (wb_play_dialog_get_pace (dialog), 0);
  save_shot (GTK_WIDGET (dialog), "solo-dialog", 300);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (dialog), "play.start", NULL));
  ck_assert (wb_window_get_playing (window));
  play = wb_window_get_play (window);
  autop = wb_window_get_play_auto (window);
  ck_assert_ptr_nonnull (autop);
  ck_assert (wb_play_auto_get_side (autop, automaton) && !wb_play_auto_get_side (autop, person));
  ck_assert_int_eq (wb_play_auto_person (autop), (int) person);
  ck_assert (gtk_widget_get_visible (find_named (GTK_WIDGET (window), "solo-bar")));
  wait_until_settled (wb_window_get_map_view (window));
  prompt = WB_PLAY_PROMPT (find_type (GTK_WIDGET (window), WB_TYPE_PLAY_PROMPT));
  wb_rng_seed (&policy, 23, 1);
  wait.a = autop;

  while (!wb_play_get_state (play)->over)
    {
      WbJournal *journal = wb_play_get_journal (play);
      GtkWidget *ready = find_named (GTK_WIDGET (window), "handover-ready");

      /* A person alone at the screen is never asked to hand it over. */
      ck_assert (ready == NULL || !gtk_widget_is_visible (ready));
      if (wb_play_auto_to_act (autop))
        {
          guint before = wb_journal_get_n_entries (journal);

          if (!stepped)
            {
              /* Pace 0: nothing happens by itself; Step plays one action. */
              spin_for (50);
              ck_assert_uint_eq (wb_journal_get_n_entries (journal), before);
              ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-step", NULL));
              ck_assert_uint_eq (wb_journal_get_n_entries (journal), before + 1);
              save_shot (GTK_WIDGET (window), "solo-step", 300);
              stepped = TRUE;
              /* Then on its own, quickly. */
              wb_play_auto_set_pace (autop, 1);
            }
          ck_assert_msg (spin_until (person_to_play, &wait, 60000), "the automatic player stalled: %s",
                         wb_play_auto_get_status (autop));
          continue;
        }
      {
        g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);
        guint32 decision = wb_journal_get_cursor (journal);
        guint before = wb_journal_get_n_entries (journal);

        ck_assert_ptr_nonnull (a);
        play_gesture (window, play, prompt, a);
        ck_assert_msg (wb_journal_get_n_entries (journal) == before + 1, "gesture %u (%s) made no entry",
                       gestures, json_object_get_string_member (a, "type"));
        gestures++;
        /* Once, after the automatic player has answered a person's end of
         * step: undo goes back past its answers to before the person's
         * decision, and the automatic player does not replay on its own. */
        if (!undone && gestures > 40 && strcmp (json_object_get_string_member (a, "type"), "end_step") == 0)
          {
            spin_until (person_to_play, &wait, 60000);
            guint32 reached = wb_journal_get_cursor (journal);

            if (reached != decision && wb_journal_get_entry (journal, reached)->parent != decision)
              {
                ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
                ck_assert_uint_eq (wb_journal_get_cursor (journal), decision);
                spin_for (50);
                ck_assert_uint_eq (wb_journal_get_cursor (journal), decision);
                undone = TRUE;
                /* Redo walks the same way back; the automatic player
                 * waits while there is something to redo. */
                while (wb_journal_get_cursor (journal) != reached)
                  {
                    ck_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
                    spin_for (5);
                  }
                ck_assert_uint_eq (wb_journal_get_n_entries (journal), reached + 1);
              }
          }
      }
      ck_assert_uint_lt (gestures, 20000);
    }
  ck_assert (undone);
  ck_assert_uint_gt (gestures, 50);
  save_shot (GTK_WIDGET (window), "solo-over", 300);

  /* The automatic player's actions are the Union's, each with its reason
   * in the journal and in the log. */
  {
    WbJournal *journal = wb_play_get_journal (play);
    GPtrArray *log = wb_play_get_log (play);

    for (guint32 id = wb_journal_get_cursor (journal); id != 0;)
      {
        const WbJournalEntry *e = wb_journal_get_entry (journal, id);
        const char *reason = NULL;

        if (wb_play_action_is_automatic (e->action, &reason))
          {
            automatic_entries++;
            ck_assert_ptr_nonnull (reason);
            ck_assert (*reason != '\0');
          }
        id = e->parent;
      }
    for (guint i = 0; i < log->len; i++)
      if (strstr (((WbLogEvent *) g_ptr_array_index (log, i))->text, "automatic player: ") != NULL)
        reasons++;
    ck_assert_uint_gt (automatic_entries, 50);
    ck_assert_uint_eq (reasons, automatic_entries);
  }
  /* Replaying the journal gives the state on screen. */
  {
    WbMatch *shown = (WbMatch *) wb_map_view_get_match (wb_window_get_map_view (window));
    g_autoptr(WbMatch) again = wb_play_replay (play, wb_journal_get_cursor (wb_play_get_journal (play)), NULL,
                                               &error);
    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    ck_assert (again->over && shown->over);
    for (guint s = 0; s < 2; s++)
      ck_assert_int_eq (again->vp[s], shown->vp[s]);
    for (guint i = 0; i < again->units->len; i++)
      {
        WbUnitState *x = &g_array_index (again->units, WbUnitState, i);
        WbUnitState *y = &g_array_index (shown->units, WbUnitState, i);
        ck_assert (wb_where_equal (&x->where, &y->where));
        ck_assert_int_eq (x->halves, y->halves);
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("test-gui-play-solo");
  TCase *tc;

  if (test_game == NULL)
    return s;
  tc = tcase_create ("solo");
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_solo_game);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
