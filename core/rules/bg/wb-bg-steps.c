/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rules/bg/wb-bg-private.h"
#include "rules/bg/wb-bg-battle.h"
#include "rules/bg/wb-bg-fight.h"

/* The Blue & Gray family's steps for the play UI (rules/wb-step.h) and
 * its battle board as a generic board (WbBoard): a unit and the location
 * it moves to; the location a battle is fought at; the location a
 * retreat goes to; on the board, the units that take the hits, the
 * fortified city line, the reinforcements, a re-roll. Which units a click
 * may pick is the board's own rule (a trial allocation on a copy of it),
 * never re-coded by the UI. */

typedef enum {
  BG_STEP_BUTTONS,      /* rolls, replacements, a reaction: the offers */
  BG_STEP_MOVE,
  BG_STEP_BATTLE,       /* a location where a battle is owed */
  BG_STEP_RETREAT_TO,
  BG_STEP_BOARD,        /* the battle board: its stage says what */
} BgStepKind;

static BgStepKind
step_kind (BgData *data, WbMatch *m, const WbBgBattle **board)
{
  const char *what;

  *board = NULL;
  if (m->over || bg_state (m)->react_at > 0)
    return BG_STEP_BUTTONS;
  what = bg_state (m)->battle > 0 ? _wb_bg_fight_awaiting (data, m) : NULL;
  if (what != NULL)
    {
      *board = wb_bg_match_battle (m, NULL, NULL);
      if (strcmp (what, "battle-retreat-to") == 0)
        return BG_STEP_RETREAT_TO;
      return *board != NULL ? BG_STEP_BOARD : BG_STEP_BUTTONS;
    }
  switch (m->step)
    {
    case BG_WEATHER:
    case BG_CAP_ROLL:
    case BG_REPLACEMENTS:
      return BG_STEP_BUTTONS;
    case BG_FIRST_BATTLES:
    case BG_SECOND_BATTLES:
      return BG_STEP_BATTLE;
    default:
      return BG_STEP_MOVE;
    }
}

static GArray *
destinations (gpointer data, WbMatch *m, const char *unit)
{
  return _wb_bg_destinations (data, m, unit);
}

static const char *
unit_id (WbMatch *m, const WbBgBattle *b, int slot)
{
  int index = b->units[slot].index;

  return index >= 0 && (guint) index < m->units->len ? g_array_index (m->units, WbUnitState, index).id : NULL;
}

/* The board slot of the unit @id, or -1. */
static int
slot_of (WbMatch *m, const WbBgBattle *b, const char *id)
{
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;

  return u != NULL ? wb_bg_battle_find (b, (int) (u - &g_array_index (m->units, WbUnitState, 0))) : -1;
}

/* A unit's name as the board shows it: its designation ("VIII"). */
static const char *
board_name (WbMatch *m, const char *id)
{
  WbUnit *unit = id != NULL ? wb_game_find_unit (m->game, id) : NULL;
  const char *designation = unit != NULL ? wb_unit_get_designation (unit) : NULL;

  if (designation != NULL && *designation != '\0')
    return designation;
  return unit != NULL ? wb_unit_get_name (unit) : "?";
}

/* The picks in words: "VI Corps ×2, VIII Corps". */
static char *
picks_text (WbMatch *m, const WbPicks *picks)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; i < wb_picks_count (picks, 0); i++)
    {
      const char *id = wb_picks_get (picks, 0, i);
      WbUnit *unit = wb_game_find_unit (m->game, id);
      const char *name = unit != NULL && wb_unit_get_name (unit) != NULL && *wb_unit_get_name (unit) != '\0'
                         ? wb_unit_get_name (unit) : id;
      guint count = wb_picks_count_value (picks, 0, id);
      gboolean dup = FALSE;

      for (guint k = 0; k < seen->len && !dup; k++)
        dup = strcmp (g_ptr_array_index (seen, k), id) == 0;
      if (dup)
        continue;
      g_ptr_array_add (seen, (gpointer) id);
      if (s->len > 0)
        g_string_append (s, ", ");
      if (count > 1)
        /* TRANSLATORS: a unit and the hits picked for it: "VI Corps ×2" */
        g_string_append_printf (s, _("%s ×%u"), name, count);
      else
        g_string_append (s, name);
    }
  return g_string_free (s, FALSE);
}

/* Whether the hits picked and one more on @slot can be taken, tried on a
 * copy of the board (its own rules, 11.2); the reason when not. */
