/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-scenario.h"
#include "wb-unit.h"
#include "rules/bg/wb-bg-private.h"

/* The Blue & Gray Campaign family's victory conditions as data: reading
 * rules.params.victory (each condition checked, an error naming its JSON
 * path) and playing them at the end of a player turn, of a game turn, of
 * the game or at any time (docs/rules-engine.md lists the vocabulary). */

/* ---- The victory conditions (rules.params.victory) ---- */

static const char * const victory_types[BG_V_N_TYPES] = {
  "vp_line", "once_location", "outside_tag", "unit_outside_tag", "unit_at_from_turn", "unit_eliminated",
  "occupy_all", "hold_all", "infantry_below", "rail_cut", "scenario_occupy",
};

static const char * const whens[] = {
  "enemy_turn", "own_turn", "player_turn", "game_turn", "any_time", "game_end",
};

/* When each type is checked unless the condition says ("at"). */
static const BgWhen default_when[BG_V_N_TYPES] = {
  BG_AT_ENEMY_TURN, BG_AT_ENEMY_TURN, BG_AT_ENEMY_TURN, BG_AT_ENEMY_TURN, BG_AT_ENEMY_TURN,
  BG_AT_ANY_TIME, BG_AT_PLAYER_TURN, BG_AT_GAME_TURN, BG_AT_ANY_TIME, BG_AT_GAME_TURN, BG_AT_GAME_END,
};

void
_wb_bg_victory_clear (BgVictory *v)
{
  g_free (v->area);
  g_free (v->rule);
  g_clear_pointer (&v->locs, g_array_unref);
  g_clear_pointer (&v->from, g_array_unref);
  g_clear_pointer (&v->exempt, g_ptr_array_unref);
}

/* @member of condition @c: a list of location ids (or one id when @one),
 * as indices. */
static GArray *
victory_locations (BgData *data, const WbParams *c, const char *member, gboolean one, const char *path,
                   GError **error)
{
  JsonNode *n = wb_params_node (c, member);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (int));

  if (n == NULL)
    {
      _wb_bg_fail (error, _("%s.%s: missing (%s)"), path, member, one ? _("a location id") : _("a list of location ids"));
      return NULL;
    }
  if (one ? !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING
          : !JSON_NODE_HOLDS_ARRAY (n) || json_array_get_length (json_node_get_array (n)) == 0)
    {
      _wb_bg_fail (error, one ? _("%s.%s: expected a location id") : _("%s.%s: expected a list of location ids"), path,
            member);
      return NULL;
    }
  for (guint i = 0; i < (one ? 1 : json_array_get_length (json_node_get_array (n))); i++)
    {
      const char *id = one ? json_node_get_string (n) : wb_json_array_string (json_node_get_array (n), i);
      int l = _wb_bg_loc_id (data, id);

      if (l < 0)
        {
          if (one)
            _wb_bg_fail (error, _("%s.%s: unknown location “%s”"), path, member, id != NULL ? id : "");
          else
            _wb_bg_fail (error, _("%s.%s[%u]: unknown location “%s”"), path, member, i, id != NULL ? id : "");
          return NULL;
        }
      g_array_append_val (out, l);
    }
  return g_steal_pointer (&out);
}

/* A whole number from @lo to @hi (the declared range: victory_members in
 * wb-bg.c), checked here too for a game changed in memory. */
static gboolean
victory_int (const WbParams *c, const char *member, gboolean required, int fallback, int lo, int hi, int *out,
             const char *path, GError **error)
{
  JsonNode *n = wb_params_node (c, member);

  *out = fallback;
  if (n == NULL)
    return !required || _wb_bg_fail (error, _("%s.%s: missing (a number)"), path, member);
  if (!_wb_bg_is_number (n))
    return _wb_bg_fail (error, _("%s.%s: expected a number"), path, member);
  if (!_wb_bg_whole (n, lo, hi, out))
    return _wb_bg_fail (error, _("%s.%s: %g is not a whole number from %d to %d"), path, member,
                        json_node_get_double (n), lo, hi);
  return TRUE;
}

