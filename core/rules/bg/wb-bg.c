/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "wb-scenario.h"
#include "wb-table.h"
#include "wb-unit.h"
#include "wb-error.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/wb-hex-movement.h"

/* The Blue & Gray Campaign Series family: the game's parameters
 * (rules.params, read once), the sequence of play (Base 6), the rule
 * checks and the dispatch of actions. Movement, supply and replacements
 * are in wb-bg-move.c, the victory conditions in wb-bg-victory.c. */

static const WbRuleCheck checks[] = {
  { "bg.sequence", N_("Each step of the sequence of play is made in order, by the side whose step it is"), "Base 6" },
  { "bg.cap", N_("Each activated unit costs CAP; no more CAP is spent than the turn gives"), "Base 4, 9, 10" },
  { "bg.activate-once", N_("No unit may be activated more than once during its player turn"), "Base 10" },
  { "bg.adjacent", N_("Units move from location to adjacent location along roads and railroads"), "Base 2, 10" },
  { "bg.allowance", N_("Units may not exceed their movement allowance (weather and supply reduce it)"), "Base 5, 7, 10" },
  { "bg.enemy-stop", N_("A unit that enters an enemy-occupied location stops its move"), "Base 10" },
  { "bg.screened", N_("Units may enter a location the enemy cavalry screened but not move through it"), "Base 10" },
  { "bg.cavalry-alone", N_("Cavalry and leaders by themselves may not enter a location occupied only by the enemy"), "Base 3, 10" },
  { "bg.leader-end", N_("Leaders must end a move in a location with a friendly unit"), "Base 3" },
  { "bg.rail", N_("Rail movement: two units a turn, 2 CAP each, along controlled railroads, not through enemy cavalry, not into an attack"), "Base 10, GG 10" },
  { "bg.amphibious", N_("Amphibious movement: only the sides the game allows, one unit a turn, 2 CAP, port to port unoccupied by the enemy"), "Base 2, 10" },
  { "bg.leader-move", N_("A leader's special move takes his units with him, starting and ending together"), "J&S 10" },
  { "bg.trench", N_("A unit spends 2 movement points to place a trench, not in a fortress"), "GG 3" },
  { "bg.crossing", N_("A closed crossing is usable only from the turn after the side's infantry ends its move at both ends"), "GG 2" },
  { "bg.replacement", N_("Replacements go to a reduced unit in supply, or bring back an eliminated unit at a replacement location the enemy does not hold"), "Base 8" },
  { "bg.battles", N_("Every location where both sides' units are must have its battle"), "Base 6, 11" },
  { "bg.reaction", N_("Units with a reacting leader react once per enemy turn into an adjacent location the enemy moved into"), "GG 10" },
  { "bg.screen-choice", N_("Only cavalry that fights as infantry chooses whether to screen, by its owner"), "J&S 3" },
};

const char *
_wb_bg_side_id (WbMatch *m, guint side)
{
  return ((WbSide *) g_ptr_array_index (wb_game_get_sides (m->game), side))->id;
}

static int
class_index_of (BgData *data, const WbUnitState *u)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  /* Class ids are interned (wb-unit.h), as the index's keys. */
  const char *klass = unit != NULL ? wb_unit_get_class_id (unit) : NULL;
  gpointer p = klass != NULL ? g_hash_table_lookup (data->class_index, klass) : NULL;

  return p != NULL ? GPOINTER_TO_INT (p) - 1 : -1;
}

/* The unit's class's role (infantry, garrison, cavalry, leader), which
 * prepare made sure every class used has. */
BgKind
_wb_bg_kind (BgData *data, const WbUnitState *u)
{
  int k = class_index_of (data, u);

  return k >= 0 ? data->class_kind[k] : BG_INFANTRY;
}

int
_wb_bg_step_cost (BgData *data, const WbUnitState *u, int from, int to)
{
  int k = class_index_of (data, u), best = -1;

  if (from < 0 || to < 0 || (guint) from >= data->n_loc)
    return -1;
  for (guint e = 0; e < data->adj[from]->len; e++)
    {
      const BgEdge *edge = &g_array_index (data->adj[from], BgEdge, e);
      int c;

      if (edge->to != to)
        continue;
      c = k >= 0 ? data->conn_cost[edge->conn * (int) data->n_classes + k] : WB_MOVE_QUARTERS;
      if (c >= 0 && (best < 0 || c < best))
        best = c;
    }
  return best;
}

gboolean
_wb_bg_is_foot (BgData *data, const WbUnitState *u)
{
  BgKind k = _wb_bg_kind (data, u);
  WbUnit *unit;
  const WbAttrValue *v;

  if (k == BG_INFANTRY || k == BG_GARRISON)
    return TRUE;
  if (k != BG_CAVALRY)
    return FALSE;
  /* J&S 3: the 1864 cavalry "for all other purposes act like infantry". */
  unit = wb_game_find_unit (data->game, u->id);
  v = unit != NULL ? wb_unit_get_attr (unit, "fights_as_infantry") : NULL;
  return v != NULL && v->type == WB_ATTR_BOOL && v->b;
}

gboolean
_wb_bg_is_infantry (BgData *data, const WbUnitState *u)
{
  BgKind k = _wb_bg_kind (data, u);

  return k == BG_INFANTRY || (k == BG_CAVALRY && _wb_bg_is_foot (data, u));
}

gboolean
_wb_bg_is_escort (BgData *data, const WbUnitState *u)
{
  BgKind k = _wb_bg_kind (data, u);

  return k == BG_LEADER || (k == BG_CAVALRY && !_wb_bg_is_foot (data, u));
}

int
_wb_bg_loc_id (BgData *data, const char *id)
{
  gpointer p = id != NULL ? g_hash_table_lookup (data->loc_index, g_intern_string (id)) : NULL;

  return p != NULL ? GPOINTER_TO_INT (p) - 1 : -1;
}

int
_wb_bg_loc (BgData *data, const WbWhere *where)
{
  return where->kind == WB_WHERE_LOCATION ? _wb_bg_loc_id (data, where->place) : -1;
}

gboolean
_wb_bg_has_tag (BgData *data, int loc, const char *tag)
{
  WbLocation *l;

  if (loc < 0 || tag == NULL)
    return FALSE;
  l = g_ptr_array_index (data->locs, loc);
  for (guint i = 0; l->tags != NULL && i < l->tags->len; i++)
    if (g_strcmp0 (g_ptr_array_index (l->tags, i), tag) == 0)
      return TRUE;
  return FALSE;
}

int
_wb_bg_max_halves (BgData *data, const WbUnitState *u)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);

  return unit != NULL ? wb_unit_get_strength (unit)->halves[0] : u->halves;
}

void
_wb_bg_count (BgData *data, WbMatch *m, int loc, guint side, int *all, int *foot, int *cavalry)
{
  int a = 0, f = 0, c = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side != side || _wb_bg_loc (data, &u->where) != loc)
        continue;
      a++;
      if (_wb_bg_is_foot (data, u))
        f++;
      else if (_wb_bg_kind (data, u) == BG_CAVALRY)
        c++;
    }
  if (all != NULL)
    *all = a;
  if (foot != NULL)
    *foot = f;
  if (cavalry != NULL)
    *cavalry = c;
}