static char *
why_no_hit (WbMatch *m, const WbBgBattle *b, const WbPicks *picks, int slot, WbBgSide side)
{
  WbBgBattle trial = *b;
  int slots[WB_BG_BATTLE_MAX_UNITS * 2];
  int n = 0, on_slot = 0;
  g_autoptr(GError) error = NULL;
  guint picked = wb_picks_count (picks, 0);

  if (b->units[slot].side != side)
    return g_strdup (_("The hits fall on the other side's units"));
  if ((int) picked >= b->pending_hits)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit is assigned: Apply Hits, or Clear to choose again",
                                         "All %d hits are assigned: Apply Hits, or Clear to choose again",
                                         b->pending_hits), b->pending_hits);
  for (guint i = 0; i < picked && n < (int) G_N_ELEMENTS (slots) - 1; i++)
    {
      slots[n] = slot_of (m, b, wb_picks_get (picks, 0, i));
      on_slot += slots[n] == slot;
      n++;
    }
  slots[n++] = slot;
  on_slot++;
  trial.pending_hits = (guint8) n;
  if (!wb_bg_battle_allocate (&trial, slots, n, NULL, &error))
    return g_strdup (error->message);
  /* Eliminated by the hits before: this one would be lost. */
  if (trial.units[slot].hits != b->units[slot].hits + on_slot)
    return g_strdup (_("That unit is eliminated by the hits picked already"));
  return NULL;
}

static void
board_step (BgData *data, WbMatch *m, const WbBgBattle *b, const WbPicks *picks, WbStep *step)
{
  WbBgSide side;
  WbBgStage stage = wb_bg_battle_stage (b, &side);
  WbPickList *list = NULL;
  guint picked = wb_picks_count (picks, 0);
  g_autofree char *names = picks_text (m, picks);

  step->refusal = g_strdup (_("The battle is fought on the battle board: click its units, or use the prompt's "
                              "buttons"));
  switch (stage)
    {
    case WB_BG_STAGE_ALLOCATE:
      list = wb_step_add_list (step, WB_PICK_BOARD_UNIT, WB_PICK_REPEAT, 1, MAX (b->pending_hits, 1));
      list->badge = g_strdup ("−");
      for (int s = 0; s < b->n_units; s++)
        {
          g_autofree char *why = why_no_hit (m, b, picks, s, side);
          const char *id = unit_id (m, b, s);

          if (id == NULL)
            continue;
          if (why == NULL)
            wb_pick_list_add (list, id, NULL, -1);
          else
            wb_pick_list_set_reason (list, id, why);
        }
      step->act_label = g_strdup (_("_Apply Hits"));
      step->act_tooltip = g_strdup (_("Apply the hits to the units clicked on the battle board"));
      /* TRANSLATORS: the hits clicked on the battle board: the units, then how many of how many */
      step->summary = g_strdup_printf (_("Hits: %s (%u of %d)"), picked > 0 ? names : _("none yet"), picked,
                                       b->pending_hits);
      break;
    case WB_BG_STAGE_DEPLOY:
      list = wb_step_add_list (step, WB_PICK_BOARD_UNIT, 0, 0, b->fortress_capacity);
      for (int s = 0; s < b->n_units; s++)
        {
          const char *id = unit_id (m, b, s);

          if (id == NULL)
            continue;
          if (b->units[s].side != WB_BG_DEFENDER || b->units[s].box != WB_BG_BOX_LINE)
            wb_pick_list_set_reason (list, id, _("Only the defender's line units can take the fortified city line"));
          else if (picked < b->fortress_capacity || wb_picks_count_value (picks, 0, id) > 0)
            wb_pick_list_add (list, id, NULL, -1);
          else
            {
              g_autofree char *full = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                    "The fortified city line holds %d unit",
                                                                    "The fortified city line holds %d units",
                                                                    b->fortress_capacity),
                                                       b->fortress_capacity);
              wb_pick_list_set_reason (list, id, full);
            }
        }
      step->act_label = g_strdup (_("_Fortify"));
      step->act_tooltip = g_strdup (_("The units clicked on the battle board take the fortified city line"));
      /* TRANSLATORS: the units clicked for the fortified city line, then how many of how many */
      step->summary = g_strdup_printf (_("Fortified city line: %s (%u of %d)"), picked > 0 ? names : _("none"),
                                       picked, b->fortress_capacity);
      break;
    case WB_BG_STAGE_REINFORCE:
      list = wb_step_add_list (step, WB_PICK_BOARD_UNIT, 0, 1, WB_BG_BATTLE_MAX_UNITS);
      for (int s = 0; s < b->n_units; s++)
        {
          const char *id = unit_id (m, b, s);

          if (id == NULL)
            continue;
          if (b->units[s].side == side && b->units[s].box == WB_BG_BOX_OFF)
            wb_pick_list_add (list, id, NULL, -1);
          else
            wb_pick_list_set_reason (list, id, _("Only units of the side reinforcing, in adjacent locations, can "
                                                 "try to reinforce"));
        }
      step->act_label = g_strdup (_("_Reinforce"));
      step->act_tooltip = g_strdup (_("The units clicked beside the battle board try to reinforce"));
      if (picked > 0)
        /* TRANSLATORS: the units clicked that try to reinforce the battle */
        step->summary = g_strdup_printf (_("Reinforcements: %s"), names);
      break;
    case WB_BG_STAGE_REROLL:
      list = wb_step_add_list (step, WB_PICK_BOARD_UNIT, 0, 1, 1);
      for (int s = 0; s < b->n_units; s++)
        {
          const char *id = unit_id (m, b, s);

          if (id == NULL)
            continue;
          if (b->units[s].side == side && (b->units[s].flags & WB_BG_UNIT_FAILED_NOW))
            wb_pick_list_add (list, id, NULL, -1);
          else
            wb_pick_list_set_reason (list, id, _("Only a unit that failed its morale check this round can re-roll "
                                                 "it"));
        }
      step->auto_act = TRUE;
      break;
    case WB_BG_STAGE_SETUP:
    case WB_BG_STAGE_FIRE:
    case WB_BG_STAGE_MORALE:
    case WB_BG_STAGE_RETREAT_FIRE:
    case WB_BG_STAGE_RETREAT:
    case WB_BG_STAGE_OVER:
    default:
      step->board_refusal = g_strdup (wb_bg_battle_stage_rolls (stage)
                                      ? _("The battle waits for a roll: the prompt's Roll button")
                                      : _("This step is played with the buttons of the prompt"));
      break;
    }
}