static gboolean
victory_string (const WbParams *c, const char *member, const char **out, const char *path, GError **error)
{
  JsonNode *n = wb_params_node (c, member);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return _wb_bg_fail (error, _("%s.%s: expected a string"), path, member);
  *out = json_node_get_string (n);
  return TRUE;
}

static gboolean
read_condition (BgData *data, const WbParams *c, guint index, const char *path, BgVictory *v, GError **error)
{
  const char *type = wb_params_string (c, "type"), *side = wb_params_string (c, "side");
  const char *at = wb_params_string (c, "at"), *str;
  int s, t = -1;

  memset (v, 0, sizeof *v);
  v->index = index;
  for (guint k = 0; type != NULL && k < BG_V_N_TYPES; k++)
    if (strcmp (type, victory_types[k]) == 0)
      t = (int) k;
  if (t < 0)
    return _wb_bg_fail (error, _("%s.type: unknown condition “%s” (expected vp_line, once_location, outside_tag, "
                          "unit_outside_tag, unit_at_from_turn, unit_eliminated, occupy_all, hold_all, "
                          "infantry_below, rail_cut or scenario_occupy)"), path, type != NULL ? type : "");
  v->type = (BgVictoryType) t;
  v->at = default_when[t];
  if (at != NULL)
    {
      guint k;
      for (k = 0; k < G_N_ELEMENTS (whens) && strcmp (at, whens[k]) != 0; k++)
        ;
      if (k == G_N_ELEMENTS (whens))
        return _wb_bg_fail (error, _("%s.at: unknown time “%s” (expected enemy_turn, own_turn, player_turn, game_turn, "
                              "any_time or game_end)"), path, at);
      v->at = (BgWhen) k;
    }
  s = _wb_bg_side_index (data, side);
  if (s < 0 && v->type != BG_V_SCENARIO_OCCUPY)
    return _wb_bg_fail (error, _("%s.side: unknown side “%s”"), path, side != NULL ? side : "");
  v->side = s >= 0 ? (guint) s : 0;
  v->rule = g_strdup (wb_params_string (c, "rule") != NULL ? wb_params_string (c, "rule") : "");
  v->area = g_strdup (wb_params_string (c, "area"));
  if (!victory_int (c, "vp", FALSE, 1, -1000, 1000, &v->vp, path, error))
    return FALSE;
  switch (v->type)
    {
    case BG_V_VP_LINE:
    case BG_V_OUTSIDE_TAG:
    case BG_V_UNIT_OUTSIDE_TAG:
    case BG_V_OCCUPY_ALL:
      if (v->type == BG_V_OCCUPY_ALL && !wb_params_has (c, "tag"))
        break;
      if (!victory_string (c, "tag", &str, path, error))
        return FALSE;
      v->tag = g_intern_string (str);
      {
        gboolean found = FALSE;

        for (guint l = 0; l < data->n_loc && !found; l++)
          found = _wb_bg_has_tag (data, (int) l, v->tag);
        if (!found)
          return _wb_bg_fail (error, _("%s.tag: no location of the map has the tag “%s”"), path, str);
      }
      break;
    default:
      break;
    }
  switch (v->type)
    {
    case BG_V_ONCE_LOCATION:
      if (!victory_int (c, "vp", FALSE, -1, -1000, 1000, &v->vp, path, error))
        return FALSE;
      if (index >= 32)
        return _wb_bg_fail (error, _("%s: a once-in-the-game condition must be among the first 32"), path);
      /* fall through */
    case BG_V_UNIT_AT_FROM_TURN:
      if ((v->locs = victory_locations (data, c, "location", TRUE, path, error)) == NULL)
        return FALSE;
      break;
    case BG_V_OCCUPY_ALL:
    case BG_V_HOLD_ALL:
      if ((v->locs = victory_locations (data, c, "locations", FALSE, path, error)) == NULL)
        return FALSE;
      break;
    case BG_V_RAIL_CUT:
      if ((v->from = victory_locations (data, c, "from", FALSE, path, error)) == NULL ||
          (v->locs = victory_locations (data, c, "to", FALSE, path, error)) == NULL)
        return FALSE;
      v->no_reinforcements = wb_params_bool (c, "no_reinforcements");
      break;
    case BG_V_INFANTRY_BELOW:
      if (!victory_int (c, "sp", TRUE, 0, 0, 10000, &v->sp, path, error))
        return FALSE;
      break;
    default:
      break;
    }
  if (v->type == BG_V_UNIT_AT_FROM_TURN && !victory_int (c, "from_turn", FALSE, 1, 1, 10000, &v->turn, path, error))
    return FALSE;
  if (v->type == BG_V_UNIT_OUTSIDE_TAG || v->type == BG_V_UNIT_AT_FROM_TURN || v->type == BG_V_UNIT_ELIMINATED)
    {
      WbUnit *unit;

      if (!victory_string (c, "unit", &str, path, error))
        return FALSE;
      unit = wb_game_find_unit (data->game, str);
      if (unit == NULL)
        return _wb_bg_fail (error, _("%s.unit: unknown unit “%s”"), path, str);
      if (_wb_bg_side_index (data, wb_unit_get_side (unit)) == (int) v->side)
        return _wb_bg_fail (error, _("%s.unit: “%s” is not the enemy's (the condition scores for the side “%s”)"), path,
                     str, side);
      v->unit = g_intern_string (str);
    }
  if (v->type == BG_V_OUTSIDE_TAG)
    {
      JsonNode *n = wb_params_node (c, "exempt");

      v->exempt = g_ptr_array_new ();
      if (n != NULL && !JSON_NODE_HOLDS_ARRAY (n))
        return _wb_bg_fail (error, _("%s.exempt: expected a list of unit ids"), path);
      for (guint i = 0; n != NULL && i < json_array_get_length (json_node_get_array (n)); i++)
        {
          const char *id = wb_json_array_string (json_node_get_array (n), i);

          if (id == NULL || wb_game_find_unit (data->game, id) == NULL)
            return _wb_bg_fail (error, _("%s.exempt[%u]: unknown unit “%s”"), path, i, id != NULL ? id : "");
          g_ptr_array_add (v->exempt, (gpointer) g_intern_string (id));
        }
    }
  return TRUE;
}

