/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-col"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-game.h"
#include "wb-unit.h"
#include "rules/columbia/wb-col-private.h"

/* The Columbia block family's steps for the play UI (rules/wb-step.h):
 * the initiative roll (a button); in the Movement Phase a button per HQ
 * that may activate, then a block and any town it reaches this player
 * turn (the move played at once, through the town its way goes, or by
 * rail), with the road limits left on the roads out of the block's town
 * in the prompt; Player 2's choice of pinned blocks and the owner's
 * stacking losses (blocks of the town, then the prompt's button); in the
 * Supply Phase a town, then a button per block there a step may be bought
 * for and per detachment of the pool that may deploy there (and, with the
 * Detachments sidebar's option, per detachment a brigade there may make
 * or merge). */

typedef enum {
  COL_STEP_BUTTONS,
  COL_STEP_MOVE,
  COL_STEP_CHOOSE,     /* pin (5.4) or stacking losses (3.3) */
  COL_STEP_SUPPLY,
} ColStepKind;

static ColStepKind
step_kind (ColData *data, WbMatch *m, int *loc, int *n, const char **type)
{
  *loc = -1;
  *n = 0;
  *type = NULL;
  if (m->over)
    return COL_STEP_BUTTONS;
  if ((*loc = _wb_col_pin_due (data, m, n)) >= 0)
    {
      *type = "pin";
      return COL_STEP_CHOOSE;
    }
  if ((*loc = _wb_col_stack_due (data, m, n)) >= 0)
    {
      *type = "stack_loss";
      return COL_STEP_CHOOSE;
    }
  switch (m->step)
    {
    case COL_MOVE_1:
    case COL_MOVE_2:
      return COL_STEP_MOVE;
    case COL_SUPPLY_1:
    case COL_SUPPLY_2:
      return COL_STEP_SUPPLY;
    default:
      return COL_STEP_BUTTONS;
    }
}

static GArray *
destinations (gpointer data, WbMatch *m, const char *unit)
{
  return _wb_col_destinations (data, m, unit);
}

static JsonObject *
unit_action (const char *type, const char *unit)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  if (unit != NULL)
    json_object_set_string_member (a, "unit", unit);
  return a;
}

static void
set_location (JsonObject *a, const char *member, ColData *data, int loc)
{
  JsonObject *w = json_object_new ();

  json_object_set_string_member (w, "location", ((WbLocation *) g_ptr_array_index (data->locs, loc))->id);
  json_object_set_object_member (a, member, w);
}

/* 5.21, 6.2: what the roads out of @from have carried this player turn,
 * for the prompt: "To Mt Sidney: 3 of 12 moved, 0 of 6 attacked; …". */
static char *
road_counts (ColData *data, WbMatch *m, int from)
{
  ColState *st = col_state (m);
  GString *s = g_string_new (NULL);

  for (guint e = 0; e < data->adj[from]->len; e++)
    {
      const ColEdge *edge = &g_array_index (data->adj[from], ColEdge, e);

      if (edge->rail || edge->to == data->off_map)
        continue;
      if (s->len > 0)
        g_string_append (s, "; ");
      /* TRANSLATORS: 5.21, 6.2: a road out of the town of the block picked: the town it leads to, the blocks
       * that moved along it this player turn of its move limit, those that attacked of its attack limit */
      g_string_append_printf (s, _("to %s %d/%d, attacking %d/%d"), _wb_col_loc_name (data, edge->to),
                              st->moved[edge->conn], edge->move, st->attacked[edge->conn], edge->attack);
    }
  return g_string_free (s, FALSE);
}

/* 5.21, 6.2 on the map: each road section that carried blocks this
 * player turn, and with a block picked each road out of its town, notes
 * what it carried of its move limit ("3/12"), and of its attack limit when
 * blocks attacked over it or it leads into an enemy or contested town. */