gboolean
_wb_bg_holds (BgData *data, WbMatch *m, int loc, guint side)
{
  int mine, theirs;

  _wb_bg_count (data, m, loc, side, &mine, NULL, NULL);
  _wb_bg_count (data, m, loc, 1 - side, &theirs, NULL, NULL);
  return mine > 0 && theirs == 0;
}

guint
_wb_bg_step_side (WbMatch *m, int step)
{
  return step < BG_SECOND_MOVEMENT ? m->first_side : 1 - m->first_side;
}

gboolean
_wb_bg_is_movement (WbMatch *m)
{
  return m->step == BG_FIRST_MOVEMENT || m->step == BG_SECOND_MOVEMENT;
}

gboolean
_wb_bg_is_battle (WbMatch *m)
{
  return m->step == BG_FIRST_BATTLES || m->step == BG_SECOND_BATTLES;
}


gboolean
_wb_bg_fail (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return FALSE;
}

gboolean
_wb_bg_is_number (JsonNode *n)
{
  return n != NULL && JSON_NODE_HOLDS_VALUE (n) &&
         (json_node_get_value_type (n) == G_TYPE_INT64 || json_node_get_value_type (n) == G_TYPE_DOUBLE);
}

/* Whether @n is a whole number from @lo to @hi, stored in @out. The loader
 * checks rules.params against the declaration; a game changed in memory is
 * not, and the family multiplies and adds these (VP times the units
 * counted), so each is checked again where it is read (issue 15). */
gboolean
_wb_bg_whole (JsonNode *n, int lo, int hi, int *out)
{
  double v;

  if (!_wb_bg_is_number (n))
    return FALSE;
  if (json_node_get_value_type (n) == G_TYPE_INT64)
    {
      if (json_node_get_int (n) < lo || json_node_get_int (n) > hi)
        return FALSE;
      *out = (int) json_node_get_int (n);
      return TRUE;
    }
  v = json_node_get_double (n);
  if (!(v >= lo && v <= hi) || v != floor (v))
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* An int per side: {"union": 2, "confederate": 2}, from @lo to @hi. */
static gboolean
per_side_int (BgData *data, const WbParams *o, const char *name, int out[2], gboolean required,
              int lo, int hi, GError **error)
{
  JsonNode *n = wb_params_node (o, name);
  GPtrArray *sides = wb_game_get_sides (data->game);

  out[0] = out[1] = lo;
  if (n == NULL && !required)
    return TRUE;
  if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
    return _wb_bg_fail (error, _("rules.params.%s: expected an object of a number per side (scenario %s)"),
                 name, data->scenario);
  for (guint s = 0; s < 2; s++)
    {
      const char *id = ((WbSide *) g_ptr_array_index (sides, s))->id;
      WbParams entry;
      JsonNode *v;

      wb_params_entry (o, name, id, &entry);
      v = wb_params_node (&entry, "value");
      if (!_wb_bg_is_number (v))
        {
          if (!required)
            continue;
          return _wb_bg_fail (error, _("rules.params.%s: no number for the side “%s” (scenario %s)"), name, id,
                       data->scenario);
        }
      if (!_wb_bg_whole (v, lo, hi, &out[s]))
        return _wb_bg_fail (error, _("rules.params.%s.%s: %g is not a whole number from %d to %d (scenario %s)"),
                            name, id, json_node_get_double (v), lo, hi, data->scenario);
    }
  return TRUE;
}

int
_wb_bg_side_index (BgData *data, const char *id)
{
  GPtrArray *sides = wb_game_get_sides (data->game);

  for (guint s = 0; s < sides->len; s++)
    if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, s))->id, id) == 0)
      return (int) s;
  return -1;
}

/* A list of sides: ["union"], as bits. */
static gboolean
side_bits (BgData *data, const WbParams *o, const char *name, guint *bits, GError **error)
{
  JsonNode *n = wb_params_node (o, name);

  *bits = 0;
  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return _wb_bg_fail (error, _("rules.params.%s: expected a list of side ids"), name);
  for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
    {
      const char *id = wb_json_array_string (json_node_get_array (n), i);
      int s = _wb_bg_side_index (data, id);

      if (s < 0)
        return _wb_bg_fail (error, _("rules.params.%s: “%s” is not a side of the game"), name, id ? id : "?");
      *bits |= 1u << s;
    }
  return TRUE;
}

/* {"union": ["harpers-ferry"], …} into per-location flags, or the
 * locations' own fields (@field: "supply", "replacement") without it. */
