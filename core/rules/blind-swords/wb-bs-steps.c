/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "rules/blind-swords/wb-bs-private.h"

/* The play window's steps (docs/rules-engine.md, "Steps and boards"): a
 * button for each choice the chit draw offers — a Key Chit of the side's
 * own, a held chit, the draw, play or hold an Event, the Command Roll,
 * Command Clarity, a brigade, an order, the end of the activation —, the
 * hexes of the side's artillery on the map in the Artillery Phase, and a
 * board of the chits: the cup's count, the chit drawn, each side's held
 * chits (the other side's face down) and the discards. */

static JsonObject *
action (const char *type)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  return a;
}

static JsonObject *
with (JsonObject *a, const char *member, const char *value)
{
  json_object_set_string_member (a, member, value);
  return a;
}

static const char *
name_of (BsData *data, guint c)
{
  return data->chit[c]->name != NULL ? data->chit[c]->name : data->chit[c]->id;
}

void
_wb_bs_step (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  BsState *st = bs_state (m);

  (void) picks;
  if (m->over)
    return;
  switch (m->step)
    {
    case BS_COMMAND:
      for (guint c = 0; c < data->n_chits; c++)
        if (st->at[c] == BS_AT_POOL && data->owner[c] == (int) m->active)
          {
            /* TRANSLATORS: a button: choose this Event chit as a Key Chit (5.1) */
            g_autofree char *label = g_strdup_printf (_("Key Chit: %s"), name_of (data, c));

            wb_step_add_button (step, label, data->chit[c]->text,
                                with (action ("key_chit"), "chit", data->chit[c]->id));
          }
      break;
    case BS_ARTILLERY:
      {
        g_autoptr(GPtrArray) hexes = _wb_bs_artillery_hexes (data, m, m->active);
        WbPickList *list = wb_step_add_list (step, WB_PICK_HEX, 0, 1, 1);

        for (guint k = 0; k < hexes->len; k++)
          {
            WbWhere where;

            if (wb_step_place (m, WB_PICK_HEX, g_ptr_array_index (hexes, k), &where))
              wb_pick_list_add (list, g_ptr_array_index (hexes, k), &where, -1);
          }
        list->refusal = g_strdup (_("No artillery of yours to activate is there"));
        step->auto_act = TRUE;
        wb_step_add_button (step, _("_Pass"), _("Activate no artillery now (6.3)"), action ("end_step"));
        break;
      }
    case BS_HELD:
      for (guint c = 0; c < data->n_chits; c++)
        if (st->at[c] == BS_AT_HELD && data->owner[c] == (int) m->active)
          {
            /* TRANSLATORS: a button: play a held chit */
            g_autofree char *label = g_strdup_printf (_("Play %s"), name_of (data, c));

            wb_step_add_button (step, label, data->chit[c]->text, with (action ("play_chit"), "chit", data->chit[c]->id));
          }
      wb_step_add_button (step, _("Play _None"), _("Play no held chit now (7.1)"), action ("end_step"));
      break;
    case BS_DRAW:
      wb_step_add_button (step, _("_Draw a Chit"), _("Draw a chit from the cup at random (7.3)"), action ("draw"));
      break;
    case BS_EVENT:
      {
        guint c = st->drawn - 1u;
        g_autofree char *label = g_strdup_printf (_("Play %s"), name_of (data, c));

        wb_step_add_button (step, label, data->chit[c]->text, with (action ("play_chit"), "chit", data->chit[c]->id));
        wb_step_add_button (step, _("_Hold It"), _("Keep the Event face down to play later (7.3)"), action ("hold"));
        break;
      }
    case BS_FOG:
      wb_step_add_button (step, _("_Roll for the Fog of War"), _("One die on the Fog of War Chit Table (7.3b)"),
                          action ("fog_of_war"));
      break;
    case BS_ROLL:
      {
        guint c = st->drawn - 1u;
        WbChit *chit = data->chit[c];
        g_autofree char *label = NULL;

        if (chit->automatic || chit->command_rating == WB_CHIT_RATING_NONE)
          label = g_strdup_printf (_("_Activate with %s"), name_of (data, c));
        else if (chit->command_rating >= 0)
          /* TRANSLATORS: a button: the Command Roll against the chit's rating */
          label = g_strdup_printf (_("_Roll for %s (Command Rating %d)"), name_of (data, c), _wb_bs_rating (data, m, c));
        if (label != NULL)
          wb_step_add_button (step, label, _("One die at most the Command Rating: a Full Activation (7.3)"),
                              action ("command_roll"));
        else
          /* A rating the file leaves "?": the players say what the chit prints. */
          for (int r = 1; r <= WB_CHIT_RATING_MAX; r++)
            {
              JsonObject *a = action ("command_roll");
              g_autofree char *l = g_strdup_printf (_("Roll for %s at Command Rating %d"), name_of (data, c), r);

              json_object_set_int_member (a, "rating", r);
              wb_step_add_button (step, l, _("The rating printed on the chit, which the game file does not give"), a);
            }
        if (chit->level == WB_CHIT_LEVEL_DIVISION && _wb_bs_clarity_available (data, m, c))
          {
            JsonObject *a = action ("command_roll");

            json_object_set_boolean_member (a, "clarity", TRUE);
            wb_step_add_button (step, _("Command _Clarity"), _("A Full Activation without the roll, once per game"), a);
          }
        if (chit->level == WB_CHIT_LEVEL_CIC)
          wb_step_add_button (step, _("_Hold It"), _("Keep the CIC chit to play before a later draw (7.3)"),
                              action ("hold"));
        break;
      }
    case BS_BRIGADE:
      for (guint b = 0; b < data->n_brigades; b++)
        if (_wb_bs_brigade_pickable (data, m, b))
          {
            /* TRANSLATORS: a button: activate this brigade */
            g_autofree char *label = g_strdup_printf (_("Activate %s"), data->brigade_name[b]);

            wb_step_add_button (step, label, NULL, with (action ("activate"), "brigade", data->brigade[b]));
          }
      break;
    case BS_ORDERS:
      for (guint o = 0; o < data->n_orders; o++)
        {
          g_autofree char *label = g_strdup_printf ("_%s", _wb_bs_order_name (data->orders[o]));

          wb_step_add_button (step, label, NULL, with (action ("order"), "order", data->orders[o]));
        }
      break;
    default:
      _wb_bs_map_step (data, m, picks, step);
      break;
    }
}