/* rules.params.victory (per scenario like the other parameters): the
 * list of conditions, each {"type": …, "side": …, "rule": …, …}. */
gboolean
_wb_bg_read_victory (BgData *data, const WbParams *o, GError **error)
{
  JsonNode *n = wb_params_node (o, "victory");
  g_autofree char *base = NULL;

  if (n == NULL)
    return TRUE;
  base = wb_params_per_scenario (o, "victory") ? g_strdup_printf ("rules.params.victory.%s", data->scenario) : g_strdup ("rules.params.victory");
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return _wb_bg_fail (error, _("%s: expected a list of victory conditions (or an object of lists by scenario)"), base);
  for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s[%u]", base, i);
      WbParams c;
      BgVictory v;

      if (!wb_params_item (o, "victory", i, &c))
        return _wb_bg_fail (error, _("%s: expected an object"), path);
      if (!read_condition (data, &c, i, path, &v, error))
        {
          _wb_bg_victory_clear (&v);
          return FALSE;
        }
      g_array_append_val (data->victory, v);
    }
  return TRUE;
}

/* ---- Victory (J&S 12, GG 12): the conditions of rules.params.victory ---- */

static WbLocation *
location (BgData *data, int l)
{
  return g_ptr_array_index (data->locs, l);
}

static int
unit_loc (BgData *data, WbMatch *m, const char *id)
{
  WbUnitState *u = wb_match_find_unit (m, id);
  return u != NULL ? _wb_bg_loc (data, &u->where) : -1;
}

/* What the log calls a unit of a condition: its name, else its
 * designation. */
const char *
_wb_bg_unit_name (BgData *data, const char *id)
{
  WbUnit *unit = wb_game_find_unit (data->game, id);
  const char *name = unit != NULL ? wb_unit_get_name (unit) : NULL;

  if (name != NULL && *name != '\0')
    return name;
  return unit != NULL ? wb_unit_get_designation (unit) : id;
}

/* "Staunton and Lynchburg" (transfer full). */
static char *
locations_text (BgData *data, GArray *locs)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < locs->len; i++)
    {
      if (i > 0)
        /* TRANSLATORS: between the last two of a list of places ("Staunton and Lynchburg") */
        g_string_append (s, i + 1 == locs->len ? _(" and ") : ", ");
      g_string_append (s, location (data, g_array_index (locs, int, i))->name);
    }
  return g_string_free (s, FALSE);
}

