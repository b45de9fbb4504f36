/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-game.h"
#include "wb-scenario.h"
#include "wb-table.h"
#include "wb-table-analysis.h"
#include "wb-unit.h"
#include "rules/wb-play.h"
#include "rules/wb-roles.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The Blind Swords family: the sequence of play (series 4.0), the Command
 * Decision Phase (5.0), the Artillery Phase's alternating steps (6.0), the
 * chit draw (7.0) with its activations and orders (8.1), and the End Turn
 * Phase (14.0); the steps on the map after the order are
 * wb-bs-activation.c's, the combats wb-bs-fight.c's, the scenario's rules
 * wb-bs-scenario.c's, the Fog of War's results wb-bs-fog.c's, the Events'
 * effects wb-bs-events.c's (docs/rules-coverage.md says which sections are
 * played, and what the players play with the overrides). The side listed first in the game plays the USA's part (it
 * acts first, 5.1, 6.1, 7.1, 14.1); the second side pulls the chits on odd
 * turns, the first on even turns (7.2). */

static const WbRuleCheck checks[] = {
  { "bs.sequence", N_("Each phase and step of the game turn is played in order, by the player whose step it is"), "4.0" },
  { "bs.key-chits", N_("Each side chooses its Key Chits, as many as the scenario says, from its own eligible Event chits"), "5.1" },
  { "bs.artillery", N_("An Artillery Step activates one hex of the side's artillery not yet activated this phase, or passes"), "6.1, 6.2, 6.3" },
  { "bs.held-chits", N_("Only a chit the side holds is played from its hand, the USA first, alternately"), "7.1, 14.1" },
  { "bs.draw", N_("The chit puller draws a chit that is in the cup"), "7.2, 7.3" },
  { "bs.event", N_("An Event that must be played at once is not held"), "7.3" },
  { "bs.command-roll", N_("A Division chit rolls against its Command Rating; only a CIC chit may be held"), "7.3" },
  { "bs.command-clarity", N_("Command Clarity replaces the roll of the scenario's listed chits, once per game (or per division)"), "excl. 17.1d, 17.6d" },
  { "bs.brigade", N_("A Division chit activates an unactivated brigade of its division, a CIC any brigade of its side, with units on the map, in the Available box or entering"), "7.3" },
  { "bs.orders", N_("A brigade with a Full Activation is given one of the orders"), "8.1" },
  { "bs.fire", N_("Only units allowed to fire now fire, each once a step, at a target they see and reach"), "9.0, 9.1, 10.7, 6.1" },
  { "bs.move", N_("Only units allowed to move now move, within their Movement Allowance, the terrain, stacking and engagement"), "10.0-10.6, 3.1" },
  { "bs.close", N_("Only the activated brigade's infantry and cavalry under an Attack Order attack, next to the enemy, once a step"), "11.0-11.2" },
  { "bs.stacking", N_("No hex holds more SP than the stacking limit at the end of a move or an advance"), "3.1, 12.7" },
  { "bs.skirmish", N_("Units enter Skirmish Order for 2 MP when not Engaged, alone, two per side at most; they leave it for all their MP"), "excl. 15.0-15.2" },
  { "bs.mount", N_("Cavalry with a dismounted counter mounts or dismounts for 3 MP of its Movement Step, mounting only where a mounted unit may stand"), "10.9" },
  { "bs.charge", N_("A Charge Move meets conditions a)-g)"), "10.10" },
  { "bs.withdraw", N_("Mounted cavalry withdraws one hex away from an enemy that moved within two hexes, or from attacking infantry instead of its Defensive Fire; a unit moves off the map from an edge hex for 1 MP"), "10.8, 11.3b, 10.12" },
  { "bs.advance", N_("Only the victors of a Close Combat advance, into the hex emptied and, after a retreat of two or more or a break, one hex more"), "12.7" },
  { "bs.pioneer", N_("Infantry that began its Full Activation in or next to Fallen Timber places one pioneer there"), "excl. 2.1a" },
  { "bs.fog-of-war", N_("A Fog of War result is applied by the opposing player as the rule says: a hex of the affected side for Battlefield Chaos, a unit one hex for a Wayward Move"), "7.3b" },
  { "bs.restricted", N_("A unit the scenario restricts does not move (or fire) until it is freed"), "excl. 17.1e, 17.3f, 17.4f" },
  { "bs.rally", N_("Only eligible units rally: of the Active Brigade under Defend or Regroup, three hexes from the enemy or in the Available box"), "13.1, 13.2, 6.4" },
  { "bs.pontoon", N_("A Pontoon Bridge goes on a Bayou hex near its side's infantry, is moved as Patterson Gets Lost says, and is fired upon by the enemy's artillery in an Artillery Step"), "excl. 2.1b, 17.6g" },
};

gboolean
_wb_bs_fail (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return FALSE;
}

int
_wb_bs_chit_index (BsData *data, const char *id)
{
  for (guint c = 0; id != NULL && c < data->n_chits; c++)
    if (strcmp (data->chit[c]->id, id) == 0)
      return (int) c;
  return -1;
}

int
_wb_bs_side_index (WbGame *game, const char *id)
{
  GPtrArray *sides = wb_game_get_sides (game);

  for (guint s = 0; id != NULL && s < sides->len; s++)
    if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, s))->id, id) == 0)
      return (int) s;
  return -1;
}

int
_wb_bs_brigade_index (BsData *data, const char *id)
{
  for (guint b = 0; id != NULL && b < data->n_brigades; b++)
    if (strcmp (data->brigade[b], id) == 0)
      return (int) b;
  return -1;
}

/* 7.2: the CSA on odd turns, the USA on even ones. */
guint
_wb_bs_puller (BsData *data, WbMatch *m)
{
  (void) data;
  return m->turn % 2 == 1 ? 1 : 0;
}

/* ---- Who may act, what is eligible ---- */

/* 7.3 (last paragraph), 5.3: a brigade with units on the map, in the
 * Available box of the Broken Track, or entering by now (10.11). */
gboolean
_wb_bs_brigade_eligible (BsData *data, WbMatch *m, guint b)
{
  const char *available = data->n_broken > 0 ? data->broken[data->n_broken - 1] : NULL;

  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (data->unit_brigade[i] != (int) b || !(u->flags & WB_UNIT_IN_SCENARIO))
        continue;
      if (u->where.kind == WB_WHERE_HEX)
        return TRUE;
      if (u->where.kind == WB_WHERE_BOX && available != NULL && u->where.place == available)
        return TRUE;
      if (u->where.kind == WB_WHERE_WAITING && u->arrives > 0 && u->arrives <= m->turn)
        return TRUE;
    }
  return FALSE;
}