static gboolean
per_side_locations (BgData *data, const WbParams *o, const char *name, gboolean supply, guint8 *out[2],
                    GError **error)
{
  JsonNode *n = wb_params_node (o, name);
  GPtrArray *sides = wb_game_get_sides (data->game);

  for (guint s = 0; s < 2; s++)
    out[s] = g_new0 (guint8, data->n_loc);
  if (n == NULL)
    {
      for (guint l = 0; l < data->n_loc; l++)
        {
          WbLocation *loc = g_ptr_array_index (data->locs, l);
          GPtrArray *list = supply ? loc->supply : loc->replacement;

          for (guint i = 0; list != NULL && i < list->len; i++)
            {
              int s = _wb_bg_side_index (data, g_ptr_array_index (list, i));
              if (s == 0 || s == 1)
                out[s][l] = 1;
            }
        }
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return _wb_bg_fail (error, _("rules.params.%s: expected an object of location lists per side"), name);
  for (guint s = 0; s < 2; s++)
    {
      const char *id = ((WbSide *) g_ptr_array_index (sides, s))->id;
      WbParams entry;
      JsonNode *v;

      if (!wb_params_entry (o, name, id, &entry))
        continue;
      v = wb_params_node (&entry, "value");
      if (!JSON_NODE_HOLDS_ARRAY (v))
        return _wb_bg_fail (error, _("rules.params.%s.%s: expected a list of location ids"), name, id);
      for (guint i = 0; i < json_array_get_length (json_node_get_array (v)); i++)
        {
          const char *lid = wb_json_array_string (json_node_get_array (v), i);
          int l = _wb_bg_loc_id (data, lid);

          if (l < 0)
            return _wb_bg_fail (error, _("rules.params.%s.%s: “%s” is not a location of the map"), name, id,
                         lid ? lid : "?");
          out[s][l] = 1;
        }
    }
  return TRUE;
}

static gboolean
read_replacements (BgData *data, const WbParams *o, GError **error)
{
  JsonNode *n = wb_params_node (o, "replacements");
  GPtrArray *sides = wb_game_get_sides (data->game);

  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return _wb_bg_fail (error, _("rules.params.replacements: expected an object per side (scenario %s)"),
                 data->scenario);
  for (guint s = 0; s < 2; s++)
    {
      const char *id = ((WbSide *) g_ptr_array_index (sides, s))->id;
      WbParams v;
      const char *every;

      if (!json_object_has_member (json_node_get_object (n), id))
        continue;
      if (!wb_params_entry (o, "replacements", id, &v))
        return _wb_bg_fail (error, _("rules.params.replacements.%s: expected {\"sp\": n, \"every\": …}"), id);
      data->replace_sp[s] = (int) wb_params_int (&v, "sp");
      every = wb_params_string (&v, "every");
      if (g_strcmp0 (every, "even turn") == 0)
        data->replace_even[s] = TRUE;
      else if (g_strcmp0 (every, "turn") != 0)
        return _wb_bg_fail (error, _("rules.params.replacements.%s.every: “%s” (expected turn or even turn)"),
                     id, every);
    }
  {
    g_autoptr(GList) members = wb_params_keys (o, "replacement_return_sp");

    for (GList *l = members; l; l = l->next)
      {
        WbParams r;

        wb_params_entry (o, "replacement_return_sp", l->data, &r);
        g_hash_table_insert (data->return_sp, (gpointer) g_intern_string (l->data),
                             GINT_TO_POINTER ((int) wb_params_int (&r, "value")));
      }
  }
  return TRUE;
}

/* rules.params.leader_abilities: by unit id, each {"side": ID, …}: those
 * with "locations" are special moves (J&S 10); "reaction": true is the
 * leader whose units react (GG 10); "morale_reroll": true the leader whose
 * presence in reserve re-rolls a failed morale check (GG 11). */
static gboolean
read_leader_abilities (BgData *data, const WbParams *o, GError **error)
{
  JsonNode *n = wb_params_node (o, "leader_abilities");
  g_autoptr(GList) members = NULL;

  data->lee = NULL;
  data->reaction_rule = g_intern_string ("GG 10");
  data->grant = NULL;
  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return _wb_bg_fail (error, _("rules.params.leader_abilities: expected an object of abilities by unit id"));
  members = wb_params_keys (o, "leader_abilities");
  for (GList *l = members; l; l = l->next)
    {
      WbParams a;
      BgLeaderMove lm = { 0 };
      const char *rule;
      int s;

      if (!wb_params_entry (o, "leader_abilities", l->data, &a))
        return _wb_bg_fail (error, _("rules.params.leader_abilities.%s: expected an object"), (char *) l->data);
      s = _wb_bg_side_index (data, wb_params_string (&a, "side"));
      if (s < 0)
        return _wb_bg_fail (error, _("rules.params.leader_abilities.%s.side: not a side of the game"), (char *) l->data);
      if (wb_game_find_unit (data->game, l->data) == NULL)
        {
          /* A text-only ability of a leader the game lacks is harmless;
           * one the rules play must name a unit. */
          if (!wb_params_has (&a, "locations") && !wb_params_bool (&a, "reaction") &&
              !wb_params_bool (&a, "morale_reroll"))
            continue;
          return _wb_bg_fail (error, _("rules.params.leader_abilities: “%s” is not a unit of the game"),
                       (char *) l->data);
        }
      rule = wb_params_string (&a, "rule");
      if (wb_params_bool (&a, "reaction"))
        {
          data->lee = g_intern_string (l->data);
          data->reaction_rule = g_intern_string (rule != NULL ? rule : "GG 10");
        }
      if (wb_params_bool (&a, "morale_reroll"))
        data->grant = g_intern_string (l->data);
      if (!wb_params_has (&a, "locations"))
        continue;
      lm.unit = g_intern_string (l->data);
      lm.side = (guint) s;
      lm.cap = (int) wb_params_int (&a, "cap");
      lm.cap_per_unit = wb_params_bool (&a, "cap_per_unit");
      lm.max_units = (int) wb_params_int (&a, "max_units");
      lm.locations = (int) wb_params_int (&a, "locations");
      lm.rule = g_intern_string (rule != NULL ? rule : "J&S 10");
      g_array_append_val (data->leader_moves, lm);
    }
  return TRUE;
}

/* rules.params.closed_crossing (GG 2): {"locations": [A, B], "side": ID,
 * "rule": TEXT}: the connection between A and B is closed until the turn
 * after the side's infantry ends a move in both. */
static gboolean
read_crossing (BgData *data, const WbParams *o, GError **error)
{
  JsonNode *n = wb_params_node (o, "closed_crossing"), *locs;
  WbParams c;
  const char *side;
  int s;

  data->crossing[0] = data->crossing[1] = -1;
  if (n == NULL)
    return TRUE;
  if (!wb_params_object (o, "closed_crossing", &c))
    return _wb_bg_fail (error, _("rules.params.closed_crossing: expected {\"locations\": [A, B], \"side\": ID}"));
  locs = wb_params_node (&c, "locations");
  if (locs == NULL || !JSON_NODE_HOLDS_ARRAY (locs) || json_array_get_length (json_node_get_array (locs)) != 2)
    return _wb_bg_fail (error, _("rules.params.closed_crossing.locations: expected two location ids"));
  for (guint k = 0; k < 2; k++)
    {
      const char *id = wb_json_array_string (json_node_get_array (locs), k);

      data->crossing[k] = _wb_bg_loc_id (data, id);
      if (data->crossing[k] < 0)
        return _wb_bg_fail (error, _("rules.params.closed_crossing.locations[%u]: unknown location “%s”"), k,
                     id != NULL ? id : "");
    }
  side = wb_params_string (&c, "side");
  s = _wb_bg_side_index (data, side);
  if (s < 0)
    return _wb_bg_fail (error, _("rules.params.closed_crossing.side: unknown side “%s”"), side != NULL ? side : "");
  data->crossing_side = (guint) s;
  data->crossing_rule = g_strdup (wb_params_string (&c, "rule"));
  return TRUE;
}

static void
bg_release (gpointer p)
{
  BgData *data = p;

  if (data == NULL)
    return;
  for (guint l = 0; data->adj != NULL && l < data->n_loc; l++)
    g_array_unref (data->adj[l]);
  g_free (data->adj);
  for (guint s = 0; s < 2; s++)
    {
      g_free (data->supply[s]);
      g_free (data->replace_at[s]);
    }
  g_free (data->rail_ok);
  g_free (data->conn_cost);
  g_free (data->class_kind);
  g_clear_pointer (&data->class_index, g_hash_table_unref);
  g_clear_pointer (&data->loc_index, g_hash_table_unref);
  g_clear_pointer (&data->return_sp, g_hash_table_unref);
  g_clear_pointer (&data->leader_moves, g_array_unref);
  for (guint i = 0; data->victory != NULL && i < data->victory->len; i++)
    _wb_bg_victory_clear (&g_array_index (data->victory, BgVictory, i));
  g_clear_pointer (&data->victory, g_array_unref);
  g_free (data->crossing_rule);
  g_clear_object (&data->game);
  g_free (data);
}

/* Base 10: a unit spends one movement point per location it enters; the
 * legend may say otherwise for a connection class (a trail costing 2: its
 * "set" cost for the unit's class, an "add" cost on top of the one), or
 * forbid it ("prohibit", or a class whose cost is null), and a crossing on
 * the connection may add its cost or forbid it unless another crossing
 * there negates it (a ford). @out: quarter MP by class index, -1 may not
 * be used. */
static void
connection_costs (BgData *data, WbConnection *cn, WbFeatureType *klass, int *out)
{
  GPtrArray *classes = wb_game_get_unit_classes (data->game);

  for (guint k = 0; k < data->n_classes; k++)
    {
      const char *class_id = ((WbUnitType *) g_ptr_array_index (classes, k))->id;
      double cost = 1;
      gboolean found, prohibited = FALSE;

      if (klass != NULL)
        {
          double v = wb_move_costs_lookup (klass->move, class_id, &found);

          switch (klass->move_mode)
            {
            case WB_MOVE_SET:
              if (found)
                cost = v;
              break;
            case WB_MOVE_ADD:
              if (found)
                cost += v;
              break;
            case WB_MOVE_PROHIBIT:
              prohibited = TRUE;
              break;
            case WB_MOVE_NONE:
            default:
              break;
            }
          prohibited |= found && v < 0 && klass->move_mode != WB_MOVE_NONE;
        }
      for (guint i = 0; cn->crossings != NULL && i < cn->crossings->len; i++)
        {
          WbFeatureType *x = wb_game_find_feature (data->game, g_ptr_array_index (cn->crossings, i));
          gboolean negated = FALSE;
          double v;

          if (x == NULL)
            continue;
          v = wb_move_costs_lookup (x->move, class_id, &found);
          if (x->move_mode == WB_MOVE_ADD && found && v >= 0)
            cost += v;
          if (x->move_mode != WB_MOVE_PROHIBIT && !(x->move_mode == WB_MOVE_ADD && found && v < 0))
            continue;
          for (guint j = 0; j < cn->crossings->len && !negated; j++)
            {
              WbFeatureType *y = wb_game_find_feature (data->game, g_ptr_array_index (cn->crossings, j));
              negated = y != NULL && y != x && g_ptr_array_find (y->negates, x->id, NULL);
            }
          prohibited |= !negated;
        }
      out[k] = prohibited ? -1 : MAX ((int) (cost * WB_MOVE_QUARTERS + 0.5), 0);
    }
}

/* Each unit class the game's units use plays as one of the family's unit
 * roles (Base 3); a class with none of them, or two, is refused here
 * rather than played as infantry without a word. */
static gboolean
read_classes (BgData *data, GError **error)
{
  static const char * const kinds[] = { "infantry", "garrison", "cavalry", "leader" };
  GPtrArray *classes = wb_game_get_unit_classes (data->game);
  GPtrArray *units = wb_game_get_units (data->game);

  data->n_classes = classes->len;
  data->class_index = g_hash_table_new (g_direct_hash, g_direct_equal);
  data->class_kind = g_new0 (BgKind, MAX (classes->len, 1));
  for (guint k = 0; k < classes->len; k++)
    {
      WbUnitType *klass = g_ptr_array_index (classes, k);
      int found = -1, n = 0;

      g_hash_table_insert (data->class_index, (gpointer) klass->id, GINT_TO_POINTER (k + 1));
      for (guint r = 0; r < G_N_ELEMENTS (kinds); r++)
        if (wb_roles_contain (klass->roles, kinds[r]))
          {
            found = (int) r;
            n++;
          }
      if (n > 1)
        return _wb_bg_fail (error, _("The unit class “%s” has more than one of the roles infantry, garrison, "
                                     "cavalry and leader: give it one"), klass->id);
      data->class_kind[k] = found >= 0 ? (BgKind) found : BG_INFANTRY;
      for (guint u = 0; found < 0 && u < units->len; u++)
        if (g_strcmp0 (wb_unit_get_class_id (g_ptr_array_index (units, u)), klass->id) == 0)
          return _wb_bg_fail (error, _("The unit class “%s” has none of the roles the Blue & Gray Campaign "
                                       "rules play a unit by: give it one of infantry, garrison, cavalry, "
                                       "leader"), klass->id);
    }
  return TRUE;
}

static gboolean
read_params (BgData *data, const WbParams *o, GError **error)
{
  static const char * const kinds[] = { "infantry", "garrison", "cavalry", "leader" };
  JsonNode *n;
  const char *trace_tag, *exclude;

  /* Base 3: infantry 3, garrisons 2, cavalry and leaders 4. */
  data->allowance[BG_INFANTRY] = 3;
  data->allowance[BG_GARRISON] = 2;
  data->allowance[BG_CAVALRY] = 4;
  data->allowance[BG_LEADER] = 4;
  if ((n = wb_params_node (o, "movement_allowance")) != NULL)
    {
      if (!JSON_NODE_HOLDS_OBJECT (n))
        return _wb_bg_fail (error, _("rules.params.movement_allowance: expected a number per unit class"));
      WbParams ma;

      wb_params_object (o, "movement_allowance", &ma);
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          JsonNode *v = wb_params_node (&ma, kinds[k]);
          if (v != NULL && !_wb_bg_is_number (v))
            return _wb_bg_fail (error, _("rules.params.movement_allowance.%s: expected a number"), kinds[k]);
          if (v != NULL && !_wb_bg_whole (v, 0, 100, &data->allowance[k]))
            return _wb_bg_fail (error, _("rules.params.movement_allowance.%s: %g is not a whole number from 0 "
                                         "to 100"), kinds[k], json_node_get_double (v));
        }
    }
  if (!per_side_int (data, o, "cap_per_turn", data->cap_per_turn, TRUE, 0, 100, error) ||
      !per_side_int (data, o, "army_commander_rating", data->rating, TRUE, 0, 13, error))
    return FALSE;
  data->rain_mp = (int) ABS (wb_params_int (o, "rain_movement"));
  data->rain2_mp = (int) ABS (wb_params_int (o, "rain_two_turns_movement"));
  data->oos_mp = (int) ABS (wb_params_int (o, "out_of_supply_movement"));
  if (!per_side_locations (data, o, "supply_locations", TRUE, data->supply, error) ||
      !per_side_locations (data, o, "replacement_locations", FALSE, data->replace_at, error))
    return FALSE;
  if (wb_params_bool (o, "union_supply_any_occupied_port"))
    data->supply_ports[data->union_side] = TRUE;
  trace_tag = wb_params_string (o, "supply_trace_tag");
  if (!read_replacements (data, o, error))
    return FALSE;
  if (!side_bits (data, o, "rail_movement_sides", &data->rail_sides, error) ||
      !side_bits (data, o, "amphibious_sides", &data->amphib_sides, error))
    return FALSE;
  data->rail_units = (int) wb_params_int (o, "rail_movement_units_per_turn");
  data->rail_cap = (int) wb_params_int (o, "rail_movement_cap");
  data->amphib_units = (int) wb_params_int (o, "amphibious_units_per_turn");
  data->amphib_cap = (int) wb_params_int (o, "amphibious_cap");
  {
    WbParams screen;

    wb_params_object (o, "screen_roll", &screen);
    data->screen_retreat_ok = (int) wb_params_int (&screen, "retreat_on_success");
    data->screen_retreat_fail = (int) wb_params_int (&screen, "retreat_on_failure");
  }
  data->trench_mp = (int) wb_params_int (o, "trench_cost_mp");
  data->trench_in_fortress = wb_params_bool (o, "trench_in_fortress");
  data->trench_rule = g_intern_string (wb_params_string (o, "trench_rule"));
  /* The connections: supply is traced along those whose two ends carry
   * the trace tag (J&S 5); the rail side controls the railroads whose
   * ends do not carry rules.params.rail_uncontrolled_tag (GG 10: north of
   * the Rappahannock). */
  exclude = wb_params_string (o, "rail_uncontrolled_tag");
  {
    GPtrArray *conns = wb_point_map_get_connections (data->map);

    data->rail_ok = g_new0 (guint8, MAX (conns->len, 1));
    data->conn_cost = g_new (int, MAX (conns->len * data->n_classes, 1));
    for (guint c = 0; c < conns->len * data->n_classes; c++)
      data->conn_cost[c] = -1;
    for (guint c = 0; c < conns->len; c++)
      {
        WbConnection *cn = g_ptr_array_index (conns, c);
        int a = _wb_bg_loc_id (data, cn->a), b = _wb_bg_loc_id (data, cn->b);
        WbFeatureType *klass = wb_game_find_feature (data->game, cn->klass);
        gboolean rail = klass != NULL && wb_roles_contain (klass->roles, "railroad");
        BgEdge e;

        if (a < 0 || b < 0 || a == b)
          continue;
        connection_costs (data, cn, klass, data->conn_cost + c * data->n_classes);
        data->rail_ok[c] = rail && (exclude == NULL ||
                                    (!_wb_bg_has_tag (data, a, exclude) && !_wb_bg_has_tag (data, b, exclude)));
        e.conn = (int) c;
        e.rail = rail;
        e.trace = trace_tag == NULL || (_wb_bg_has_tag (data, a, trace_tag) && _wb_bg_has_tag (data, b, trace_tag));
        e.to = b;
        g_array_append_val (data->adj[a], e);
        e.to = a;
        g_array_append_val (data->adj[b], e);
      }
  }
  /* Base 7: a 6 is rain; the weather table, when the game names one, says
   * which rolls are (a cell starting "Rain"). */
  data->rain[6] = 1;
  {
    WbTable *t = wb_game_find_table (data->game, wb_params_string (o, "weather_table"));

    for (int face = 1; t != NULL && face <= 6; face++)
      {
        GPtrArray *rows = wb_table_get_rows (t);

        data->rain[face] = 0;
        for (guint r = 0; r < rows->len; r++)
          {
            WbTableRow *row = g_ptr_array_index (rows, r);
            int hi = row->hi >= row->lo ? row->hi : row->lo;

            if (face >= row->lo && face <= hi && row->cells->len > 0)
              data->rain[face] = g_ascii_strncasecmp (g_ptr_array_index (row->cells, 0), "rain", 4) == 0;
          }
      }
  }
  _wb_bg_fight_read_params (data, o);
  /* After the battle board's parameters: the leader of GG 11 is the one
   * whose ability says "morale_reroll". */
  if (!read_leader_abilities (data, o, error))
    return FALSE;
  return read_crossing (data, o, error) && _wb_bg_read_victory (data, o, error);
}