void
_wb_bg_step (BgData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  const WbBgBattle *b;

  switch (step_kind (data, m, &b))
    {
    case BG_STEP_MOVE:
      wb_step_add_unit_moves (step, m, picks, destinations, data, _("These units cannot move now"));
      break;
    case BG_STEP_BATTLE:
    case BG_STEP_RETREAT_TO:
      /* Any location: the family refuses one without a battle, or no
       * retreat there, with its reason. */
      wb_step_add_list (step, WB_PICK_LOCATION, WB_PICK_ANY, 1, 1);
      step->auto_act = TRUE;
      break;
    case BG_STEP_BOARD:
      board_step (data, m, b, picks, step);
      break;
    case BG_STEP_BUTTONS:
    default:
      step->refusal = g_strdup (_("This step is played with the buttons of the prompt"));
      break;
    }
}

static JsonObject *
units_action (const char *type, const WbPicks *picks)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  json_object_set_array_member (a, "units", wb_picks_to_json (picks, 0));
  return a;
}

JsonObject *
_wb_bg_step_action (BgData *data, WbMatch *m, const WbPicks *picks)
{
  const WbBgBattle *b;
  const char *first = wb_picks_get (picks, 0, 0);
  WbUnitState *u;
  WbWhere to;
  JsonObject *a;

  switch (step_kind (data, m, &b))
    {
    case BG_STEP_MOVE:
      u = wb_match_find_unit (m, first);
      if (u == NULL || !wb_step_place (m, WB_PICK_LOCATION, wb_picks_get (picks, 1, 0), &to))
        return NULL;
      a = json_object_new ();
      json_object_set_string_member (a, "type", u->where.kind == WB_WHERE_WAITING ? "enter" : "move");
      json_object_set_string_member (a, "unit", first);
      json_object_set_object_member (a, u->where.kind == WB_WHERE_WAITING ? "at" : "to",
                                     wb_match_where_to_json (m, &to));
      return a;
    case BG_STEP_BATTLE:
    case BG_STEP_RETREAT_TO:
      if (first == NULL)
        return NULL;
      a = json_object_new ();
      if (step_kind (data, m, &b) == BG_STEP_BATTLE)
        {
          json_object_set_string_member (a, "type", "battle");
          json_object_set_string_member (a, "location", first);
        }
      else
        {
          json_object_set_string_member (a, "type", "battle_retreat_to");
          json_object_set_string_member (a, "to", first);
        }
      return a;
    case BG_STEP_BOARD:
      switch (wb_bg_battle_stage (b, NULL))
        {
        case WB_BG_STAGE_ALLOCATE:
          return first != NULL ? units_action ("battle_allocate", picks) : NULL;
        case WB_BG_STAGE_DEPLOY:
          return units_action ("battle_fortify", picks);
        case WB_BG_STAGE_REINFORCE:
          return first != NULL ? units_action ("battle_reinforce", picks) : NULL;
        case WB_BG_STAGE_REROLL:
          if (first == NULL)
            return NULL;
          a = json_object_new ();
          json_object_set_string_member (a, "type", "battle_reroll");
          json_object_set_string_member (a, "unit", first);
          return a;
        case WB_BG_STAGE_SETUP:
        case WB_BG_STAGE_FIRE:
        case WB_BG_STAGE_MORALE:
        case WB_BG_STAGE_RETREAT_FIRE:
        case WB_BG_STAGE_RETREAT:
        case WB_BG_STAGE_OVER:
        default:
          return NULL;
        }
    case BG_STEP_BUTTONS:
    default:
      return NULL;
    }
}