static gboolean
division_has_brigade (BsData *data, WbMatch *m, const char *division, gboolean unactivated)
{
  for (guint b = 0; b < data->n_brigades; b++)
    if (data->division[b] == division && _wb_bs_brigade_eligible (data, m, b) &&
        (!unactivated || !(bs_state (m)->brigade[b] & BS_BDE_ACTIVATED)))
      return TRUE;
  return FALSE;
}

static gboolean
side_has_brigade (BsData *data, WbMatch *m, guint side)
{
  for (guint b = 0; b < data->n_brigades; b++)
    if (data->brigade_side[b] == side && _wb_bs_brigade_eligible (data, m, b))
      return TRUE;
  return FALSE;
}

gboolean
_wb_bs_brigade_pickable (BsData *data, WbMatch *m, guint b)
{
  BsState *st = bs_state (m);
  WbChit *chit;

  if (st->drawn == 0 || b >= data->n_brigades || !_wb_bs_brigade_eligible (data, m, b))
    return FALSE;
  chit = data->chit[st->drawn - 1];
  if (data->brigade_side[b] != (guint) data->owner[st->drawn - 1])
    return FALSE;
  switch (chit->level)
    {
    case WB_CHIT_LEVEL_CIC:
      return TRUE;
    case WB_CHIT_LEVEL_DIVISION:
      return data->division[b] == chit->formation && !(st->brigade[b] & BS_BDE_ACTIVATED);
    case WB_CHIT_LEVEL_BRIGADE:
    default:
      return data->brigade[b] == chit->formation;
    }
}

int
_wb_bs_rating (BsData *data, WbMatch *m, guint c)
{
  WbChit *chit = data->chit[c];
  int owner = data->owner[c];

  if (chit->command_rating < 0 || owner < 0 || m->turn < 1 || m->turn > BS_MAX_BONUS_TURNS)
    return chit->command_rating;
  return chit->command_rating + data->bonus[owner][m->turn - 1];
}

gboolean
_wb_bs_clarity_available (BsData *data, WbMatch *m, guint c)
{
  BsState *st = bs_state (m);

  if (c >= data->n_chits || !data->clarity[c] || st->clarity_used[c])
    return FALSE;
  if (!data->clarity_per_division)
    for (guint k = 0; k < data->n_chits; k++)
      if (st->clarity_used[k])
        return FALSE;
  return TRUE;
}

static char *
hex_text (WbMatch *m, WbOffset hex)
{
  WbWhere w = { .kind = WB_WHERE_HEX, .hex = hex };

  return wb_match_where_text (m, &w);
}

gboolean
_wb_bs_artillery_hex (BsData *data, WbMatch *m, guint side, WbOffset hex)
{
  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (data->artillery[i] && u->side == side && u->where.kind == WB_WHERE_HEX && u->where.hex.col == hex.col &&
          u->where.hex.row == hex.row && !(u->flags & BS_UNIT_ARTILLERY_DONE))
        return TRUE;
    }
  return FALSE;
}

static int
compare_text (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
_wb_bs_artillery_hexes (BsData *data, WbMatch *m, guint side)
{
  GPtrArray *hexes = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      char *text;

      if (!data->artillery[i] || u->side != side || u->where.kind != WB_WHERE_HEX ||
          (u->flags & BS_UNIT_ARTILLERY_DONE))
        continue;
      text = hex_text (m, u->where.hex);
      for (guint k = 0; text != NULL && k < hexes->len; k++)
        if (strcmp (g_ptr_array_index (hexes, k), text) == 0)
          g_clear_pointer (&text, g_free);
      if (text != NULL)
        g_ptr_array_add (hexes, text);
    }
  g_ptr_array_sort (hexes, compare_text);
  return hexes;
}

static guint
count_at (BsState *st, BsData *data, BsChitAt at, int side)
{
  guint n = 0;

  for (guint c = 0; c < data->n_chits; c++)
    if (st->at[c] == at && (side < 0 || data->owner[c] == side))
      n++;
  return n;
}

static const char *
chit_name (BsData *data, guint c)
{
  return data->chit[c]->name != NULL ? data->chit[c]->name : data->chit[c]->id;
}

/* ---- The sequence of play ---- */

static void enter_command (BsData *data, WbMatch *m, WbRuleContext *ctx);
static void enter_artillery (BsData *data, WbMatch *m, WbRuleContext *ctx);
static void enter_held (BsData *data, WbMatch *m, WbRuleContext *ctx);

/* 5.1: the side choosing its Key Chits now, from the first; the next when
 * it has chosen them all or has none to choose. FALSE: both have. */
static gboolean
next_key_side (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);

  for (;;)
    {
      guint side = m->active;
      guint need = MIN ((guint) data->key_chits[side], count_at (st, data, BS_AT_POOL, (int) side));

      if (st->keys < need)
        return TRUE;
      if (side == 1)
        return FALSE;
      m->active = 1;
      st->keys = 0;
    }
}

/* 5.2, 5.3: the included Events at random, the rest excluded; the
 * activation chits of the formations in the game and the Wild chits. */
static void
finish_cup (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  for (guint side = 0; side < 2; side++)
    {
      guint pool[BS_MAX_CHITS], n = 0, included = 0, excluded;

      for (guint c = 0; c < data->n_chits; c++)
        if (st->at[c] == BS_AT_POOL && data->owner[c] == (int) side)
          pool[n++] = c;
      while (included < (guint) data->included[side] && n > 0)
        {
          guint k = wb_rng_bounded (&m->rng, n);

          st->at[pool[k]] = BS_AT_CUP;
          pool[k] = pool[--n];
          included++;
        }
      excluded = n;
      for (guint k = 0; k < n; k++)
        st->at[pool[k]] = BS_AT_EXCLUDED;
      m->active = side;
      /* TRANSLATORS: 5.2: Event chits drawn face down into the cup and left out */
      wb_rule_say (ctx, m, g_dngettext (GETTEXT_PACKAGE, "draws %u Event chit at random into the cup and excludes %u (5.2).",
                                        "draws %u Event chits at random into the cup and excludes %u (5.2).", included),
                   included, excluded);
    }
  for (guint c = 0; c < data->n_chits; c++)
    {
      WbChit *chit = data->chit[c];
      gboolean in = FALSE;

      if (data->from_turn[c] == 0 || data->from_turn[c] > m->turn || st->at[c] != BS_AT_OUT)
        continue;
      if (chit->kind == WB_CHIT_WILD)
        in = TRUE;
      else if (chit->kind == WB_CHIT_ACTIVATION)
        switch (chit->level)
          {
          case WB_CHIT_LEVEL_CIC:
            in = side_has_brigade (data, m, (guint) data->owner[c]);
            break;
          case WB_CHIT_LEVEL_DIVISION:
            in = division_has_brigade (data, m, chit->formation, FALSE);
            break;
          case WB_CHIT_LEVEL_BRIGADE:
          default:
            in = _wb_bs_brigade_index (data, chit->formation) >= 0 &&
                 _wb_bs_brigade_eligible (data, m, (guint) _wb_bs_brigade_index (data, chit->formation));
            break;
          }
      if (in)
        st->at[c] = BS_AT_CUP;
    }
  m->active = 0;
  /* TRANSLATORS: 5.3: the cup is ready */
  wb_rule_say (ctx, m, _("The draw cup holds %u chits (5.3)."), count_at (st, data, BS_AT_CUP, -1));
  enter_artillery (data, m, ctx);
}