const char *
_wb_bg_side_id_for (BgData *data, guint side)
{
  return ((WbSide *) g_ptr_array_index (wb_game_get_sides (data->game), side))->id;
}

static gpointer
bg_prepare (WbGame *game, const WbMatch *setup, GError **error)
{
  WbParams o;
  const char *weather_side;
  BgData *data;
  int u;

  if (!WB_IS_POINT_MAP (setup->map))
    {
      _wb_bg_fail (error, _("The Blue & Gray Campaign rules are played on a map of locations"));
      return NULL;
    }
  if (wb_game_get_sides (game)->len != 2)
    {
      _wb_bg_fail (error, _("The Blue & Gray Campaign rules are for two sides"));
      return NULL;
    }
  wb_params_init (&o, _wb_bg_params, WB_BG_N_PARAMS, "bg-campaign", game, wb_scenario_get_id (setup->scenario));
  if (o.values == NULL)
    {
      _wb_bg_fail (error, _("The Blue & Gray Campaign rules need rules.params (CAP and army commander ratings)"));
      return NULL;
    }
  data = g_new0 (BgData, 1);
  data->game = g_object_ref (game);
  data->map = WB_POINT_MAP (setup->map);
  data->scenario = g_intern_string (wb_scenario_get_id (setup->scenario));
  data->locs = wb_point_map_get_locations (data->map);
  data->n_loc = data->locs->len;
  data->loc_index = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint l = 0; l < data->n_loc; l++)
    g_hash_table_insert (data->loc_index, (gpointer) ((WbLocation *) g_ptr_array_index (data->locs, l))->id,
                         GINT_TO_POINTER (l + 1));
  data->adj = g_new0 (GArray *, MAX (data->n_loc, 1));
  for (guint l = 0; l < data->n_loc; l++)
    data->adj[l] = g_array_new (FALSE, FALSE, sizeof (BgEdge));
  data->return_sp = g_hash_table_new (g_direct_hash, g_direct_equal);
  data->leader_moves = g_array_new (FALSE, TRUE, sizeof (BgLeaderMove));
  data->screen_retreat_ok = 1;
  data->screen_retreat_fail = 3;
  data->victory = g_array_new (FALSE, TRUE, sizeof (BgVictory));
  /* Base 7: "The Union player rolls" the weather; the side is a parameter,
   * the first side without it. */
  weather_side = wb_params_string (&o, "weather_roll_side");
  u = _wb_bg_side_index (data, weather_side);
  if (weather_side != NULL && u < 0)
    {
      _wb_bg_fail (error, _("rules.params.weather_roll_side: unknown side “%s”"), weather_side);
      bg_release (data);
      return NULL;
    }
  data->union_side = u >= 0 ? (guint) u : 0;
  if (!read_classes (data, error) || !read_params (data, &o, error))
    {
      bg_release (data);
      return NULL;
    }
  return data;
}