static const char *
area_text (const BgVictory *v)
{
  return v->area != NULL ? v->area : v->tag;
}

static void
win (WbMatch *m, guint side, WbRuleContext *ctx, const char *why)
{
  if (m->over)
    return;
  bg_state (m)->winner = (int) side + 1;
  m->decided = (int) side + 1;
  m->over = TRUE;
  /* TRANSLATORS: an automatic victory: the side, then the condition and its rule */
  wb_rule_say (ctx, m, _("Automatic victory for the %s: %s."), wb_match_side_name (m, side), why);
}

static int
infantry_sp (BgData *data, WbMatch *m, guint side)
{
  int halves = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u->side == side && _wb_bg_is_infantry (data, u) && u->where.kind == WB_WHERE_LOCATION)
        halves += u->halves;
    }
  return halves / 2;
}

/* @side's infantry at @loc (in supply only when @supplied). */
static int
infantry_at (BgData *data, WbMatch *m, guint side, int loc, gboolean supplied)
{
  int n = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u->side == side && _wb_bg_is_infantry (data, u) && _wb_bg_loc (data, &u->where) == loc &&
          (!supplied || _wb_bg_in_supply (data, m, u)))
        n++;
    }
  return n;
}

/* The scenario's occupy entries scored at the end of the game (GG 12:
 * Richmond 10, Petersburg 5 to the side that occupies it). */
static void
score_occupy (BgData *data, WbMatch *m, const BgVictory *c, WbRuleContext *ctx)
{
  GPtrArray *victory = wb_scenario_get_victory (m->scenario);

  for (guint i = 0; i < victory->len; i++)
    {
      WbVictory *v = g_ptr_array_index (victory, i);
      int side = _wb_bg_side_index (data, v->side);

      if (v->kind != WB_VICTORY_OCCUPY || side < 0 || v->places == NULL)
        continue;
      for (guint k = 0; k < v->places->len; k++)
        {
          WbPlace *p = &g_array_index (v->places, WbPlace, k);
          int loc = p->kind == WB_PLACE_LOCATION ? _wb_bg_loc_id (data, p->ref) : -1;

          if (loc >= 0 && _wb_bg_holds (data, m, loc, (guint) side))
            {
              wb_match_add_vp (m, (guint) side, v->vp);
              /* TRANSLATORS: VP at the end of the game for an occupied location, then the rule (GG 12) */
              wb_rule_say (ctx, m, _("The %s occupies %s at the end of the game: %d VP (%s)."),
                           wb_match_side_name (m, (guint) side), location (data, loc)->name, v->vp, c->rule);
            }
        }
    }
}

/* Whether condition @v is checked now: at the end of @side's player turn
 * (@side < 0: after a battle). */
static gboolean
victory_due (const BgVictory *v, WbMatch *m, int side)
{
  if (side < 0)
    return v->at == BG_AT_ANY_TIME;
  switch (v->at)
    {
    case BG_AT_ENEMY_TURN:
      return (guint) side != v->side;
    case BG_AT_OWN_TURN:
      return (guint) side == v->side;
    case BG_AT_GAME_TURN:
      return m->step == BG_SECOND_VICTORY;
    case BG_AT_GAME_END:
      return m->step == BG_SECOND_VICTORY && m->turn >= wb_match_n_turns (m);
    case BG_AT_PLAYER_TURN:
    case BG_AT_ANY_TIME:
    default:
      return TRUE;
    }
}