static void
enter_command (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  m->step = BS_COMMAND;
  m->active = 0;
  st->keys = 0;
  st->passes = 0;
  st->negate = 0;
  st->drawn = 0;
  for (guint c = 0; c < data->n_chits; c++)
    st->at[c] = data->from_turn[c] > 0 && data->from_turn[c] <= m->turn && data->chit[c]->kind == WB_CHIT_EVENT
                ? BS_AT_POOL : BS_AT_OUT;
  if (!next_key_side (data, m))
    finish_cup (data, m, ctx);
}

/* 6.3: a side with no artillery left to activate passes. */
static void
artillery_turn (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  while (st->passes < 2)
    {
      g_autoptr(GPtrArray) hexes = _wb_bs_artillery_hexes (data, m, m->active);

      if (hexes->len > 0)
        return;
      wb_rule_say (ctx, m, _("has no artillery left to activate and passes (6.3)."));
      st->passes++;
      m->active = 1 - m->active;
    }
  m->active = 0;
  wb_rule_say (ctx, m, _("Both players have passed: the Artillery Steps end (6.3)."));
  _wb_bs_enter_art_rally (data, m, ctx);
}

void
_wb_bs_artillery_next (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  m->step = BS_ARTILLERY;
  st->passes = 0;
  m->active = 1 - m->active;
  artillery_turn (data, m, ctx);
}

static void
enter_artillery (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  m->step = BS_ARTILLERY;
  m->active = 0;
  st->passes = 0;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      u->flags &= ~(guint32) (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED | BS_UNIT_MOVED);
      u->data[BS_DATA_SPENT] = 0;
      /* 10.11: artillery reinforcements are placed at the start of the phase. */
      if (i < data->n_units && data->artillery[i] && _wb_bs_due (m, u))
        {
          m->active = u->side;
          _wb_bs_arrive (data, m, u, ctx);
        }
    }
  m->active = 0;
  if (_wb_bs_pontoon_artillery (data, m, ctx))   /* excl. 17.6g: the repair roll first */
    return;
  artillery_turn (data, m, ctx);
}

/* 7.1: the held chits are offered, the USA first, alternately, until both
 * decline in a row; then the next chit is drawn, or with the cup empty the
 * turn ends (14.1 is the same offer). A side holding nothing declines. */
static void end_turn (BsData *data, WbMatch *m, WbRuleContext *ctx);

static void
held_turn (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  while (st->passes < 2)
    {
      if (count_at (st, data, BS_AT_HELD, (int) m->active) > 0)
        return;
      st->passes++;
      m->active = 1 - m->active;
    }
  if (st->final)
    {
      end_turn (data, m, ctx);
      return;
    }
  m->step = BS_DRAW;
  m->active = _wb_bs_puller (data, m);
}

static void
enter_held (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  m->step = BS_HELD;
  m->active = 0;
  st->passes = 0;
  st->drawn = 0;
  st->acting = 0;
  st->activation = BS_ACT_NONE;
  st->order = 0;
  st->roll = 0;
  st->cic = 0;
  st->final = count_at (st, data, BS_AT_CUP, -1) == 0;
  held_turn (data, m, ctx);
}

/* 14.2: the scenario's occupy entries: a place is held by the side that
 * last had units in it alone (at the end of a turn), from the set-up on. */
static void
score (BsData *data, WbMatch *m, gboolean at_start)
{
  BsState *st = bs_state (m);
  GPtrArray *victory = wb_scenario_get_victory (m->scenario);
  guint objective = 0;

  m->vp[0] = m->vp[1] = 0;
  for (guint v = 0; victory != NULL && v < victory->len; v++)
    {
      WbVictory *vc = g_ptr_array_index (victory, v);
      int side = _wb_bs_side_index (data->game, vc->side);

      if (vc->kind != WB_VICTORY_OCCUPY || vc->places == NULL)
        continue;
      for (guint p = 0; p < vc->places->len && objective < data->n_objectives; p++, objective++)
        {
          const WbPlace *pl = &g_array_index (vc->places, WbPlace, p);
          WbWhere where;
          gboolean here[2] = { FALSE, FALSE };

          if (!wb_match_place_where (m, pl, &where, NULL))
            continue;
          for (guint i = 0; i < m->units->len; i++)
            {
              WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

              if (u->side < 2 && wb_where_equal (&u->where, &where))
                here[u->side] = TRUE;
            }
          if (at_start)
            st->holder[objective] = (gint8) data->first_holder;
          if (here[0] != here[1])
            st->holder[objective] = here[0] ? 0 : 1;
          if (side >= 0 && st->holder[objective] == side)
            wb_match_add_vp (m, (guint) side, vc->vp);
        }
    }
}