/* ---- The board ---- */

typedef enum {
  BOX_DEF_RESERVE,
  BOX_DEF_FAILED,
  BOX_DEF_LINE,
  BOX_DEF_SPECIAL,
  BOX_ATT_LINE,
  BOX_ATT_SPECIAL,
  BOX_ATT_RESERVE,
  BOX_ATT_FAILED,
  BOX_DEF_CANDIDATES,
  BOX_ATT_CANDIDATES,
  N_BOXES,
} Box;

/* Which box of the board @u stands in (N_BOXES: none). */
static Box
box_of (const WbBgBattleUnit *u)
{
  gboolean att = u->side == WB_BG_ATTACKER;

  switch ((WbBgBox) u->box)
    {
    case WB_BG_BOX_LINE:
      return att ? BOX_ATT_LINE : BOX_DEF_LINE;
    case WB_BG_BOX_CROSSING:
    case WB_BG_BOX_FORTIFIED:
      return att ? BOX_ATT_SPECIAL : BOX_DEF_SPECIAL;
    case WB_BG_BOX_RESERVE:
      return att ? BOX_ATT_RESERVE : BOX_DEF_RESERVE;
    case WB_BG_BOX_FAILED:
      return att ? BOX_ATT_FAILED : BOX_DEF_FAILED;
    case WB_BG_BOX_OFF:
      return att ? BOX_ATT_CANDIDATES : BOX_DEF_CANDIDATES;
    case WB_BG_BOX_GONE:
    default:
      return N_BOXES;
    }
}

static guint
count_in (const WbBgBattle *b, Box box)
{
  guint n = 0;

  for (int i = 0; i < b->n_units; i++)
    n += box_of (&b->units[i]) == box;
  return n;
}

/* The name of the side that acts now. */
static const char *
acting_side_name (WbMatch *m, const WbBgBattle *b)
{
  GPtrArray *sides = wb_game_get_sides (m->game);
  WbBgSide side;

  wb_bg_battle_stage (b, &side);
  for (int i = 0; i < b->n_units; i++)
    {
      int index = b->units[i].index;
      guint s;

      if (b->units[i].side != side || index < 0 || (guint) index >= m->units->len)
        continue;
      s = g_array_index (m->units, WbUnitState, index).side;
      if (s < sides->len)
        return ((WbSide *) g_ptr_array_index (sides, s))->name;
    }
  return side == WB_BG_ATTACKER ? _("Attacker") : _("Defender");
}