/* ---- The sequence of play ---- */

static void
bg_start (gpointer p, WbMatch *m)
{
  BgData *data = p;

  m->step = BG_WEATHER;
  m->active = data->union_side;
  bg_state (m)->cap[0] = data->cap_per_turn[0];
  bg_state (m)->cap[1] = data->cap_per_turn[1];
}

static char *
bg_describe_step (gpointer p, WbMatch *m)
{
  if (bg_state (m)->react_at > 0)
    /* TRANSLATORS: the step of a leader's reaction (GG 10: "Lee's Reaction"): the leader */
    return g_strdup_printf (_("%s's Reaction"), _wb_bg_unit_name (p, ((BgData *) p)->lee));
  if (bg_state (m)->battle > 0)
    {
      char *text = _wb_bg_fight_describe (p, m);
      return text != NULL ? text : g_strdup (_("Battle"));
    }
  switch (m->step)
    {
    case BG_WEATHER:
      return g_strdup (_("Weather Roll"));
    case BG_REPLACEMENTS:
      return g_strdup (_("Replacements"));
    case BG_CAP_ROLL:
      return g_strdup (_("CAP Roll"));
    case BG_FIRST_MOVEMENT:
      return g_strdup (_("First Player Movement"));
    case BG_FIRST_BATTLES:
      return g_strdup (_("First Player Battles"));
    case BG_FIRST_VICTORY:
      return g_strdup (_("Victory Check for the Second Player"));
    case BG_SECOND_MOVEMENT:
      return g_strdup (_("Second Player Movement"));
    case BG_SECOND_BATTLES:
      return g_strdup (_("Second Player Battles"));
    case BG_SECOND_VICTORY:
    default:
      return g_strdup (_("Victory Check for the First Player"));
    }
}