static void
end_turn (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);
  GPtrArray *victory = wb_scenario_get_victory (m->scenario);

  m->active = 0;
  /* 14.1 is over: what is still held is gathered with the rest (14.5). */
  for (guint c = 0; c < data->n_chits; c++)
    if (st->at[c] == BS_AT_HELD)
      st->at[c] = BS_AT_DISCARD;
  /* 14.2 */
  score (data, m, FALSE);
  _wb_bs_update_control (data, m, FALSE);
  /* TRANSLATORS: 14.2: the VP of each side from the scenario's places */
  wb_rule_say (ctx, m, _("End Turn: Victory Points from the scenario's places: %s %d, %s %d (14.2)."),
               wb_match_side_name (m, 0), m->vp[0], wb_match_side_name (m, 1), m->vp[1]);
  /* 14.3 */
  memset (st->brigade, 0, sizeof st->brigade);
  /* 7.3b: Battlefield Chaos ends with the turn, and so do the Events. */
  _wb_bs_chaos_update (data, m, TRUE);
  _wb_bs_events_end_turn (data, m);
  /* Excl. 14.4: the Fallen Timber Reduction Phase. */
  _wb_bs_fallen_timber_reduction (data, m, ctx);
  /* 14.4: 1 → Available first, then 2 → 1, then 3 → 2 (12.8a). */
  for (int k = (int) data->n_broken - 2; k >= 0; k--)
    {
      guint moved = 0;

      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

          if (u->where.kind == WB_WHERE_BOX && u->where.place == data->broken[k])
            {
              u->where.place = data->broken[k + 1];
              moved++;
            }
        }
      if (moved > 0)
        {
          WbWhere from = { .kind = WB_WHERE_BOX, .place = data->broken[k] };
          WbWhere to = { .kind = WB_WHERE_BOX, .place = data->broken[k + 1] };
          g_autofree char *a = wb_match_where_text (m, &from);
          g_autofree char *b = wb_match_where_text (m, &to);

          /* TRANSLATORS: 14.4: units moved down the Broken Track */
          wb_rule_say (ctx, m, g_dngettext (GETTEXT_PACKAGE, "%u unit moves from %s to %s (14.4).",
                                            "%u units move from %s to %s (14.4).", moved), moved, a, b);
        }
    }
  /* 14.5 */
  if (m->turn >= wb_match_n_turns (m))
    {
      g_autofree char *result = NULL;

      m->over = TRUE;
      _wb_bs_final_victory (data, m, ctx);
      result = wb_match_result_text (m);
      /* TRANSLATORS: 14.5: the end of the game: the VP and the result */
      wb_rule_say (ctx, m, _("The last turn is over: %s %d VP, %s %d VP. %s."), wb_match_side_name (m, 0), m->vp[0],
                   wb_match_side_name (m, 1), m->vp[1], result);
      for (guint v = 0; victory != NULL && v < victory->len; v++)
        {
          WbVictory *vc = g_ptr_array_index (victory, v);

          if (vc->kind == WB_VICTORY_TEXT && vc->text != NULL && !_wb_bs_has_levels (data))
            /* TRANSLATORS: the scenario's victory conditions the players judge themselves */
            wb_rule_say (ctx, m, _("The players judge: %s"), vc->text);
        }
      if (wb_scenario_get_victory_text (m->scenario) != NULL && !_wb_bs_has_levels (data))
        wb_rule_say (ctx, m, _("The players judge: %s"), wb_scenario_get_victory_text (m->scenario));
      return;
    }
  m->turn++;
  enter_command (data, m, ctx);
}

static void
bs_start (gpointer p, WbMatch *m)
{
  BsData *data = p;
  BsState *st = bs_state (m);

  /* Entry 0 has no log: what the first Command Decision Phase would say
   * without a choice (a scenario without Key Chits) is not kept. */
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
  WbRuleContext quiet = { .events = events, .match = m };

  score (data, m, TRUE);
  _wb_bs_update_control (data, m, TRUE);
  st->started = 1;
  m->turn = 1;
  m->active = 0;
  m->step = BS_COMMAND;
  enter_command (data, m, &quiet);
  _wb_bs_pontoon_start (data, m);   /* excl. 17.6g: before the game begins */
}

/* ---- Actions ---- */

static WbApplyResult
refuse (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return WB_APPLY_REFUSED;
}

static int
chit_member (BsData *data, JsonObject *action, GError **error)
{
  const char *id = wb_json_string (action, "chit", NULL);
  int c = _wb_bs_chit_index (data, id);

  if (c < 0)
    _wb_bs_fail (error, _("The game has no chit “%s”"), id != NULL ? id : "");
  return c;
}

static gboolean
in_step (WbRuleContext *ctx, WbMatch *m, BsStep step, GError **error, const char *what)
{
  return wb_rule_check (ctx, m, "bs.sequence", m->step == (int) step, error,
                        _("%s is not played now (4.0)"), what);
}

static WbApplyResult
key_chit (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  int c;

  if (!in_step (ctx, m, BS_COMMAND, error, _("A Key Chit")))
    return WB_APPLY_REFUSED;
  if ((c = chit_member (data, action, error)) < 0)
    return WB_APPLY_REFUSED;
  if (m->step != BS_COMMAND || st->at[c] != BS_AT_POOL)
    return refuse (error, _("%s is not an eligible Event chit now"), chit_name (data, (guint) c));
  if (!wb_rule_check (ctx, m, "bs.key-chits", data->owner[c] == (int) m->active, error,
                      _("%s is not one of %s's Event chits (5.1)"), chit_name (data, (guint) c),
                      wb_match_side_name (m, m->active)))
    return WB_APPLY_REFUSED;
  st->at[c] = BS_AT_CUP;
  st->keys++;
  /* TRANSLATORS: 5.1: the other side reads that a Key Chit was chosen, not which */
  wb_rule_say_secret (ctx, m, m->active, _("chooses a Key Chit (5.1)."), _("chooses %s as a Key Chit (5.1)."),
                      chit_name (data, (guint) c));
  if (!next_key_side (data, m))
    finish_cup (data, m, ctx);
  return WB_APPLY_DONE;
}

static WbApplyResult
artillery (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *text = wb_json_string (action, "hex", "");
  WbWhere where;
  g_autofree char *name = NULL;
  guint n = 0;

  if (!in_step (ctx, m, BS_ARTILLERY, error, _("An Artillery Step")))
    return WB_APPLY_REFUSED;
  if (m->step != BS_ARTILLERY)
    return refuse (error, _("There are no Artillery Steps now"));
  if (!wb_step_place (m, WB_PICK_HEX, text, &where))
    return refuse (error, _("The map has no hex “%s”"), text);
  if (!wb_rule_check (ctx, m, "bs.artillery", _wb_bs_artillery_hex (data, m, m->active, where.hex), error,
                      _("%s has no artillery at %s that has not been activated this phase (6.1)"),
                      wb_match_side_name (m, m->active), text))
    return WB_APPLY_REFUSED;
  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (data->artillery[i] && u->side == m->active && wb_where_equal (&u->where, &where) &&
          !(u->flags & BS_UNIT_ARTILLERY_DONE))
        n++;
    }
  name = wb_match_where_text (m, &where);
  /* TRANSLATORS: 6.1: an Artillery Step: each unit of the hex fires or moves */
  wb_rule_say (ctx, m, g_dngettext (GETTEXT_PACKAGE, "activates %u artillery unit at %s: it fires or moves (6.1).",
                                    "activates %u artillery units at %s: each fires or moves (6.1).", n), n, name);
  _wb_bs_begin_art_hex (data, m, where.hex, ctx);
  return WB_APPLY_DONE;
}

/* The chit being resolved is done with: back in the cup (a Division chit
 * whose division has unactivated brigades left, 7.3), else discarded. */
static void
chit_done (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);
  guint c;

  if (st->drawn == 0)
    return;
  c = st->drawn - 1u;
  if (data->chit[c]->kind == WB_CHIT_ACTIVATION && data->chit[c]->level == WB_CHIT_LEVEL_DIVISION &&
      !st->cic && division_has_brigade (data, m, data->chit[c]->formation, TRUE))
    {
      st->at[c] = BS_AT_CUP;
      /* TRANSLATORS: 7.3: a Division chit goes back into the cup */
      wb_rule_say (ctx, m, _("%s's chit goes back into the cup (7.3)."), chit_name (data, c));
    }
  else
    st->at[c] = BS_AT_DISCARD;
  st->drawn = 0;
}