static void
road_notes (ColData *data, WbMatch *m, int picked_at, WbStep *step)
{
  ColState *st = col_state (m);

  for (guint l = 0; l < data->n_loc; l++)
    for (guint e = 0; e < data->adj[l]->len; e++)
      {
        const ColEdge *edge = &g_array_index (data->adj[l], ColEdge, e);
        gboolean out = picked_at >= 0 && (int) l == picked_at, contested = FALSE;
        WbWhere a = { WB_WHERE_LOCATION, { 0, 0 }, NULL }, b = a;
        g_autofree char *text = NULL;
        gboolean enemy = FALSE;

        if (edge->rail || edge->to == data->off_map || (int) l == data->off_map ||
            /* each section once, from its lower end, unless it leaves the picked town */
            (!out && (edge->to == picked_at || (int) l > edge->to)) ||
            (!out && st->moved[edge->conn] == 0 && st->attacked[edge->conn] == 0))
          continue;
        _wb_col_control (data, m, edge->to, &contested);
        for (guint i = 0; i < m->units->len && !enemy; i++)
          {
            WbUnitState *o = &g_array_index (m->units, WbUnitState, i);

            enemy = o->side != m->active && _wb_col_loc (data, &o->where) == edge->to;
          }
        a.place = ((WbLocation *) g_ptr_array_index (data->locs, l))->id;
        b.place = ((WbLocation *) g_ptr_array_index (data->locs, edge->to))->id;
        if (st->attacked[edge->conn] > 0 || (out && (contested || enemy)))
          /* TRANSLATORS: 5.21, 6.2: on a road of the map while moving: blocks moved of its move limit, blocks
           * that attacked of its attack limit */
          text = g_strdup_printf (_("%d/%d · attack %d/%d"), st->moved[edge->conn], edge->move,
                                  st->attacked[edge->conn], edge->attack);
        else
          /* TRANSLATORS: 5.21: on a road of the map while moving: blocks moved along it this player turn of its
           * move limit */
          text = g_strdup_printf (_("%d/%d"), st->moved[edge->conn], edge->move);
        wb_step_add_note (step, &a, &b, text);
      }
}

static void
move_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  const char *picked;
  WbUnitState *u;

  /* 5.1: the HQs that may activate, one button each. */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *h = &g_array_index (m->units, WbUnitState, i);
      int at = _wb_col_loc (data, &h->where);
      g_autofree char *label = NULL;
      g_autofree char *tip = NULL;

      if (h->side != m->active || at < 0 || !(data->roles[i] & COL_HQ) ||
          (h->flags & (COL_ACTIVE | WB_UNIT_MOVED | COL_PINNED)) || _wb_col_strength (h) <= 0 ||
          at == data->off_map)
        continue;
      /* TRANSLATORS: 5.1: a button of the Movement Phase: the HQ, its town */
      label = g_strdup_printf (_("Activate %s (%s)"), _wb_col_unit_name (data, h), _wb_col_loc_name (data, at));
      tip = g_strdup (_("The HQ commands its division's blocks in its town and the adjacent ones, and loses a step "
                        "after the movement (5.1)"));
      wb_step_add_button (step, label, tip, unit_action ("activate", h->id));
    }
  wb_step_add_unit_moves (step, m, picks, destinations, data, _("These blocks cannot move now"));
  picked = wb_picks_get (picks, 0, 0);
  u = picked != NULL ? wb_match_find_unit (m, picked) : NULL;
  if (u != NULL && _wb_col_loc (data, &u->where) >= 0)
    {
      int from = _wb_col_loc (data, &u->where);
      g_autofree char *roads = road_counts (data, m, from);
      gboolean commanded = _wb_col_commanded (data, m, u);

      /* TRANSLATORS: the prompt with a block picked: the block, whether it is commanded or straggles, then the
       * roads out of its town with what they carried this player turn */
      step->summary = g_strdup_printf (_("%s, %s. Roads from %s this player turn: %s"), _wb_col_unit_name (data, u),
                                       commanded ? _("commanded") : _("no command: straggles one town (5.13)"),
                                       _wb_col_loc_name (data, from), roads);
    }
  road_notes (data, m, u != NULL ? _wb_col_loc (data, &u->where) : -1, step);
}

static char *
names_of (ColData *data, WbMatch *m, const WbPicks *picks, guint list)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < wb_picks_count (picks, list); i++)
    {
      WbUnitState *u = wb_match_find_unit (m, wb_picks_get (picks, list, i));

      if (u == NULL)
        continue;
      if (s->len > 0)
        g_string_append (s, ", ");
      g_string_append (s, _wb_col_unit_name (data, u));
    }
  return g_string_free (s, FALSE);
}

/* 5.4 / 3.3: the owner picks @n of its blocks at @loc on a board of
 * them, by a click each (on the map a click on the town could only take
 * its blocks in the order they stand), then the prompt's button. */