static const char *
bg_awaiting (gpointer p, WbMatch *m)
{
  if (m->over)
    return "over";
  if (bg_state (m)->react_at > 0)
    return "react";
  if (bg_state (m)->battle > 0 && _wb_bg_fight_awaiting (p, m) != NULL)
    return _wb_bg_fight_awaiting (p, m);
  switch (m->step)
    {
    case BG_WEATHER:
    case BG_CAP_ROLL:
      return "roll";
    case BG_REPLACEMENTS:
      return "replace";
    case BG_FIRST_BATTLES:
    case BG_SECOND_BATTLES:
      return "battle";
    default:
      return "move";
    }
}

/* The player whose movement or battles it is; before movement (weather,
 * replacements, CAP rolls) whoever acts. */
static guint
bg_player (gpointer p, WbMatch *m)
{
  switch (m->step)
    {
    case BG_FIRST_MOVEMENT:
    case BG_FIRST_BATTLES:
    case BG_FIRST_VICTORY:
      return m->first_side;
    case BG_SECOND_MOVEMENT:
    case BG_SECOND_BATTLES:
    case BG_SECOND_VICTORY:
      return 1 - m->first_side;
    default:
      return m->active;
    }
}

/* The locations from the unit's to @to (the start first), for the path
 * preview. */
static GArray *
bg_route (gpointer p, WbMatch *m, const char *unit, const WbWhere *to)
{
  g_autoptr(GPtrArray) ids = NULL;
  GArray *out;

  if (to->kind != WB_WHERE_LOCATION || to->place == NULL ||
      (ids = _wb_bg_path (p, m, unit, to->place)) == NULL)
    return NULL;
  out = g_array_sized_new (FALSE, TRUE, sizeof (WbWhere), ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      WbWhere w = { WB_WHERE_LOCATION, { 0, 0 }, g_intern_string (g_ptr_array_index (ids, i)) };
      g_array_append_val (out, w);
    }
  return out;
}

static const char *
bg_hint (gpointer p, WbMatch *m)
{
  const char *what = bg_awaiting (p, m);

  if (g_str_has_prefix (what, "battle-"))
    return _wb_bg_fight_hint (p, m);
  if (g_strcmp0 (what, "react") == 0)
    return _("Reaction: move units with the reacting leader into the location the enemy entered, or no reaction.");
  if (g_strcmp0 (what, "roll") == 0)
    return _("Roll with the button for this step.");
  if (g_strcmp0 (what, "replace") == 0)
    return _("Replacements: add the point to a reduced unit in supply, or bring an eliminated unit back at "
             "the replacement location.");
  if (g_strcmp0 (what, "battle") == 0)
    return _("Battles: click a location where both sides are, to fight there; the attacker chooses the order.");
  if (g_strcmp0 (what, "move") == 0)
    return _("Click a unit, then one of the locations shown: each unit moved costs a command action point.");
  return NULL;
}

static void
new_turn (BgData *data, WbMatch *m)
{
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      u->flags &= ~(guint32) (WB_UNIT_MOVED | BG_FREE | BG_RAIL | BG_NO_SCREEN | BG_FOUGHT | BG_AMPHIBIOUS | BG_REACTED |
                               BG_RETREATED_IN);
      u->data[BG_DATA_FROM] = 0;
    }
  for (guint s = 0; s < 2; s++)
    {
      bg_state (m)->cap[s] = data->cap_per_turn[s];
      bg_state (m)->rail_used[s] = 0;
      bg_state (m)->amphib_used[s] = 0;
    }
}

static void enter_step (BgData *data, WbMatch *m, int step, WbRuleContext *ctx);

/* The replacement step: the next side with something to replace, or on. */
void
_wb_bg_next_replacement (BgData *data, WbMatch *m, WbRuleContext *ctx)
{
  for (guint k = 0; k < 2; k++)
    {
      guint side = k == 0 ? m->first_side : 1 - m->first_side;
      int sp;

      if (bg_state (m)->sub & (1u << side))
        continue;
      sp = _wb_bg_replacement_sp (data, m, side);
      if (sp > 0)
        {
          g_autoptr(GPtrArray) list = _wb_bg_replaceable (data, m, side);

          if (list->len > 0)
            {
              m->active = side;
              return;
            }
          m->active = side;
          /* TRANSLATORS: Base 8: "If all units are at their maximum SP the replacement points are lost" */
          wb_rule_say (ctx, m, _("has no unit to take replacements: %d SP lost (Base 8)."), sp);
        }
      bg_state (m)->sub |= 1u << side;
    }
  enter_step (data, m, BG_CAP_ROLL, ctx);
}

static void
enter_step (BgData *data, WbMatch *m, int step, WbRuleContext *ctx)
{
  m->step = step;
  bg_state (m)->sub = 0;
  switch (step)
    {
    case BG_WEATHER:
      m->active = data->union_side;
      break;
    case BG_REPLACEMENTS:
      _wb_bg_next_replacement (data, m, ctx);
      break;
    case BG_CAP_ROLL:
      m->active = m->first_side;
      break;
    case BG_FIRST_MOVEMENT:
    case BG_SECOND_MOVEMENT:
      m->active = _wb_bg_step_side (m, step);
      memset (bg_state (m)->screened, 0, sizeof bg_state (m)->screened);
      break;
    case BG_FIRST_BATTLES:
    case BG_SECOND_BATTLES:
      {
        g_autoptr(GArray) battles = NULL;

        m->active = _wb_bg_step_side (m, step);
        for (guint i = 0; i < m->units->len; i++)
          g_array_index (m->units, WbUnitState, i).flags &= ~(guint32) BG_FOUGHT;
        battles = _wb_bg_battles (data, m);
        if (battles->len == 0)
          enter_step (data, m, step + 1, ctx);
      }
      break;
    case BG_FIRST_VICTORY:
    case BG_SECOND_VICTORY:
      _wb_bg_victory_check (data, m, _wb_bg_step_side (m, step), ctx);
      if (m->over)
        return;
      if (step == BG_FIRST_VICTORY)
        {
          enter_step (data, m, BG_SECOND_MOVEMENT, ctx);
          return;
        }
      /* End turn (Base 6). */
      if (m->turn >= wb_match_n_turns (m))
        {
          g_autofree char *result = NULL;

          m->over = TRUE;
          result = wb_match_result_text (m);
          /* TRANSLATORS: the log's last line: each side's VP, then who wins (J&S 12, GG 12) */
          wb_rule_say (ctx, m, _("The last turn is over: %s %d VP, %s %d VP. %s."),
                       wb_match_side_name (m, 0), m->vp[0], wb_match_side_name (m, 1), m->vp[1], result);
          return;
        }
      m->turn++;
      new_turn (data, m);
      enter_step (data, m, BG_WEATHER, ctx);
      break;
    default:
      break;
    }
}