void
_wb_bs_activation_done (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  if (st->acting > 0)
    /* TRANSLATORS: the activation's steps are over */
    wb_rule_say (ctx, m, _("The activation of %s ends."), data->brigade_name[st->acting - 1]);
  chit_done (data, m, ctx);
  enter_held (data, m, ctx);
}

void
_wb_bs_after_artillery (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  enter_held (data, m, ctx);
}

void
_wb_bs_fog_finished (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  enter_held (data, m, ctx);
}

/* A chit starts being resolved: an Event offered to its owner, a CIC or
 * Division chit to its roll. */
static void
resolve (BsData *data, WbMatch *m, guint c, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);
  WbChit *chit = data->chit[c];

  st->drawn = (guint8) (c + 1);
  st->at[c] = BS_AT_DRAWN;
  switch (chit->kind)
    {
    case WB_CHIT_EVENT:
      m->step = BS_EVENT;
      m->active = (guint) data->owner[c];
      break;
    case WB_CHIT_WILD:
      if (chit->wild == WB_CHIT_WILD_FORTUNES_OF_WAR)
        {
          st->negate = 1;
          st->at[c] = BS_AT_DISCARD;
          st->drawn = 0;
          wb_rule_say (ctx, m, _("Fortunes of War: the next chit drawn is negated (7.3a)."));
          enter_held (data, m, ctx);
        }
      else
        {
          m->step = BS_FOG;
          m->active = 1 - _wb_bs_puller (data, m);
        }
      break;
    case WB_CHIT_ACTIVATION:
    default:
      m->active = (guint) data->owner[c];
      if (chit->level == WB_CHIT_LEVEL_BRIGADE)
        {
          st->activation = BS_ACT_FULL;
          m->step = BS_BRIGADE;
        }
      else
        m->step = BS_ROLL;
      break;
    }
}

static WbApplyResult
draw (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *given = wb_json_string (action, "chit", NULL);
  guint cup[BS_MAX_CHITS], n = 0, c;
  WbChit *chit;

  if (!in_step (ctx, m, BS_DRAW, error, _("A chit draw")))
    return WB_APPLY_REFUSED;
  if (m->step != BS_DRAW)
    return refuse (error, _("No chit is drawn now"));
  for (guint k = 0; k < data->n_chits; k++)
    if (st->at[k] == BS_AT_CUP)
      cup[n++] = k;
  g_assert (n > 0);
  if (given != NULL)
    {
      /* Drawn from a real cup (physical dice): the players say which. */
      int g = _wb_bs_chit_index (data, given);

      if (g < 0)
        return refuse (error, _("The game has no chit “%s”"), given);
      if (!wb_rule_check (ctx, m, "bs.draw", st->at[g] == BS_AT_CUP, error,
                          _("%s is not in the cup (7.3)"), chit_name (data, (guint) g)))
        return WB_APPLY_REFUSED;
      c = (guint) g;
    }
  else
    c = cup[wb_rng_bounded (&m->rng, n)];
  chit = data->chit[c];
  if (chit->kind == WB_CHIT_EVENT)
    {
      g_autofree char *pub = g_strdup_printf (_("draws an Event chit of %s."),
                                              wb_match_side_name (m, (guint) data->owner[c]));

      /* TRANSLATORS: 7.3: an Event chit is handed face down to its owner */
      wb_rule_say_secret (ctx, m, (guint) data->owner[c], pub, _("draws the Event chit %s."), chit_name (data, c));
    }
  else
    wb_rule_say (ctx, m, _("draws the chit %s."), chit_name (data, c));
  if (st->negate)
    {
      st->negate = 0;
      if (chit->kind == WB_CHIT_ACTIVATION && chit->level == WB_CHIT_LEVEL_DIVISION &&
          division_has_brigade (data, m, chit->formation, TRUE))
        {
          /* 7.3a: a brigade of the division is marked activated, doing nothing. */
          st->drawn = (guint8) (c + 1);
          st->at[c] = BS_AT_DRAWN;
          st->activation = BS_ACT_NEGATED;
          m->step = BS_BRIGADE;
          m->active = (guint) data->owner[c];
          return WB_APPLY_DONE;
        }
      st->at[c] = BS_AT_DISCARD;
      wb_rule_say (ctx, m, _("Fortunes of War: %s is discarded with no effect (7.3a)."), chit_name (data, c));
      enter_held (data, m, ctx);
      return WB_APPLY_DONE;
    }
  resolve (data, m, c, ctx);
  return WB_APPLY_DONE;
}

/* An Event played (7.3): its effect as data (wb-bs-events.c); TRUE when it
 * waits for the hex it goes to. */
static gboolean
play_event (BsData *data, WbMatch *m, guint c, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);
  guint8 resume = (guint8) m->step;

  st->at[c] = BS_AT_DISCARD;
  if (st->drawn == c + 1)
    st->drawn = 0;
  return _wb_bs_event_play (data, m, c, resume, ctx);
}

void
_wb_bs_event_resume (BsData *data, WbMatch *m, guint8 resume, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  if (resume == BS_HELD)
    {
      /* 7.1: then the other side may play one. */
      m->step = BS_HELD;
      st->passes = 0;
      m->active = 1 - m->active;
      held_turn (data, m, ctx);
      return;
    }
  enter_held (data, m, ctx);
}

static WbApplyResult
play_chit (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  int c;

  if (m->step != BS_EVENT && m->step != BS_HELD)
    {
      if (!wb_rule_check (ctx, m, "bs.held-chits", FALSE, error,
                          _("Chits are played when drawn or before a draw (7.1)")))
        return WB_APPLY_REFUSED;
      return refuse (error, _("No chit may be played now"));
    }
  if ((c = chit_member (data, action, error)) < 0)
    return WB_APPLY_REFUSED;
  if (m->step == BS_EVENT)
    {
      if ((guint) c + 1 != st->drawn)
        return refuse (error, _("%s is not the chit drawn"), chit_name (data, (guint) c));
      if (!play_event (data, m, (guint) c, ctx))
        enter_held (data, m, ctx);
      return WB_APPLY_DONE;
    }
  if (!wb_rule_check (ctx, m, "bs.held-chits", st->at[c] == BS_AT_HELD && data->owner[c] == (int) m->active,
                      error, _("%s does not hold %s (7.1)"), wb_match_side_name (m, m->active),
                      chit_name (data, (guint) c)))
    return WB_APPLY_REFUSED;
  if (data->chit[c]->kind == WB_CHIT_EVENT)
    {
      if (!play_event (data, m, (guint) c, ctx))
        _wb_bs_event_resume (data, m, BS_HELD, ctx);
      return WB_APPLY_DONE;
    }
  if (data->chit[c]->kind != WB_CHIT_ACTIVATION || data->chit[c]->level != WB_CHIT_LEVEL_CIC)
    return refuse (error, _("%s cannot be held and played later"), chit_name (data, (guint) c));
  wb_rule_say (ctx, m, _("plays the held chit %s (7.1)."), chit_name (data, (guint) c));
  st->final = 0;
  st->drawn = (guint8) (c + 1);
  st->at[c] = BS_AT_DRAWN;
  m->step = BS_ROLL;
  return WB_APPLY_DONE;
}