static void
choose_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step, int loc, int n, const char *type)
{
  WbPickList *list = wb_step_add_list (step, WB_PICK_BOARD_UNIT, 0, (guint) n, (guint) n);
  gboolean pin = strcmp (type, "pin") == 0;
  g_autofree char *names = names_of (data, m, picks, 0);

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side == m->active && _wb_col_loc (data, &u->where) == loc)
        wb_pick_list_add (list, u->id, NULL, -1);
    }
  if (!pin)
    list->badge = g_strdup ("−");
  step->act_label = g_strdup (pin ? _("_Pin") : _("_Take the Losses"));
  step->act_tooltip = g_strdup (pin ? _("The blocks picked are pinned: they may not leave the battle (5.4)")
                                    : _("The blocks picked lose a step each (3.3)"));
  /* TRANSLATORS: 5.4 / 3.3: the town, the blocks picked, how many of how many */
  step->summary = g_strdup_printf (pin ? _("Pinned at %s: %s (%u of %d)") : _("Losing a step at %s: %s (%u of %d)"),
                                   _wb_col_loc_name (data, loc), wb_picks_count (picks, 0) > 0 ? names : _("none yet"),
                                   wb_picks_count (picks, 0), n);
  step->refusal = g_strdup_printf (_("Pick blocks at %s on the board"), _wb_col_loc_name (data, loc));
}

WbBoard *
_wb_col_choose_board (ColData *data, WbMatch *m)
{
  int loc, n;
  const char *type;
  g_autofree char *title = NULL, *box_title = NULL;
  WbBoard *board;
  guint box;

  if (step_kind (data, m, &loc, &n, &type) != COL_STEP_CHOOSE)
    return NULL;
  title = strcmp (type, "pin") == 0
          /* TRANSLATORS: 5.4: the board of the blocks Player 2 pins: the town, the side, how many */
          ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Pinned at %s · %s: pick the block pinned (5.4)",
                                          "Pinned at %s · %s: pick the %d blocks pinned (5.4)", n),
                             _wb_col_loc_name (data, loc), wb_match_side_name (m, m->active), n)
          /* TRANSLATORS: 3.3: the board of the blocks over the stacking limit: the town, the side, how many */
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Stacking at %s · %s: pick the block that loses a step (3.3)",
                                          "Stacking at %s · %s: pick the %d blocks that lose a step (3.3)", n),
                             _wb_col_loc_name (data, loc), wb_match_side_name (m, m->active), n);
  board = wb_board_new (title);
  /* TRANSLATORS: the play window's toggle between the map and the board of a town's blocks to pick */
  board->name = g_strdup (_("_Pick Blocks"));
  /* TRANSLATORS: the board of a town's blocks: the side, the town */
  box_title = g_strdup_printf (_("%s at %s"), wb_match_side_name (m, m->active), _wb_col_loc_name (data, loc));
  box = wb_board_add_box (board, box_title, 0, 1, FALSE, FALSE);
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      WbUnit *unit;
      const char *designation;
      const WbAttrValue *fire;
      g_autofree char *value = NULL;

      if (u->side != m->active || _wb_col_loc (data, &u->where) != loc)
        continue;
      unit = wb_game_find_unit (data->game, u->id);
      designation = unit != NULL ? wb_unit_get_designation (unit) : NULL;
      fire = unit != NULL ? wb_unit_get_attr (unit, "firepower") : NULL;
      /* TRANSLATORS: a block on the board: its firepower and strength ("C2 · 3") */
      value = g_strdup_printf (_("%s · %d"), fire != NULL && (fire->type == WB_ATTR_STRING || fire->type == WB_ATTR_FIREPOWER) &&
                               fire->s != NULL ? fire->s : "-", _wb_col_strength (u));
      wb_board_add_unit (board, u->id, designation != NULL && *designation != '\0' ? designation
                                                                                    : _wb_col_unit_name (data, u),
                         value, u->side, (int) box);
    }
  return board;
}

/* 7.4: whether the pool detachment @d may deploy at @loc now. */
static gboolean
may_deploy (ColData *data, WbMatch *m, guint d, int loc)
{
  int here = 0;
  gboolean with = FALSE;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, i);

      if (o->side != m->active || _wb_col_loc (data, &o->where) != loc)
        continue;
      here++;
      with = with || (data->division[d] != NULL && data->division[i] == data->division[d] &&
                      _wb_col_supply_of (data, m, o) == 2);
    }
  return with && here < _wb_col_stack_limit (data, loc);
}