static void
victory_condition (BgData *data, WbMatch *m, const BgVictory *v, WbRuleContext *ctx)
{
  guint me = v->side, enemy = 1 - v->side;
  const char *mine = wb_match_side_name (m, me), *theirs = wb_match_side_name (m, enemy);
  g_autofree char *why = NULL;

  switch (v->type)
    {
    case BG_V_VP_LINE:
      {
        int count = 0;

        for (guint i = 0; i < m->units->len; i++)
          {
            WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

            if (u->side == me && _wb_bg_is_infantry (data, u) &&
                _wb_bg_has_tag (data, _wb_bg_loc (data, &u->where), v->tag) && _wb_bg_in_supply (data, m, u))
              count++;
          }
        if (count > 0)
          {
            wb_match_add_vp (m, me, (gint64) count * v->vp);
            /* TRANSLATORS: J&S 12: VP for in-supply infantry past the VP line; the count, the side, the VP,
             * the side, the rule */
            wb_rule_say (ctx, m, _("%d in-supply %s infantry past the VP line: %d VP to the %s (%s)."), count,
                         mine, count * v->vp, mine, v->rule);
          }
      }
      break;
    case BG_V_ONCE_LOCATION:
      {
        int loc = g_array_index (v->locs, int, 0), vp = v->vp >= 0 ? v->vp : location (data, loc)->vp;

        if ((bg_state (m)->once & (1u << v->index)) || infantry_at (data, m, me, loc, TRUE) == 0)
          break;
        wb_match_add_vp (m, me, vp);
        bg_state (m)->once |= 1u << v->index;
        /* TRANSLATORS: J&S 12: the side, the location, the VP, the rule */
        wb_rule_say (ctx, m, _("%s infantry in supply holds %s: %d VP, once in the game (%s)."), mine,
                     location (data, loc)->name, vp, v->rule);
      }
      break;
    case BG_V_OUTSIDE_TAG:
      {
        gboolean outside = FALSE;

        for (guint i = 0; i < m->units->len && !outside; i++)
          {
            WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
            int loc = _wb_bg_loc (data, &u->where);

            outside = u->side == enemy && loc >= 0 && !_wb_bg_has_tag (data, loc, v->tag) &&
                      !g_ptr_array_find (v->exempt, u->id, NULL);
          }
        if (outside)
          {
            wb_match_add_vp (m, me, v->vp);
            /* TRANSLATORS: J&S 12: the side whose units are out ("the Union"), the area ("the Valley"),
             * the VP, the side that scores, the rule */
            wb_rule_say (ctx, m, _("The %s ends its turn with units outside %s: %d VP to the %s (%s)."), theirs,
                         area_text (v), v->vp, mine, v->rule);
          }
      }
      break;
    case BG_V_UNIT_OUTSIDE_TAG:
      {
        int loc = unit_loc (data, m, v->unit);

        if (loc >= 0 && !_wb_bg_has_tag (data, loc, v->tag))
          {
            wb_match_add_vp (m, me, v->vp);
            /* TRANSLATORS: J&S 12: the unit, the side's turn, the area, the VP, the side, the rule */
            wb_rule_say (ctx, m, _("%s ends the %s turn outside %s: %d VP to the %s (%s)."),
                         _wb_bg_unit_name (data, v->unit), theirs, area_text (v), v->vp, mine, v->rule);
          }
      }
      break;
    case BG_V_UNIT_AT_FROM_TURN:
      {
        int loc = g_array_index (v->locs, int, 0);

        if (m->turn >= v->turn && unit_loc (data, m, v->unit) != loc)
          {
            wb_match_add_vp (m, me, v->vp);
            /* TRANSLATORS: J&S 12: the unit, the side's turn, the location, the VP, the side, the rule */
            wb_rule_say (ctx, m, _("%s does not end the %s turn in %s: %d VP to the %s (%s)."),
                         _wb_bg_unit_name (data, v->unit), theirs, location (data, loc)->name, v->vp, mine, v->rule);
          }
      }
      break;
    case BG_V_UNIT_ELIMINATED:
      {
        WbUnitState *u = wb_match_find_unit (m, v->unit);

        if (u == NULL || u->where.kind != WB_WHERE_ELIMINATED)
          break;
        /* TRANSLATORS: an automatic victory's condition: the unit, the rule */
        why = g_strdup_printf (_("%s is eliminated (%s)"), _wb_bg_unit_name (data, v->unit), v->rule);
        win (m, me, ctx, why);
      }
      break;
    case BG_V_OCCUPY_ALL:
      {
        gboolean all = TRUE;
        int enemy_in_tag = 0;
        g_autofree char *places = NULL;

        for (guint k = 0; k < v->locs->len && all; k++)
          all = infantry_at (data, m, me, g_array_index (v->locs, int, k), FALSE) > 0;
        for (guint i = 0; all && v->tag != NULL && i < m->units->len; i++)
          {
            WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
            if (u->side == enemy && _wb_bg_is_infantry (data, u) &&
                _wb_bg_has_tag (data, _wb_bg_loc (data, &u->where), v->tag))
              enemy_in_tag++;
          }
        if (!all || enemy_in_tag > 0)
          break;
        places = locations_text (data, v->locs);
        if (v->tag != NULL)
          /* TRANSLATORS: an automatic victory's condition: the side, the places, the enemy, the area
           * ("north of the gray line"), the rule */
          why = g_strdup_printf (_("%s infantry occupies %s and no %s infantry is %s (%s)"), mine, places, theirs,
                                 area_text (v), v->rule);
        else
          why = g_strdup_printf (_("%s infantry occupies %s (%s)"), mine, places, v->rule);
        win (m, me, ctx, why);
      }
      break;
    case BG_V_HOLD_ALL:
      {
        gboolean all = TRUE;
        g_autofree char *places = NULL;

        for (guint k = 0; k < v->locs->len && all; k++)
          all = _wb_bg_holds (data, m, g_array_index (v->locs, int, k), me);
        if (!all)
          break;
        places = locations_text (data, v->locs);
        /* TRANSLATORS: an automatic victory's condition: the side, the places, the rule */
        why = g_strdup_printf (_("the %s holds %s at the end of a turn (%s)"), mine, places, v->rule);
        win (m, me, ctx, why);
      }
      break;
    case BG_V_INFANTRY_BELOW:
      if (infantry_sp (data, m, enemy) >= v->sp)
        break;
      /* TRANSLATORS: an automatic victory's condition: the side, the SP, the rule */
      why = g_strdup_printf (_("the %s infantry is below %d SP (%s)"), theirs, v->sp, v->rule);
      win (m, me, ctx, why);
      break;
    case BG_V_RAIL_CUT:
      {
        gboolean all = TRUE;
        g_autofree char *places = NULL;

        for (guint k = 0; k < v->locs->len && all; k++)
          all = _wb_bg_rail_cut_from (data, m, me, v->from, g_array_index (v->locs, int, k));
        if (!all)
          break;
        wb_match_add_vp (m, me, v->vp);
        places = locations_text (data, v->locs);
        if (v->no_reinforcements)
          {
            bg_state (m)->rail_cut = m->turn + 1;
            bg_state (m)->rail_cut_side = (int) enemy + 1;
            /* TRANSLATORS: GG 12: the side whose lines are cut, the places, the VP, the side scoring, the
             * side again, the rule */
            wb_rule_say (ctx, m, _("The %s rail lines to %s are cut: %d VP to the %s, no %s reinforcements next "
                                   "turn (%s)."), theirs, places, v->vp, mine, theirs, v->rule);
          }
        else
          wb_rule_say (ctx, m, _("The %s rail lines to %s are cut: %d VP to the %s (%s)."), theirs, places, v->vp,
                       mine, v->rule);
      }
      break;
    case BG_V_SCENARIO_OCCUPY:
      score_occupy (data, m, v, ctx);
      break;
    default:
      break;
    }
}

static void
victory_checks (BgData *data, WbMatch *m, int side, WbRuleContext *ctx)
{
  for (guint i = 0; i < data->victory->len && !m->over; i++)
    {
      const BgVictory *v = &g_array_index (data->victory, BgVictory, i);

      if (victory_due (v, m, side))
        victory_condition (data, m, v, ctx);
    }
}

/* The automatic victories that do not wait for the end of a turn (the
 * conditions "at": "any_time"), checked after each battle: J&S 12 (1862)
 * the Jackson leader unit eliminated; GG 12 either side's infantry below
 * its threshold. */
void
_wb_bg_auto_victory (BgData *data, WbMatch *m, WbRuleContext *ctx)
{
  if (!m->over)
    victory_checks (data, m, -1, ctx);
}

void
_wb_bg_victory_check (BgData *data, WbMatch *m, guint side, WbRuleContext *ctx)
{
  victory_checks (data, m, (int) side, ctx);
}