static WbApplyResult
hold (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  guint c;

  (void) action;
  if (st->drawn == 0 || (m->step != BS_EVENT && m->step != BS_ROLL))
    {
      if (!in_step (ctx, m, BS_EVENT, error, _("Holding a chit")))
        return WB_APPLY_REFUSED;
      return refuse (error, _("No chit drawn may be held now"));
    }
  c = st->drawn - 1u;
  if (m->step == BS_EVENT)
    {
      if (!wb_rule_check (ctx, m, "bs.event", data->chit[c]->play != WB_CHIT_PLAY_IMMEDIATE, error,
                          _("%s must be played at once (7.3)"), chit_name (data, c)))
        return WB_APPLY_REFUSED;
    }
  else if (!wb_rule_check (ctx, m, "bs.command-roll", data->chit[c]->level == WB_CHIT_LEVEL_CIC && !st->roll,
                           error, _("Only a CIC chit may be held (7.3)")))
    return WB_APPLY_REFUSED;
  st->at[c] = BS_AT_HELD;
  st->drawn = 0;
  if (data->chit[c]->kind == WB_CHIT_EVENT)
    /* TRANSLATORS: 7.3: an Event chit kept face down */
    wb_rule_say_secret (ctx, m, m->active, _("holds the Event chit drawn, face down (7.3)."),
                        _("holds %s, face down (7.3)."), chit_name (data, c));
  else
    wb_rule_say (ctx, m, _("holds %s for later (7.3)."), chit_name (data, c));
  enter_held (data, m, ctx);
  return WB_APPLY_DONE;
}

/* 7.3b: the non-puller rolls one die on the Fog of War Chit Table; a cell
 * the rulebook does not give ("?") is the players' to give; the result is
 * played by wb-bs-fog.c. */
static WbApplyResult
fog_of_war (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *cell = NULL;
  const WbResultCode *code = NULL;
  int face;

  if (!in_step (ctx, m, BS_FOG, error, _("The Fog of War roll")))
    return WB_APPLY_REFUSED;
  if (m->step != BS_FOG)
    return refuse (error, _("The Fog of War chit has not been drawn"));
  if (!wb_rule_die (ctx, m, action, 0, 6, &face, error))
    return WB_APPLY_REFUSED;
  if (data->fog != NULL)
    {
      cell = wb_table_resolve (data->fog, 0, face);
      if (cell != NULL && wb_table_cell_is_unknown (cell))
        {
          const char *given = wb_json_string (action, "result", NULL);

          if (given == NULL || wb_table_find_code (data->fog, given) == NULL)
            {
              wb_rule_needs_result (ctx, data->fog, 0, face, error);
              return WB_APPLY_REFUSED;
            }
          cell = given;
        }
      code = cell != NULL ? wb_table_find_code (data->fog, cell) : NULL;
    }
  if (code != NULL)
    /* TRANSLATORS: 7.3b: the roll and the result's name */
    wb_rule_say (ctx, m, _("Fog of War: %d, %s (7.3b)."), face, code->name != NULL ? code->name : code->code);
  else
    wb_rule_say (ctx, m, _("Fog of War: %d (%s) (7.3b)."), face, cell != NULL ? cell : _("no table"));
  st->at[st->drawn - 1] = BS_AT_DISCARD;
  st->drawn = 0;
  {
    GError *local = NULL;

    gboolean waits = _wb_bs_fog_result (data, m, code != NULL ? code->code : cell, action, ctx, &local);

    if (local != NULL)
      {
        g_propagate_error (error, local);
        return WB_APPLY_REFUSED;
      }
    if (waits)
      return WB_APPLY_DONE;   /* the opposing player chooses */
  }
  enter_held (data, m, ctx);
  return WB_APPLY_DONE;
}

/* 7.3: a CIC or Division chit's Command Roll: one die at most the Command
 * Rating is a Full Activation; above, a Division gets a Limited one and a
 * CIC none. Command Clarity (exclusive 17.xd) gives a Full one instead. A
 * rating the rulebook does not give ("?") is the players' ("rating"). */
static WbApplyResult
command_roll (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  WbChit *chit;
  guint c;
  gboolean clarity = wb_json_bool (action, "clarity", FALSE);
  int rating, face = 0;

  if (!in_step (ctx, m, BS_ROLL, error, _("A Command Roll")))
    return WB_APPLY_REFUSED;
  if (m->step != BS_ROLL || st->drawn == 0)
    return refuse (error, _("No CIC or Division chit waits for its roll"));
  c = st->drawn - 1u;
  chit = data->chit[c];
  rating = _wb_bs_rating (data, m, c);
  if (clarity)
    {
      if (!wb_rule_check (ctx, m, "bs.command-clarity",
                          chit->level == WB_CHIT_LEVEL_DIVISION && _wb_bs_clarity_available (data, m, c), error,
                          _("Command Clarity is not available for %s"), chit_name (data, c)))
        return WB_APPLY_REFUSED;
      st->clarity_used[c] = 1;
      st->activation = BS_ACT_FULL;
      /* TRANSLATORS: exclusive 17.1d: Command Clarity instead of the roll */
      wb_rule_say (ctx, m, _("declares Command Clarity for %s: a Full Activation."), chit_name (data, c));
    }
  else if (chit->automatic || rating == WB_CHIT_RATING_NONE)
    {
      st->activation = BS_ACT_FULL;
      wb_rule_say (ctx, m, _("%s activates automatically (7.3)."), chit_name (data, c));
    }
  else
    {
      if (rating == WB_CHIT_RATING_UNKNOWN)
        {
          int given = (int) wb_json_int (action, "rating", -1);

          if (given < 0 || given > WB_CHIT_RATING_MAX)
            return refuse (error, _("The Command Rating of %s is not in the rulebook text: give it as “rating” "
                                    "(0–%d)"), chit_name (data, c), WB_CHIT_RATING_MAX);
          /* The printed rating the players give, with the turn's bonus (17.6i). */
          rating = given + (data->owner[c] >= 0 && m->turn >= 1 && m->turn <= BS_MAX_BONUS_TURNS
                            ? data->bonus[data->owner[c]][m->turn - 1] : 0);
        }
      if (!wb_rule_die (ctx, m, action, 0, 6, &face, error))
        return WB_APPLY_REFUSED;
      st->roll = (guint8) face;
      st->activation = face <= rating ? BS_ACT_FULL
                       : chit->level == WB_CHIT_LEVEL_CIC ? BS_ACT_NONE : BS_ACT_LIMITED;
      /* TRANSLATORS: 7.3: the Command Roll: the die, the rating, the result */
      if (rating != chit->command_rating && chit->command_rating >= 0)
        /* TRANSLATORS: 17.6i: the rating raised this turn */
        wb_rule_say (ctx, m, _("%s's Command Rating is %d this turn (%+d, the scenario's bonus)."), chit_name (data, c),
                     rating, rating - chit->command_rating);
      wb_rule_say (ctx, m, _("rolls %d for %s (Command Rating %d): %s (7.3)."), face, chit_name (data, c), rating,
                   st->activation == BS_ACT_FULL ? _("a Full Activation")
                   : st->activation == BS_ACT_LIMITED ? _("a Limited Activation") : _("no activation"));
    }
  if (chit->level == WB_CHIT_LEVEL_CIC)
    st->cic = 1;
  if (st->activation == BS_ACT_NONE)
    {
      st->at[c] = BS_AT_DISCARD;
      st->drawn = 0;
      enter_held (data, m, ctx);
      return WB_APPLY_DONE;
    }
  {
    gboolean any = FALSE;

    for (guint b = 0; b < data->n_brigades && !any; b++)
      any = _wb_bs_brigade_pickable (data, m, b);
    if (!any)
      {
        wb_rule_say (ctx, m, _("No brigade may be activated by %s (7.3)."), chit_name (data, c));
        chit_done (data, m, ctx);
        enter_held (data, m, ctx);
        return WB_APPLY_DONE;
      }
  }
  m->step = BS_BRIGADE;
  return WB_APPLY_DONE;
}