static gboolean
in_pool (ColData *data, WbMatch *m, guint i)
{
  WbUnitState *d = &g_array_index (m->units, WbUnitState, i);

  return d->side == m->active && d->where.kind == WB_WHERE_BOX && data->pool[d->side] != NULL &&
         d->where.place == data->pool[d->side];
}

/* The Detachments sidebar (the option "detachments-optional"): a
 * brigade's or a detachment's type, as the rules read it. */
static guint
sidebar_type (ColData *data, guint i)
{
  if (data->roles[i] & COL_DETACHMENT)
    return data->det_type[i];
  return data->roles[i] & (COL_INFANTRY | COL_CAVALRY | COL_ARTILLERY);
}

/* The sidebar's actions at @loc now: a button per brigade that may make a
 * detachment (the first of its division and type in the pool), and per
 * detachment and brigade it may merge into; added to @step unless NULL.
 * Returns how many. */
static guint
sidebar_buttons (ColData *data, WbMatch *m, int loc, WbStep *step)
{
  guint n = 0;
  int here = 0;

  if (!wb_match_has_option (m, COL_OPTION_DETACHMENTS) || loc < 0 || loc == data->off_map)
    return 0;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *o = &g_array_index (m->units, WbUnitState, i);

      here += o->side == m->active && _wb_col_loc (data, &o->where) == loc;
    }
  for (guint b = 0; b < m->units->len; b++)
    {
      WbUnitState *brigade = &g_array_index (m->units, WbUnitState, b);
      guint type = sidebar_type (data, b);

      if (brigade->side != m->active || _wb_col_loc (data, &brigade->where) != loc ||
          (data->roles[b] & COL_DETACHMENT) || type == 0 || data->division[b] == NULL)
        continue;
      for (guint d = 0; d < m->units->len; d++)
        {
          WbUnitState *det = &g_array_index (m->units, WbUnitState, d);
          gboolean pool = in_pool (data, m, d);
          g_autofree char *label = NULL;
          JsonObject *a;

          if (det->side != m->active || !(data->roles[d] & COL_DETACHMENT) || sidebar_type (data, d) != type ||
              data->division[d] != data->division[b])
            continue;
          if (pool && (here >= _wb_col_stack_limit (data, loc) || !_wb_col_can_reduce (data, m, brigade)))
            continue;
          if (!pool && (_wb_col_loc (data, &det->where) != loc || !_wb_col_can_raise (data, m, brigade)))
            continue;
          n++;
          if (step == NULL)
            {
              if (pool)
                break;
              continue;
            }
          if (pool)
            {
              /* TRANSLATORS: the Detachments sidebar: a button of the Supply Phase: the detachment, the brigade */
              label = g_strdup_printf (_("Make %s from %s"), _wb_col_unit_name (data, det),
                                       _wb_col_unit_name (data, brigade));
              a = unit_action ("create_detachment", brigade->id);
              json_object_set_string_member (a, "detachment", det->id);
              wb_step_add_button (step, label, _("The brigade loses a step; the detachment of its division and type "
                                                 "comes from the pool to its town (Detachments sidebar)"), a);
              break;   /* the pool's detachments of a division and type are alike */
            }
          /* TRANSLATORS: the Detachments sidebar: a button of the Supply Phase: the detachment, the brigade */
          label = g_strdup_printf (_("Merge %s into %s"), _wb_col_unit_name (data, det),
                                   _wb_col_unit_name (data, brigade));
          a = unit_action ("merge", det->id);
          json_object_set_string_member (a, "into", brigade->id);
          wb_step_add_button (step, label, _("The brigade gains a step; the detachment goes back to the pool "
                                             "(Detachments sidebar)"), a);
        }
    }
  return n;
}

/* 7.1: the Supply Points a step for @u costs now, or 0 when none may be
 * bought for it (full strength, out of supply, given one already, not
 * enough SP left). */
static int
step_cost (ColData *data, WbMatch *m, WbUnitState *u)
{
  ColState *st = col_state (m);
  int q, cost;

  if (u->side != m->active || _wb_col_loc (data, &u->where) < 0 || (u->flags & COL_SUPPLIED) ||
      !_wb_col_can_raise (data, m, u) || (q = _wb_col_supply_of (data, m, u)) == 0)
    return 0;
  cost = q == 2 ? data->cost_good : data->cost_bad;
  return st->sp[m->active] >= cost ? cost : 0;
}