static gboolean
check_sequence (WbRuleContext *ctx, WbMatch *m, gboolean ok, GError **error, const char *what)
{
  return wb_rule_check (ctx, m, "bg.sequence", ok, error, "%s", what);
}

/* Base 7: the Union rolls a die: 6 is rain; rain two turns running takes
 * 2 MP. The weather table (rules.params.weather_table) is read when the
 * game has one: a cell starting "Rain" is rain. */
static WbApplyResult
weather_roll (BgData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  int face;
  gboolean rain;

  if (!wb_rule_check (ctx, m, "bg.sequence", m->step == BG_WEATHER && m->active == data->union_side, error,
                      _("The weather is rolled by the %s at the start of the turn"),
                      wb_match_side_name (m, data->union_side)))
    return WB_APPLY_REFUSED;
  if (!wb_rule_die (ctx, m, action, 0, 6, &face, error))
    return WB_APPLY_REFUSED;
  rain = data->rain[face];
  bg_state (m)->rain_turns = rain ? bg_state (m)->rain_turns + 1 : 0;
  bg_state (m)->weather = !rain ? BG_CLEAR : bg_state (m)->rain_turns >= 2 ? BG_RAIN_TWICE : BG_RAIN;
  switch (bg_state (m)->weather)
    {
    case BG_CLEAR:
      /* TRANSLATORS: the weather roll's result (Base 7); %d the die */
      wb_rule_say (ctx, m, _("rolls %d for the weather: clear."), face);
      break;
    case BG_RAIN:
      wb_rule_say (ctx, m, _("rolls %d for the weather: rain, movement −%d (Base 7)."), face, data->rain_mp);
      break;
    default:
      wb_rule_say (ctx, m, _("rolls %d for the weather: rain for the second turn, movement −%d (Base 7)."),
                   face, data->rain2_mp);
      break;
    }
  enter_step (data, m, BG_REPLACEMENTS, ctx);
  return WB_APPLY_DONE;
}

/* Base 9: each side rolls 2d6; a total at least its army commander's
 * rating gives one more CAP this turn. */
static WbApplyResult
cap_roll (BgData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  int a, b;
  guint side = m->active;

  if (!check_sequence (ctx, m, m->step == BG_CAP_ROLL && !(bg_state (m)->sub & (1u << side)), error,
                       _("Each side rolls for CAP once, in the CAP Roll step")))
    return WB_APPLY_REFUSED;
  if (!wb_rule_die (ctx, m, action, 0, 6, &a, error) || !wb_rule_die (ctx, m, action, 1, 6, &b, error))
    return WB_APPLY_REFUSED;
  if (a + b >= data->rating[side])
    {
      bg_state (m)->cap[side]++;
      /* TRANSLATORS: the CAP roll (Base 9): two dice, their total, the rating, the CAP now */
      wb_rule_say (ctx, m, _("rolls %d + %d = %d for CAP against a rating of %d: one more CAP, %d this turn (Base 9)."),
                   a, b, a + b, data->rating[side], bg_state (m)->cap[side]);
    }
  else
    wb_rule_say (ctx, m, _("rolls %d + %d = %d for CAP against a rating of %d: no extra CAP, %d this turn (Base 9)."),
                 a, b, a + b, data->rating[side], bg_state (m)->cap[side]);
  bg_state (m)->sub |= 1u << side;
  if (bg_state (m)->sub == 3)
    enter_step (data, m, BG_FIRST_MOVEMENT, ctx);
  else
    m->active = 1 - side;
  return WB_APPLY_DONE;
}

GArray *
_wb_bg_battles (BgData *data, WbMatch *m)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint l = 0; l < data->n_loc; l++)
    {
      gboolean side[2] = { FALSE, FALSE }, unfought = FALSE;

      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

          if (_wb_bg_loc (data, &u->where) != (int) l || u->side > 1)
            continue;
          side[u->side] = TRUE;
          unfought |= !(u->flags & BG_FOUGHT);
        }
      if (side[0] && side[1] && unfought)
        {
          int v = (int) l;
          g_array_append_val (out, v);
        }
    }
  return out;
}

gboolean
_wb_bg_battle_begin (BgData *data, WbMatch *m, int loc, WbRuleContext *ctx, GError **error)
{
  return _wb_bg_fight_begin (data, m, loc, ctx, error);
}

static WbApplyResult
battle (BgData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "location", NULL);
  int loc = _wb_bg_loc_id (data, id);
  g_autoptr(GArray) battles = NULL;
  gboolean owed = FALSE;

  if (!check_sequence (ctx, m, _wb_bg_is_battle (m) && bg_state (m)->battle == 0, error,
                       _("Battles are fought in the active player's battle step, one at a time")))
    return WB_APPLY_REFUSED;
  if (loc < 0)
    {
      _wb_bg_fail (error, _("“%s” is not a location of the map"), id ? id : "");
      return WB_APPLY_REFUSED;
    }
  battles = _wb_bg_battles (data, m);
  for (guint i = 0; i < battles->len; i++)
    owed |= g_array_index (battles, int, i) == loc;
  if (!owed)
    {
      _wb_bg_fail (error, _("There is no battle to fight at %s"), ((WbLocation *) g_ptr_array_index (data->locs, loc))->name);
      return WB_APPLY_REFUSED;
    }
  return _wb_bg_battle_begin (data, m, loc, ctx, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
}