static WbApplyResult
activate (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *id = wb_json_string (action, "brigade", "");
  int b = _wb_bs_brigade_index (data, id);
  guint c;

  if (!in_step (ctx, m, BS_BRIGADE, error, _("A brigade's activation")))
    return WB_APPLY_REFUSED;
  if (m->step != BS_BRIGADE || st->drawn == 0)
    return refuse (error, _("No chit activates a brigade now"));
  if (b < 0)
    return refuse (error, _("The game has no brigade “%s”"), id);
  c = st->drawn - 1u;
  if (!wb_rule_check (ctx, m, "bs.brigade", _wb_bs_brigade_pickable (data, m, (guint) b), error,
                      _("%s cannot be activated by %s (7.3)"), data->brigade_name[b], chit_name (data, c)))
    return WB_APPLY_REFUSED;
  if (!st->cic)
    st->brigade[b] |= BS_BDE_ACTIVATED;
  st->acting = (guint8) (b + 1);
  switch (st->activation)
    {
    case BS_ACT_NEGATED:
      /* TRANSLATORS: 7.3a: Fortunes of War negates a Division chit */
      wb_rule_say (ctx, m, _("marks %s activated, doing nothing (Fortunes of War, 7.3a)."), data->brigade_name[b]);
      chit_done (data, m, ctx);
      enter_held (data, m, ctx);
      break;
    case BS_ACT_LIMITED:
      /* TRANSLATORS: 7.3: a Limited Activation is a Fire Combat Step only */
      wb_rule_say (ctx, m, _("activates %s: a Limited Activation, a Fire Combat Step only (7.3)."),
                   data->brigade_name[b]);
      _wb_bs_begin_steps (data, m, ctx);
      break;
    case BS_ACT_FULL:
    default:
      wb_rule_say (ctx, m, _("activates %s: a Full Activation (7.3)."), data->brigade_name[b]);
      _wb_bs_enter_reinforcements (data, m, (guint) b, ctx);
      m->step = BS_ORDERS;
      break;
    }
  return WB_APPLY_DONE;
}

static const char *
order_name (const char *order)
{
  if (g_strcmp0 (order, "attack") == 0)
    return _("Attack");
  if (g_strcmp0 (order, "defend") == 0)
    return _("Defend");
  if (g_strcmp0 (order, "maneuver") == 0)
    return _("Maneuver");
  if (g_strcmp0 (order, "regroup") == 0)
    return _("Regroup");
  return order;
}

const char *
_wb_bs_order_name (const char *order)
{
  return order_name (order);
}

static WbApplyResult
order (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);
  const char *given = wb_json_string (action, "order", "");
  int k = -1;

  if (!in_step (ctx, m, BS_ORDERS, error, _("A brigade's order")))
    return WB_APPLY_REFUSED;
  if (m->step != BS_ORDERS || st->acting == 0)
    return refuse (error, _("No brigade waits for its order"));
  for (guint o = 0; o < data->n_orders; o++)
    if (strcmp (data->orders[o], given) == 0)
      k = (int) o;
  if (!wb_rule_check (ctx, m, "bs.orders", k >= 0, error, _("“%s” is not one of the orders (8.1)"), given))
    return WB_APPLY_REFUSED;
  if (k < 0)
    return refuse (error, _("“%s” is not one of the orders (8.1)"), given);
  st->order = (guint8) (k + 1);
  /* TRANSLATORS: 8.1: the order given */
  wb_rule_say (ctx, m, _("gives %s the %s order (8.1)."), data->brigade_name[st->acting - 1],
               order_name (data->orders[k]));
  _wb_bs_begin_steps (data, m, ctx);
  return WB_APPLY_DONE;
}

static WbApplyResult
end_step (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BsState *st = bs_state (m);

  (void) action;
  switch (m->step)
    {
    case BS_ARTILLERY:
      /* TRANSLATORS: 6.3: a pass in the Artillery Phase */
      wb_rule_say (ctx, m, _("passes (6.3)."));
      st->passes++;
      m->active = 1 - m->active;
      artillery_turn (data, m, ctx);
      return WB_APPLY_DONE;
    case BS_HELD:
      /* TRANSLATORS: 7.1: the side plays no held chit now */
      wb_rule_say (ctx, m, _("plays no held chit (7.1)."));
      st->passes++;
      m->active = 1 - m->active;
      held_turn (data, m, ctx);
      return WB_APPLY_DONE;
    default:
      {
        WbApplyResult r = m->step == BS_CHAOS || m->step == BS_WAYWARD
                          ? _wb_bs_fog_apply (data, m, "end_step", action, ctx, error)
                          : _wb_bs_map_apply (data, m, "end_step", action, ctx, error);

        if (r != WB_APPLY_NOT_MINE)
          return r;
      }
      if (!wb_rule_check (ctx, m, "bs.sequence", FALSE, error, _("This step is not ended so: %s"),
                          m->step == BS_COMMAND ? _("choose the Key Chits (5.1)")
                          : m->step == BS_DRAW ? _("draw a chit (7.3)")
                          : m->step == BS_EVENT ? _("play or hold the Event (7.3)")
                          : m->step == BS_FOG ? _("roll for the Fog of War (7.3b)")
                          : m->step == BS_ROLL ? _("make the Command Roll (7.3)")
                          : m->step == BS_BRIGADE ? _("choose the brigade (7.3)")
                          : _("give the brigade its order (8.1)")))
        return WB_APPLY_REFUSED;
      return refuse (error, _("This step waits for its action"));
    }
}