/* Whether anything is done at @loc in the Supply Phase now: a step bought
 * for a block there, a detachment deployed, made or merged. */
static gboolean
supply_town (ColData *data, WbMatch *m, int loc)
{
  ColState *st = col_state (m);

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (_wb_col_loc (data, &u->where) == loc && step_cost (data, m, u) > 0)
        return TRUE;
      if (st->deployed[m->active] < data->dets_per_phase && in_pool (data, m, i) && may_deploy (data, m, i, loc))
        return TRUE;
    }
  return sidebar_buttons (data, m, loc, NULL) > 0;
}

/* The Supply Phase: the towns where something may be done; a town
 * picked, a button per block a step may be bought for (7.1), per
 * detachment of the pool that may deploy there (7.4) and the sidebar's.
 * Buttons, not clicks on the blocks: a click on a town of several blocks
 * could not say which one the step is for. */
static void
supply_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  ColState *st = col_state (m);
  WbPickList *towns = wb_step_add_list (step, WB_PICK_LOCATION, 0, 1, 1);
  const char *town = wb_picks_get (picks, 0, 0);
  int at = town != NULL ? _wb_col_loc_id (data, town) : -1;

  for (guint l = 0; l < data->n_loc; l++)
    if (supply_town (data, m, (int) l))
      {
        WbWhere w = { WB_WHERE_LOCATION, { 0, 0 }, ((WbLocation *) g_ptr_array_index (data->locs, l))->id };

        wb_pick_list_add (towns, w.place, &w, -1);
      }
  if (at >= 0 && wb_pick_list_find (towns, town) != NULL)
    {
      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          int cost = _wb_col_loc (data, &u->where) == at ? step_cost (data, m, u) : 0;
          g_autofree char *label = NULL;

          if (cost == 0)
            continue;
          /* TRANSLATORS: 7.1: a button of the Supply Phase: the block, the Supply Points it costs */
          label = g_strdup_printf (_("Buy a Step for %s (%d SP)"), _wb_col_unit_name (data, u), cost);
          wb_step_add_button (step, label, _("The block gains a step for Supply Points: 1 in good supply, 2 in bad "
                                             "supply (7.1, 7.3)"), unit_action ("supply", u->id));
        }
      for (guint i = 0; i < m->units->len && st->deployed[m->active] < data->dets_per_phase; i++)
        {
          WbUnitState *d = &g_array_index (m->units, WbUnitState, i);
          g_autofree char *label = NULL;
          JsonObject *a;

          if (!in_pool (data, m, i) || !may_deploy (data, m, i, at))
            continue;
          /* TRANSLATORS: 7.4: a button of the Supply Phase: the detachment, the town */
          label = g_strdup_printf (_("Deploy %s at %s"), _wb_col_unit_name (data, d), _wb_col_loc_name (data, at));
          a = unit_action ("deploy", d->id);
          set_location (a, "to", data, at);
          wb_step_add_button (step, label, _("The detachment joins its division's blocks in the town (7.4)"), a);
        }
      sidebar_buttons (data, m, at, step);
    }
  step->refusal = g_strdup (_("Click a town where a step may be bought for a block or a detachment deployed: full "
                              "strength, out of supply, already given one or not enough SP leave nothing to do "
                              "(7.1, 7.3, 7.4)"));
  /* TRANSLATORS: 7.1: the Supply Points left, then the detachments deployed of those allowed */
  step->summary = g_strdup_printf (_("%d SP left; detachments deployed %d of %d"), st->sp[m->active],
                                   st->deployed[m->active], data->dets_per_phase);
  step->auto_act = TRUE;
}

void
_wb_col_step (ColData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  int loc, n;
  const char *type;

  switch (step_kind (data, m, &loc, &n, &type))
    {
    case COL_STEP_MOVE:
      move_step (data, m, picks, step);
      break;
    case COL_STEP_CHOOSE:
      choose_step (data, m, picks, step, loc, n, type);
      break;
    case COL_STEP_SUPPLY:
      supply_step (data, m, picks, step);
      break;
    case COL_STEP_BUTTONS:
    default:
      if (!m->over && m->step == COL_INITIATIVE)
        wb_step_add_button (step, _("_Roll for the Initiative"),
                            _("Each side rolls two dice: the higher total is Player 1 this turn, the CSA on a tie (2.1)"),
                            unit_action ("initiative", NULL));
      step->refusal = g_strdup (_("This step is played with the buttons of the prompt"));
      break;
    }
}