WbBoard *
wb_bg_battle_board (WbMatch *m, const WbBgBattle *b, const char *location)
{
  g_autofree char *title = NULL;
  WbBgStage stage = wb_bg_battle_stage (b, NULL);
  int boxes[N_BOXES];
  gboolean def_special = b->fortress_capacity > 0 || count_in (b, BOX_DEF_SPECIAL) > 0;
  gboolean att_special = count_in (b, BOX_ATT_SPECIAL) > 0;
  gboolean candidates = count_in (b, BOX_DEF_CANDIDATES) + count_in (b, BOX_ATT_CANDIDATES) > 0;
  WbBoard *board;

  if (stage == WB_BG_STAGE_OVER)
    /* TRANSLATORS: the battle board's heading: the location, the last round */
    title = g_strdup_printf (_("Battle at %s · round %d · over"), location, b->round);
  else
    /* TRANSLATORS: the battle board's heading: the location, the round, the side to act, what it does */
    title = g_strdup_printf (_("Battle at %s · round %d · %s: %s"), location, b->round, acting_side_name (m, b),
                             wb_bg_battle_stage_name (stage));
  board = wb_board_new (title);
  for (Box x = 0; x < N_BOXES; x++)
    boxes[x] = -1;
  /* The defender's half above — its back row, then its line facing the
   * attacker's (the front between them) —, the attacker's below, the
   * units that may reinforce beside the board (base rules 11.1). */
  boxes[BOX_DEF_RESERVE] = (int) wb_board_add_box (board, _("Reserve"), 0, 1, FALSE, FALSE);
  boxes[BOX_DEF_FAILED] = (int) wb_board_add_box (board, _("Failed Morale"), 0, 1, FALSE, FALSE);
  boxes[BOX_DEF_LINE] = (int) wb_board_add_box (board, _("Defender Line"), 1, 0.58, FALSE, TRUE);
  if (def_special)
    boxes[BOX_DEF_SPECIAL] = (int) wb_board_add_box (board, _("Fortified City Line (+2 dice)"), 1, 0.42, FALSE, TRUE);
  boxes[BOX_ATT_LINE] = (int) wb_board_add_box (board, _("Attacker Line"), 2, 0.58, FALSE, TRUE);
  if (att_special)
    boxes[BOX_ATT_SPECIAL] = (int) wb_board_add_box (board, b->round <= 1 ? _("River / Mountain Line (−1 die)")
                                                                          : _("River / Mountain Line"), 2, 0.42, FALSE, TRUE);
  boxes[BOX_ATT_RESERVE] = (int) wb_board_add_box (board, _("Reserve"), 3, 1, FALSE, FALSE);
  boxes[BOX_ATT_FAILED] = (int) wb_board_add_box (board, _("Failed Morale"), 3, 1, FALSE, FALSE);
  if (candidates)
    {
      boxes[BOX_DEF_CANDIDATES] = (int) wb_board_add_box (board, _("May reinforce"), 0, 1, TRUE, FALSE);
      boxes[BOX_ATT_CANDIDATES] = (int) wb_board_add_box (board, _("May reinforce"), 2, 1, TRUE, FALSE);
    }
  board->front_after = 1;
  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *bu = &b->units[i];
      const char *id = unit_id (m, b, i);
      Box box = box_of (bu);
      g_autofree char *sp = NULL;
      WbBoardUnit *u;
      int dice = wb_bg_battle_unit_dice (b, i);

      if (id == NULL || box == N_BOXES || boxes[box] < 0)
        continue;
      /* Leaders have no SP. */
      if (bu->klass != WB_BG_CLASS_LEADER)
        /* TRANSLATORS: a unit's strength on the battle board: "7 SP" */
        sp = g_strdup_printf (_("%d SP"), bu->sp);
      u = wb_board_add_unit (board, id, board_name (m, id), sp,
                             g_array_index (m->units, WbUnitState, bu->index).side, boxes[box]);
      /* The dice it rolls now (not for units that do not fire: leaders,
       * cavalry, units not in a line). */
      u->dice = bu->klass != WB_BG_CLASS_LEADER && bu->klass != WB_BG_CLASS_CAVALRY && dice > 0 ? dice : 0;
      u->morale = bu->morale;
      u->marks = bu->hits;
    }
  return board;
}

WbBoard *
_wb_bg_board (BgData *data, WbMatch *m)
{
  int loc = -1;
  const WbBgBattle *b = bg_state (m)->battle > 0 ? wb_bg_match_battle (m, NULL, &loc) : NULL;
  const char *name = b != NULL && loc >= 0 && (guint) loc < data->locs->len
                     ? ((WbLocation *) g_ptr_array_index (data->locs, loc))->name : "?";

  return b != NULL ? wb_bg_battle_board (m, b, name) : NULL;
}

void
_wb_bg_tracks (gpointer  p,
               WbMatch  *m,
               GPtrArray *tracks)
{
  BgState *st = bg_state (m);

  /* This turn's, once the Union has rolled it (before: last turn's). */
  if (m->step > BG_WEATHER)
    wb_track_add (tracks, -1, _("Weather"),
                  st->weather == BG_CLEAR ? C_("weather", "Clear") : st->weather == BG_RAIN ? _("Rain") : _("Rain, second turn"),
                  _("This turn's weather: rain costs movement (Base 7)"));
  for (guint side = 0; side < 2 && side < wb_match_n_sides (m); side++)
    {
      g_autofree char *value = g_strdup_printf ("%d", st->cap[side]);

      /* TRANSLATORS: Command Action Points, as the rulebook abbreviates them */
      wb_track_add (tracks, (int) side, _("CAP"), value,
                    _("Command Action Points left this turn: a move or an activation costs one (Base 9)"));
    }
}