JsonObject *
_wb_bs_step_action (BsData *data, WbMatch *m, const WbPicks *picks)
{
  if (m->step > BS_ORDERS)
    return _wb_bs_map_step_action (data, m, picks);
  if (m->step != BS_ARTILLERY || wb_picks_count (picks, 0) == 0)
    return NULL;
  return with (action ("artillery"), "hex", wb_picks_get (picks, 0, 0));
}

/* The chits as the side to act may see them: the cup by count, its own
 * held chits face up and the other side's face down, the chit drawn (an
 * Event only for its owner), the discards; under them the Broken Track's
 * boxes with the units in each (12.8). */
WbBoard *
_wb_bs_board (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);
  WbBoard *board;
  g_autofree char *title = NULL, *cup = NULL;
  guint in_cup = 0, b_drawn, b_held[2], b_discard;

  if (m->over || m->step == BS_COMMAND || m->step == BS_ARTILLERY || m->step >= BS_ORDERS)
    return NULL;
  for (guint c = 0; c < data->n_chits; c++)
    in_cup += st->at[c] == BS_AT_CUP;
  /* TRANSLATORS: the chit board's title: the cup's count */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Chits · %u in the cup", "Chits · %u in the cup", in_cup),
                           in_cup);
  board = wb_board_new (title);
  board->name = g_strdup (_("_Chits"));
  cup = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Cup: %u chit", "Cup: %u chits", in_cup), in_cup);
  wb_board_add_box (board, cup, 0, 1, FALSE, FALSE);
  b_drawn = wb_board_add_box (board, _("Drawn"), 0, 1, FALSE, TRUE);
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *held = g_strdup_printf (_("Held by %s"), wb_match_side_name (m, s));

      b_held[s] = wb_board_add_box (board, held, 1, 1, FALSE, FALSE);
    }
  b_discard = wb_board_add_box (board, _("Discarded"), 2, 1, FALSE, FALSE);
  /* 12.8: the Broken Track, a box each (3 … Available), both sides' units. */
  {
    guint first = board->boxes->len;

    for (guint k = 0; k < data->n_broken; k++)
      {
        WbWhere box = { .kind = WB_WHERE_BOX, .place = data->broken[k] };
        g_autofree char *name = wb_match_where_text (m, &box);

        wb_board_add_box (board, name, 3, 1, FALSE, FALSE);
      }
    for (guint i = 0; i < m->units->len && i < data->n_units; i++)
      {
        const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

        for (guint k = 0; u->where.kind == WB_WHERE_BOX && k < data->n_broken; k++)
          if (u->where.place == data->broken[k])
            {
              g_autofree char *text = wb_match_unit_text (m, u);

              wb_board_add_unit (board, u->id, text, NULL, u->side, (int) (first + k));
            }
      }
  }
  for (guint c = 0; c < data->n_chits; c++)
    {
      guint side = data->owner[c] >= 0 ? (guint) data->owner[c] : 0;
      /* A Wild chit belongs to neither side: drawn neutral. */
      guint colour = data->owner[c] >= 0 ? (guint) data->owner[c] : G_MAXUINT;
      gboolean hidden = data->chit[c]->kind == WB_CHIT_EVENT && data->owner[c] != (int) m->active;
      const char *label = hidden ? _("Event") : name_of (data, c);

      switch (st->at[c])
        {
        case BS_AT_DRAWN:
          wb_board_add_unit (board, data->chit[c]->id, label, NULL, colour, (int) b_drawn);
          break;
        case BS_AT_HELD:
          wb_board_add_unit (board, hidden ? "" : data->chit[c]->id, label, NULL, colour, (int) b_held[side]);
          break;
        case BS_AT_DISCARD:
          wb_board_add_unit (board, data->chit[c]->id, name_of (data, c), NULL, colour, (int) b_discard);
          break;
        default:
          break;
        }
    }
  return board;
}