JsonObject *
_wb_col_step_action (ColData *data, WbMatch *m, const WbPicks *picks)
{
  int loc, n, to, via;
  const char *type;
  gboolean rail;
  WbUnitState *u;
  JsonObject *a;

  switch (step_kind (data, m, &loc, &n, &type))
    {
    case COL_STEP_MOVE:
      u = wb_picks_get (picks, 0, 0) != NULL ? wb_match_find_unit (m, wb_picks_get (picks, 0, 0)) : NULL;
      to = wb_picks_get (picks, 1, 0) != NULL ? _wb_col_loc_id (data, wb_picks_get (picks, 1, 0)) : -1;
      if (u == NULL || to < 0 || !_wb_col_way (data, m, u, to, &via, &rail))
        return NULL;
      a = unit_action ("move", u->id);
      if (via >= 0)
        set_location (a, "via", data, via);
      set_location (a, "to", data, to);
      if (rail)
        json_object_set_boolean_member (a, "rail", TRUE);
      return a;
    case COL_STEP_CHOOSE:
      if (wb_picks_count (picks, 0) != (guint) n)
        return NULL;
      a = unit_action (type, NULL);
      set_location (a, "location", data, loc);
      json_object_set_array_member (a, "units", wb_picks_to_json (picks, 0));
      return a;
    case COL_STEP_SUPPLY:   /* its buttons */
    case COL_STEP_BUTTONS:
    default:
      return NULL;
    }
}

/* The way a move to @to goes: the block's town, the town it goes
 * through, @to; by rail, the railway towns along the line. */
GArray *
_wb_col_route (ColData *data, WbMatch *m, const char *unit, const WbWhere *to)
{
  WbUnitState *u = unit != NULL ? wb_match_find_unit (m, unit) : NULL;
  int dest = to != NULL ? _wb_col_loc (data, to) : -1, via, from;
  gboolean rail;
  GArray *out;
  WbWhere w = { WB_WHERE_LOCATION, { 0, 0 }, NULL };

  if (u == NULL || dest < 0 || (from = _wb_col_loc (data, &u->where)) < 0 ||
      !_wb_col_way (data, m, u, dest, &via, &rail))
    return NULL;
  out = g_array_new (FALSE, TRUE, sizeof (WbWhere));
  w.place = ((WbLocation *) g_ptr_array_index (data->locs, from))->id;
  g_array_append_val (out, w);
  if (rail)
    {
      g_autofree int *path = _wb_col_rail_path (data, m, from, dest, u->side);

      for (int k = 0; path != NULL && path[k] >= 0; k++)
        {
          w.place = ((WbLocation *) g_ptr_array_index (data->locs, path[k]))->id;
          g_array_append_val (out, w);
        }
      return out;
    }
  if (via >= 0)
    {
      w.place = ((WbLocation *) g_ptr_array_index (data->locs, via))->id;
      g_array_append_val (out, w);
    }
  w.place = ((WbLocation *) g_ptr_array_index (data->locs, dest))->id;
  g_array_append_val (out, w);
  return out;
}

void
_wb_col_tracks (gpointer   p,
                WbMatch   *m,
                GPtrArray *tracks)
{
  ColState *st = col_state (m);

  for (guint side = 0; side < 2 && side < wb_match_n_sides (m); side++)
    {
      g_autofree char *value = NULL;

      if (st->initiative[side] <= 0)
        continue;
      value = g_strdup_printf ("%d", st->initiative[side]);
      wb_track_add (tracks, (int) side, _("Initiative"), value,
                    _("This turn's initiative roll: the higher total chooses who is Player 1 (2.1)"));
    }
  if (m->step == COL_SUPPLY_1 || m->step == COL_SUPPLY_2)
    {
      g_autofree char *value = g_strdup_printf ("%d", st->sp[m->active]);

      /* TRANSLATORS: Supply Points, as the rulebook abbreviates them */
      wb_track_add (tracks, (int) m->active, C_("supply points", "SP"), value,
                    _("Supply Points left in this Supply Phase, to rebuild and deploy (7.1)"));
    }
}