static WbApplyResult apply_action (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx,
                                   GError **error);

static WbApplyResult
bs_apply (gpointer p, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  WbApplyResult r;

  if (!m->over && !_wb_bs_restricted_ok (p, m, action, wb_json_string (action, "type", ""), ctx, error))
    return WB_APPLY_REFUSED;
  r = apply_action (p, m, action, ctx, error);
  if (r == WB_APPLY_DONE && ctx->preview == NULL)
    {
      const char *type = wb_json_string (action, "type", "");

      /* Huzzah! goes with the side's next Close Combat only. */
      if (strcmp (type, "close_combat") == 0)
        _wb_bs_events_close_done (p, m, m->active);
      _wb_bs_chaos_update (p, m, FALSE);
      _wb_bs_refresh_badges (p, m);
      _wb_bs_check_releases (p, m, ctx);
      _wb_bs_check_arrivals (p, m, ctx);
    }
  return r;
}

static WbApplyResult
apply_action (BsData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *type = wb_json_string (action, "type", "");

  if (m->over)
    return WB_APPLY_NOT_MINE;
  if (m->step == BS_PONTOON || strcmp (type, "fire_pontoon") == 0)
    return _wb_bs_pontoon_apply (data, m, type, action, ctx, error);
  if (strcmp (type, "end_step") == 0)
    return end_step (data, m, action, ctx, error);
  if (strcmp (type, "key_chit") == 0)
    return key_chit (data, m, action, ctx, error);
  if (strcmp (type, "artillery") == 0)
    return artillery (data, m, action, ctx, error);
  if (strcmp (type, "draw") == 0)
    return draw (data, m, action, ctx, error);
  if (strcmp (type, "play_chit") == 0)
    return play_chit (data, m, action, ctx, error);
  if (strcmp (type, "hold") == 0)
    return hold (data, m, action, ctx, error);
  if (strcmp (type, "fog_of_war") == 0)
    return fog_of_war (data, m, action, ctx, error);
  if (strcmp (type, "command_roll") == 0)
    return command_roll (data, m, action, ctx, error);
  if (strcmp (type, "activate") == 0)
    return activate (data, m, action, ctx, error);
  if (strcmp (type, "order") == 0)
    return order (data, m, action, ctx, error);
  if (m->step == BS_CHAOS || m->step == BS_WAYWARD)
    return _wb_bs_fog_apply (data, m, type, action, ctx, error);
  if (m->step == BS_EVENT_HEX)
    return _wb_bs_event_apply (data, m, type, action, ctx, error);
  return _wb_bs_map_apply (data, m, type, action, ctx, error);
}

static guint
bs_player (gpointer p, WbMatch *m)
{
  (void) p;
  return m->active;
}

static JsonObject *
bs_suggest (gpointer p, WbMatch *m, WbRng *rng)
{
  JsonObject *pontoon = _wb_bs_pontoon_suggest (p, m, rng);   /* excl. 17.6g */

  if (pontoon != NULL)
    return pontoon;
  if (!m->over && (m->step == BS_CHAOS || m->step == BS_WAYWARD))
    return _wb_bs_fog_suggest (p, m, rng);
  if (!m->over && m->step == BS_EVENT_HEX)
    return _wb_bs_event_suggest (p, m);
  return _wb_bs_suggest (p, m, rng);
}

static void
bs_step (gpointer p, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  if (!m->over && (m->step == BS_CHAOS || m->step == BS_WAYWARD))
    _wb_bs_fog_step (p, m, picks, step);
  else if (!m->over && m->step == BS_EVENT_HEX)
    _wb_bs_event_step (p, m, step);
  else if (!m->over && m->step == BS_PONTOON)
    _wb_bs_pontoon_step (p, m, picks, step);
  else
    {
      _wb_bs_step (p, m, picks, step);
      _wb_bs_pontoon_buttons (p, m, step);   /* excl. 17.6g: fire at a bridge */
    }
}

static JsonObject *
bs_step_action (gpointer p, WbMatch *m, const WbPicks *picks)
{
  if (m->step == BS_CHAOS || m->step == BS_WAYWARD)
    return _wb_bs_fog_step_action (p, m, picks);
  if (m->step == BS_EVENT_HEX)
    return _wb_bs_event_step_action (p, m, picks);
  if (m->step == BS_PONTOON)
    return _wb_bs_pontoon_step_action (p, m, picks);
  return _wb_bs_step_action (p, m, picks);
}

static WbBoard *
bs_board (gpointer p, WbMatch *m)
{
  return _wb_bs_board (p, m);
}

static const WbRulesChange changes[] = {
  { 2, FALSE, N_("The brigades' Fire Combat, Movement, Close Combat and Rally Steps and the artillery's fire, "
                 "movement and rally are played on the map (they were left to the overrides): the steps after "
                 "an order and an Artillery Step's actions are new") },
};

static const WbRole roles[] = {
  { "artillery", WB_ROLE_ON_UNIT_CLASS,
    N_("Artillery: independent of brigades, activated a hex at a time in the Artillery Phase (6.0)") },
  { "cavalry", WB_ROLE_ON_UNIT_CLASS,
    N_("Mounted cavalry: Charge Moves (10.10), no Defensive Fire with CC weapons (11.3a), 3 columns left when "
       "attacked (11.0c xvi); a class without a role is infantry (dismounted cavalry too, 10.9)") },
  { "pioneer", WB_ROLE_ON_UNIT_CLASS,
    N_("Pioneers: no stacking, never the Lead Unit, no combat, removed by any loss (excl. 2.1a)") },
  { "marker", WB_ROLE_ON_UNIT_CLASS,
    N_("A counter that is no fighting unit (a pontoon bridge): no stacking, no combat, no line of sight") },
};

static const WbRulesFamily family = {
  .id = "blind-swords",
  .name = N_("Blind Swords chit-pull games"),
  .checks = checks,
  .n_checks = G_N_ELEMENTS (checks),
  .prepare = _wb_bs_prepare,
  .release = _wb_bs_release,
  .start = bs_start,
  .describe_step = _wb_bs_describe_step,
  .destinations = _wb_bs_destinations,
  .awaiting = _wb_bs_awaiting,
  .player = bs_player,
  .hint = _wb_bs_hint,
  .suggest = bs_suggest,
  .apply = bs_apply,
  .step = bs_step,
  .step_action = bs_step_action,
  .board = bs_board,
  .version = 2,
  .changes = changes,
  .n_changes = G_N_ELEMENTS (changes),
  .params = _wb_bs_params,
  .n_params = WB_BS_N_PARAMS,
  .roles = roles,
  .n_roles = G_N_ELEMENTS (roles),
};

const WbRulesFamily *
wb_bs_family (void)
{
  return &family;
}