static WbApplyResult
end_step (BgData *data, WbMatch *m, WbRuleContext *ctx, GError **error)
{
  g_autofree char *done = bg_describe_step (data, m);

  if (bg_state (m)->react_at > 0 || bg_state (m)->battle > 0)
    {
      _wb_bg_fail (error, bg_state (m)->battle > 0 ? _("Finish the battle first")
                                             : _("The Confederates answer the reaction first"));
      return WB_APPLY_REFUSED;
    }
  switch (m->step)
    {
    case BG_WEATHER:
    case BG_CAP_ROLL:
      if (!check_sequence (ctx, m, FALSE, error, _("Roll the dice of this step first")))
        return WB_APPLY_REFUSED;
      enter_step (data, m, m->step + 1, ctx);
      return WB_APPLY_DONE;
    case BG_REPLACEMENTS:
      /* TRANSLATORS: a side takes no replacement this turn */
      wb_rule_say (ctx, m, _("takes no replacement."));
      bg_state (m)->sub |= 1u << m->active;
      _wb_bg_next_replacement (data, m, ctx);
      return WB_APPLY_DONE;
    case BG_FIRST_BATTLES:
    case BG_SECOND_BATTLES:
      {
        g_autoptr(GArray) battles = _wb_bg_battles (data, m);

        if (!wb_rule_check (ctx, m, "bg.battles", battles->len == 0, error,
                            _("%u battles are still to be fought"), battles->len))
          return WB_APPLY_REFUSED;
      }
      break;
    case BG_FIRST_MOVEMENT:
    case BG_SECOND_MOVEMENT:
      /* GG 2: the side's infantry ending its move in both ends of the
       * closed crossing opens it from the next turn. */
      if (data->crossing[0] >= 0 && data->crossing[1] >= 0 && m->active == data->crossing_side &&
          bg_state (m)->crossing_open == 0)
        {
          gboolean both = TRUE;

          for (guint k = 0; k < 2; k++)
            {
              gboolean here = FALSE;
              for (guint i = 0; i < m->units->len; i++)
                {
                  WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
                  here |= u->side == data->crossing_side && _wb_bg_is_infantry (data, u) &&
                          _wb_bg_loc (data, &u->where) == data->crossing[k];
                }
              both &= here;
            }
          if (both)
            {
              bg_state (m)->crossing_open = m->turn + 1;
              /* TRANSLATORS: GG 2: the two ends of the crossing, then the rule */
              wb_rule_say (ctx, m, _("holds %s and %s with infantry: the crossing opens next turn (%s)."),
                           ((WbLocation *) g_ptr_array_index (data->locs, data->crossing[0]))->name,
                           ((WbLocation *) g_ptr_array_index (data->locs, data->crossing[1]))->name,
                           data->crossing_rule);
            }
        }
      break;
    default:
      break;
    }
  wb_rule_say (ctx, m, _("ends the %s."), done);
  enter_step (data, m, m->step + 1, ctx);
  return WB_APPLY_DONE;
}

/* ---- Dispatch ---- */

static WbApplyResult
bg_apply (gpointer p, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  BgData *data = p;
  const char *type = wb_json_string (action, "type", "");

  if (m->over)
    return WB_APPLY_NOT_MINE;
  if (strcmp (type, "end_step") == 0)
    return end_step (data, m, ctx, error);
  if (strcmp (type, "weather_roll") == 0)
    return weather_roll (data, m, action, ctx, error);
  if (strcmp (type, "cap_roll") == 0)
    return cap_roll (data, m, action, ctx, error);
  if (strcmp (type, "replace") == 0)
    return _wb_bg_replace (data, m, action, ctx, error);
  if (strcmp (type, "react") == 0 || strcmp (type, "no_reaction") == 0)
    return _wb_bg_react (data, m, action, ctx, error);
  if ((bg_state (m)->react_at > 0 || bg_state (m)->battle > 0) &&
      (strcmp (type, "move") == 0 || strcmp (type, "battle") == 0 || strcmp (type, "screen") == 0))
    {
      _wb_bg_fail (error, bg_state (m)->battle > 0 ? _("Finish the battle first")
                                             : _("The Confederates answer the reaction first"));
      return WB_APPLY_REFUSED;
    }
  if (strcmp (type, "move") == 0)
    return _wb_bg_move (data, m, action, ctx, error);
  if (strcmp (type, "screen") == 0)
    return _wb_bg_set_screen (data, m, action, ctx, error);
  if (strcmp (type, "battle") == 0)
    return battle (data, m, action, ctx, error);
  return _wb_bg_fight_apply (data, m, type, action, ctx, error);
}

static GArray *
bg_destinations (gpointer p, WbMatch *m, const char *unit)
{
  return _wb_bg_destinations (p, m, unit);
}

static JsonObject *
bg_suggest (gpointer p, WbMatch *m, WbRng *rng)
{
  return _wb_bg_suggest (p, m, rng);
}

static void
bg_offers (gpointer p, WbMatch *m, GPtrArray *offers)
{
  _wb_bg_offers (p, m, offers);
}

static void
bg_step (gpointer p, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  _wb_bg_step (p, m, picks, step);
}

static JsonObject *
bg_step_action (gpointer p, WbMatch *m, const WbPicks *picks)
{
  return _wb_bg_step_action (p, m, picks);
}

static WbBoard *
bg_board (gpointer p, WbMatch *m)
{
  return _wb_bg_board (p, m);
}

/* What the family treats specially, given by the game (format 7). */
static const WbRole roles[] = {
  { "infantry", WB_ROLE_ON_UNIT_CLASS,
    N_("Infantry: moves 3, fights in the line, holds and blocks supply, counts for victory (Base 3)") },
  { "garrison", WB_ROLE_ON_UNIT_CLASS,
    N_("Garrison: moves 2 and fights like infantry (Base 3)") },
  { "cavalry", WB_ROLE_ON_UNIT_CLASS,
    N_("Cavalry: moves 4, screens enemy moves, moves free with infantry, stands in reserve (Base 3, 10)") },
  { "leader", WB_ROLE_ON_UNIT_CLASS,
    N_("Leader: moves 4 with his units, never alone into the enemy, ends with a friendly unit (Base 3)") },
  { "river-crossing", WB_ROLE_ON_CROSSING,
    N_("An attacker that came across it rolls fewer dice in the first battle round (Base 2, 11)") },
  { "mountain-crossing", WB_ROLE_ON_CROSSING,
    N_("An attacker that came across it rolls fewer dice in the first battle round (Base 2, 11)") },
  { "railroad", WB_ROLE_ON_CONNECTION,
    N_("Rail movement runs along it, and rail lines for victory (Base 10; GG 10, 12)") },
};

static const WbRulesFamily family = {
  .id = "bg-campaign",
  .name = N_("Blue & Gray Campaign Series"),
  .checks = checks,
  .n_checks = G_N_ELEMENTS (checks),
  .prepare = bg_prepare,
  .release = bg_release,
  .start = bg_start,
  .describe_step = bg_describe_step,
  .destinations = bg_destinations,
  .awaiting = bg_awaiting,
  .player = bg_player,
  .hint = bg_hint,
  .route = bg_route,
  .suggest = bg_suggest,
  .offers = bg_offers,
  .apply = bg_apply,
  .hidden_units = TRUE,
  .step = bg_step,
  .step_action = bg_step_action,
  .board = bg_board,
  .tracks = _wb_bg_tracks,
  .params = _wb_bg_params,
  .n_params = WB_BG_N_PARAMS,
  .roles = roles,
  .n_roles = G_N_ELEMENTS (roles),
};

const WbRulesFamily *
wb_bg_family (void)
{
  return &family;
}
