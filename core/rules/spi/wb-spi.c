/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-spi"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-unit.h"
#include "wb-error.h"
#include "rules/spi/wb-spi-private.h"

/* The SPI Blue & Gray family: the sequence of play (4.0), the game's
 * parameters, and the actions' dispatch. Movement and reinforcements are
 * in wb-spi-move.c. */

static const WbRuleCheck checks[] = {
  { "spi.phasing", N_("Only the phasing player's units move, in his Movement Phase"), "4.1, 5.11" },
  { "spi.moved-once", N_("A unit moves once per Movement Phase"), "5.17" },
  { "spi.enemy-hex", N_("A unit may never enter a hex containing an enemy unit"), "5.12" },
  { "spi.zoc-exit", N_("A unit may not leave an enemy-controlled hex by movement"), "5.13, 6.3" },
  { "spi.zoc-stop", N_("A unit stops when it enters an enemy-controlled hex"), "6.0" },
  { "spi.allowance", N_("A unit may not spend more than its Movement Allowance"), "5.15" },
  { "spi.terrain", N_("Prohibited terrain and hexsides may not be entered or crossed"), "5.2, 9.0" },
  { "spi.stacking", N_("At most two units in a hex"), "5.32" },
  { "spi.no-end", N_("A unit may not end its move in a river ferry hex"), "5.24" },
  { "spi.night-zoc", N_("At night units may not enter enemy-controlled hexes"), "10.2" },
  { "spi.profile", N_("The exclusive rules' movement restrictions"), "17.1-17.3" },
  { "spi.reinforcement-turn", N_("Reinforcements arrive on the Game-Turn the chart gives"), "15.0" },
  { "spi.reinforcement-hex", N_("Reinforcements enter at their hex, or the nearest unoccupied hex"), "15.13" },
  { "spi.combat-phase", N_("Attacks are made in the phasing player's Combat Phase"), "4.1" },
  { "spi.attack-once", N_("No unit attacks or is attacked more than once per Combat Phase"), "7.14" },
  { "spi.adjacent", N_("Attackers are adjacent to every hex they attack, or artillery bombarding"), "7.15, 7.25, 8.1" },
  { "spi.creek", N_("No attack across a creek except at bridges or fords"), "9.0" },
  { "spi.bombard-range", N_("Artillery bombards within its range with a clear line of sight"), "8.11, 8.3" },
  { "spi.bombard-zoc", N_("Artillery in an enemy zone of control attacks adjacent units and does not bombard"), "8.41" },
  { "spi.stack-together", N_("Units in one hex attack together"), "7.22, 8.14" },
  { "spi.td-no-attack", N_("Train Defense units never attack"), "17.31" },
  { "spi.ineffective", N_("Units without Attack Effectiveness may not attack"), "11.2" },
  { "spi.mandatory", N_("Adjacent enemy units must be attacked, and units in enemy zones of control must attack"), "7.11, 7.12, 8.41" },
  { "spi.retreat", N_("Retreats go one hex, not into enemy zones of control or prohibited terrain"), "7.7" },
  { "spi.command-roll", N_("A formation held by its command roll does not move this phase"), "19.2" },
  { "spi.displace", N_("A retreating unit displaces a friendly unit only when it has no other way"), "7.8" },
};

static double *
new_double (double v)
{
  double *p = g_new (double, 1);
  *p = v;
  return p;
}

static char **
strv_member (JsonObject *o, const char *member)
{
  JsonNode *n = json_object_get_member (o, member);
  GPtrArray *out;

  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return NULL;
  out = g_ptr_array_new ();
  for (guint i = 0; i < json_array_get_length (json_node_get_array (n)) && i < 100; i++)
    {
      JsonNode *e = json_array_get_element (json_node_get_array (n), i);
      if (json_node_get_value_type (e) == G_TYPE_STRING)
        g_ptr_array_add (out, g_strdup (json_node_get_string (e)));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

static void
profile_free (SpiProfile *p)
{
  g_clear_pointer (&p->costs, g_hash_table_unref);
  g_strfreev (p->terrain);
  g_strfreev (p->adjacent);
  g_strfreev (p->hexes_with);
  g_free (p->rule);
  g_free (p);
}

/* rules.params.movement_profiles (docs/rules-engine.md); an unknown
 * member is an error, so a typo does not switch a rule off unseen. */
static gboolean
read_profile (SpiData *data, JsonObject *o, guint index, GError **error)
{
  static const char * const allowed[] = {
    "side", "class", "turns", "costs", "terrain", "enter", "zoc_exempt", "adjacent", "hexes_with",
    "no_enter_zoc", "no_stack", "no_attack", "rule", NULL
  };
  SpiProfile *p = g_new0 (SpiProfile, 1);
  g_autoptr(GList) members = json_object_get_members (o);
  const char *enter;
  JsonNode *n;

  g_ptr_array_add (data->profiles, p);
  for (GList *l = members; l; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      {
        g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                     _("rules.params.movement_profiles[%u]: unknown member “%s”"), index,
                     (const char *) l->data);
        return FALSE;
      }
  if (json_object_has_member (o, "side"))
    p->side = g_intern_string (wb_json_string (o, "side", ""));
  if (json_object_has_member (o, "class"))
    p->klass = g_intern_string (wb_json_string (o, "class", ""));
  if ((n = json_object_get_member (o, "turns")) != NULL && JSON_NODE_HOLDS_ARRAY (n) &&
      json_array_get_length (json_node_get_array (n)) == 2)
    {
      p->first_turn = (int) wb_json_array_int (json_node_get_array (n), 0, 0);
      p->last_turn = (int) wb_json_array_int (json_node_get_array (n), 1, 0);
    }
  if ((n = json_object_get_member (o, "costs")) != NULL && JSON_NODE_HOLDS_OBJECT (n))
    {
      g_autoptr(GList) ids = json_object_get_members (json_node_get_object (n));

      p->costs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (GList *l = ids; l; l = l->next)
        g_hash_table_insert (p->costs, g_strdup (l->data),
                             new_double (wb_json_double (json_node_get_object (n), l->data, 0)));
    }
  p->terrain = strv_member (o, "terrain");
  p->adjacent = strv_member (o, "adjacent");
  p->hexes_with = strv_member (o, "hexes_with");
  enter = wb_json_string (o, "enter", "any");
  if (g_strcmp0 (enter, "road_only") == 0)
    p->enter = WB_ENTER_ROAD_ONLY;
  else if (g_strcmp0 (enter, "adjacent") == 0)
    p->enter = WB_ENTER_ADJACENT;
  else if (g_strcmp0 (enter, "any") != 0)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("rules.params.movement_profiles[%u].enter: “%s” (expected any, road_only or "
                     "adjacent)"), index, enter);
      return FALSE;
    }
  p->zoc_exempt = wb_json_bool (o, "zoc_exempt", FALSE);
  p->no_enter_zoc = wb_json_bool (o, "no_enter_zoc", FALSE);
  p->no_stack = wb_json_bool (o, "no_stack", FALSE);
  p->no_attack = wb_json_bool (o, "no_attack", FALSE);
  p->rule = g_strdup (wb_json_string (o, "rule", NULL));
  return TRUE;
}

static void
command_roll_free (SpiCommandRoll *c)
{
  g_free (c->name);
  g_free (c->rule);
  g_free (c);
}

static const char *
intern_member (JsonObject *o, const char *member)
{
  const char *s = wb_json_string (o, member, NULL);
  return s != NULL ? g_intern_string (s) : NULL;
}

static void
read_command_rolls (SpiData *data, JsonObject *o)
{
  JsonNode *n = json_object_get_member (o, "command_rolls");

  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (n)) && i < 16; i++)
    {
      JsonNode *e = json_array_get_element (json_node_get_array (n), i);
      JsonObject *co;
      SpiCommandRoll *c;
      JsonNode *held;

      if (!JSON_NODE_HOLDS_OBJECT (e))
        continue;
      co = json_node_get_object (e);
      c = g_new0 (SpiCommandRoll, 1);
      c->option = intern_member (co, "option");
      c->side = intern_member (co, "side");
      c->formation = intern_member (co, "formation");
      c->except_class = intern_member (co, "except_class");
      c->name = g_strdup (wb_json_string (co, "name", NULL));
      c->rule = g_strdup (wb_json_string (co, "rule", NULL));
      if ((held = json_object_get_member (co, "held_on")) != NULL && JSON_NODE_HOLDS_ARRAY (held))
        for (guint k = 0; k < json_array_get_length (json_node_get_array (held)); k++)
          {
            gint64 v = wb_json_array_int (json_node_get_array (held), k, 0);
            if (v >= 1 && v <= 6)
              c->held_on |= 1u << v;
          }
      g_ptr_array_add (data->command_rolls, c);
    }
}

static void
spi_release (gpointer p)
{
  SpiData *data = p;

  if (data == NULL)
    return;
  g_ptr_array_unref (data->command_rolls);
  g_clear_object (&data->game);
  g_strfreev (data->no_end);
  g_ptr_array_unref (data->profiles);
  g_hash_table_unref (data->graphs);
  g_free (data->enemy);
  g_free (data->zoc);
  g_free (data);
}

static gpointer
spi_prepare (WbGame *game, const WbMatch *setup, GError **error)
{
  JsonNode *params = wb_game_get_rules (game)->params;
  JsonObject *o = params != NULL && JSON_NODE_HOLDS_OBJECT (params) ? json_node_get_object (params) : NULL;
  SpiData *data;
  JsonNode *n;

  if (!WB_IS_HEX_MAP (setup->map))
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("The SPI Blue & Gray rules are played on a hex map"));
      return NULL;
    }
  if (wb_game_get_sides (game)->len != 2)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("The SPI Blue & Gray rules are for two sides"));
      return NULL;
    }
  data = g_new0 (SpiData, 1);
  data->game = g_object_ref (game);
  data->map = WB_HEX_MAP (setup->map);
  data->cols = wb_hex_map_get_cols (data->map);
  data->rows = wb_hex_map_get_rows (data->map);
  data->enemy = g_new0 (guint8, (gsize) data->cols * data->rows);
  data->zoc = g_new0 (guint8, (gsize) data->cols * data->rows);
  data->profiles = g_ptr_array_new_with_free_func ((GDestroyNotify) profile_free);
  data->command_rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) command_roll_free);
  data->graphs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) wb_hex_graph_free);
  /* 5.0: six Movement Points; 5.32: two units. */
  data->allowance = 6 * WB_MOVE_QUARTERS;
  data->stacking = 2;
  data->artillery_range = 3;
  data->crt = wb_game_find_table (game, "crt");
  if (o != NULL)
    {
      data->allowance = (int) (wb_json_double (o, "movement_allowance", 6)
                               * WB_MOVE_QUARTERS);
      data->crt = wb_game_find_table (game, wb_json_string (o, "crt", "crt"));
      data->artillery_range = (int) wb_json_int (o, "artillery_range", 3);
      {
        const char *holder = wb_json_string (o, "objectives_held_by", NULL);
        GPtrArray *sides = wb_game_get_sides (game);
        for (guint i = 0; holder != NULL && i < sides->len; i++)
          if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, i))->id, holder) == 0)
            data->objectives_side = i + 1;
      }
      data->stacking = (int) wb_json_int (o, "stacking", 2);
      data->no_end = strv_member (o, "no_end_features");
      read_command_rolls (data, o);
      if ((n = json_object_get_member (o, "movement_profiles")) != NULL && JSON_NODE_HOLDS_ARRAY (n))
        for (guint i = 0; i < json_array_get_length (json_node_get_array (n)) && i < 30; i++)
          {
            JsonNode *e = json_array_get_element (json_node_get_array (n), i);
            if (!JSON_NODE_HOLDS_OBJECT (e) || !read_profile (data, json_node_get_object (e), i, error))
              {
                if (error != NULL && *error == NULL)
                  g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                               _("rules.params.movement_profiles[%u] is not an object"), i);
                spi_release (data);
                return NULL;
              }
          }
    }
  data->allowance = CLAMP (data->allowance, 0, 1000 * WB_MOVE_QUARTERS);
  data->stacking = CLAMP (data->stacking, 1, 100);
  data->artillery_range = CLAMP (data->artillery_range, 1, 100);
  if (data->crt != NULL && wb_table_get_kind (data->crt) != WB_TABLE_ODDS)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("The table “%s” is not an odds combat results table"), wb_table_get_name (data->crt));
      spi_release (data);
      return NULL;
    }
  return data;
}

static guint
step_side (WbMatch *m, int step)
{
  return step < SPI_SECOND_MOVEMENT ? m->first_side : 1 - m->first_side;
}

static void
spi_start (gpointer p, WbMatch *m)
{
  m->step = SPI_FIRST_MOVEMENT;
  m->active = step_side (m, m->step);
  _wb_spi_score (p, m);
}

static char *
spi_describe_step (gpointer p, WbMatch *m)
{
  switch ((SpiPending) m->fdata[SPI_F_PENDING])
    {
    case SPI_PENDING_RETREAT:
      return g_strdup (_("Combat Phase: retreat"));
    case SPI_PENDING_EXCHANGE:
      return g_strdup (_("Combat Phase: exchange losses"));
    case SPI_PENDING_ADVANCE:
      return g_strdup (_("Combat Phase: advance after combat"));
    case SPI_PENDING_NONE:
    default:
      break;
    }
  return g_strdup (m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT
                   ? _("Movement Phase") : _("Combat Phase"));
}

/* 4.1: movement, combat; the second player the same; then the next turn.
 * 10.0: no Combat Phase on a night turn. */
static gboolean
end_step (SpiData *data, WbMatch *m, WbRuleContext *ctx, GError **error)
{
  g_autofree char *done = NULL;
  gboolean night_over = FALSE;

  if (m->fdata[SPI_F_PENDING] != SPI_PENDING_NONE)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("Finish the combat in progress first"));
      return FALSE;
    }
  if ((m->step == SPI_FIRST_COMBAT || m->step == SPI_SECOND_COMBAT) &&
      _wb_spi_ineffective_retreats (data, m, ctx))
    return TRUE;   /* the phase goes on until they have retreated */
  if ((m->step == SPI_FIRST_COMBAT || m->step == SPI_SECOND_COMBAT) &&
      !_wb_spi_check_mandatory (data, m, ctx, error))
    return FALSE;
  done = spi_describe_step (data, m);
  wb_rule_say (ctx, m, _("ends the %s."), done);
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      u->flags &= ~(guint32) (WB_UNIT_MOVED | WB_UNIT_ATTACKED | SPI_ENTERED | SPI_DEFENDED |
                              SPI_ADVANCED);
      u->data[SPI_DATA_SPENT] = 0;
      u->data[SPI_DATA_ENTRY] = 0;
    }
  m->fdata[SPI_F_COMMAND] = 0;
  do
    {
      m->step++;
      if (m->step >= SPI_N_STEPS)
        {
          /* 11.4: Attack Effectiveness comes back at the end of a night turn. */
          night_over = wb_match_turn_is_night (m, m->turn);
          m->step = SPI_FIRST_MOVEMENT;
          m->turn++;
          if (m->turn > wb_match_n_turns (m))
            {
              m->turn = wb_match_n_turns (m);
              m->over = TRUE;
              _wb_spi_score (data, m);
              {
                g_autofree char *result = wb_match_result_text (m);

                /* TRANSLATORS: the log's last line: each side's VP, then who wins (18.0) */
                wb_rule_say (ctx, m, _("The last Game-Turn is over: %s %d VP, %s %d VP. %s (18.0)."),
                             wb_match_side_name (m, 0), m->vp[0], wb_match_side_name (m, 1), m->vp[1],
                             result);
              }
              return TRUE;
            }
        }
    }
  while ((m->step == SPI_FIRST_COMBAT || m->step == SPI_SECOND_COMBAT) &&
         wb_match_turn_is_night (m, m->turn));
  m->active = step_side (m, m->step);
  if (night_over)
    for (guint i = 0; i < m->units->len; i++)
      g_array_index (m->units, WbUnitState, i).flags &= ~(guint32) SPI_INEFFECTIVE;
  if (m->step == SPI_FIRST_COMBAT || m->step == SPI_SECOND_COMBAT)
    _wb_spi_combat_start (data, m, ctx);
  return TRUE;
}

static WbApplyResult
spi_apply (gpointer p, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  SpiData *data = p;
  const char *type = wb_json_string (action, "type", "");

  if (m->over)
    return WB_APPLY_NOT_MINE;
  WbApplyResult result = WB_APPLY_NOT_MINE;

  if (strcmp (type, "end_step") == 0)
    result = end_step (data, m, ctx, error) ? WB_APPLY_DONE : WB_APPLY_REFUSED;
  else if (strcmp (type, "move") == 0 || strcmp (type, "enter") == 0 || strcmp (type, "attack") == 0)
    {
      if (m->fdata[SPI_F_PENDING] != SPI_PENDING_NONE)
        {
          g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                               _("Finish the combat in progress first"));
          return WB_APPLY_REFUSED;
        }
      result = strcmp (type, "move") == 0 ? _wb_spi_move (data, m, action, ctx, error)
             : strcmp (type, "enter") == 0 ? _wb_spi_enter (data, m, action, ctx, error)
             : _wb_spi_attack (data, m, action, ctx, error);
    }
  else if (strcmp (type, "command_roll") == 0)
    result = _wb_spi_command_roll (data, m, action, ctx, error);
  else if (strcmp (type, "retreat") == 0 || strcmp (type, "eliminate") == 0 ||
           strcmp (type, "advance") == 0 || strcmp (type, "no_advance") == 0 ||
           strcmp (type, "no_retreat") == 0)
    result = _wb_spi_answer (data, m, action, ctx, error);
  if (result == WB_APPLY_DONE)
    _wb_spi_score (data, m);
  return result;
}

static const char *
spi_awaiting (gpointer p, WbMatch *m)
{
  switch ((SpiPending) m->fdata[SPI_F_PENDING])
    {
    case SPI_PENDING_RETREAT:
      return "retreat";
    case SPI_PENDING_EXCHANGE:
      return "eliminate";
    case SPI_PENDING_ADVANCE:
      return "advance";
    case SPI_PENDING_NONE:
    default:
      break;
    }
  return m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT ? "move" : "attack";
}

static GArray *
spi_path (gpointer p, WbMatch *m, const char *unit, WbOffset hex)
{
  return _wb_spi_path (p, m, unit, hex);
}

static JsonObject *
spi_suggest (gpointer p, WbMatch *m, WbRng *rng)
{
  return _wb_spi_suggest (p, m, rng);
}

static GArray *
spi_destinations (gpointer p, WbMatch *m, const char *unit)
{
  return _wb_spi_destinations (p, m, unit);
}

static void
spi_offers (gpointer p, WbMatch *m, GPtrArray *offers)
{
  _wb_spi_offers (p, m, offers);
}

static guint
spi_player (gpointer p, WbMatch *m)
{
  return _wb_spi_phasing (m);
}

static const char *
spi_hint (gpointer p, WbMatch *m)
{
  const char *what = spi_awaiting (p, m);

  if (g_strcmp0 (what, "move") == 0)
    return _("Click a unit, then one of the hexes shown, to move it; a waiting reinforcement enters at its hex.");
  if (g_strcmp0 (what, "attack") == 0)
    return _("Click your attacking units and the enemy hexes they attack; the odds show before the roll.");
  if (g_strcmp0 (what, "retreat") == 0)
    return _("Retreat: click a unit that must retreat, then the hex it goes to.");
  if (g_strcmp0 (what, "advance") == 0)
    return _("Advance after combat: click a victorious unit and the vacated hex, or No Advance.");
  if (g_strcmp0 (what, "eliminate") == 0)
    return _("Exchange: click the attacking units to lose (at least the defender's printed strength).");
  return NULL;
}

/* What the family treats specially, given by the game (format 7). */
static const WbRole roles[] = {
  { "artillery", WB_ROLE_ON_UNIT_CLASS,
    N_("Bombards from up to rules.params.artillery_range hexes and may stay on an Ar result (8.0)") },
};

static const WbRulesFamily family = {
  .id = "spi-blue-gray",
  .name = N_("SPI Blue & Gray"),
  .checks = checks,
  .n_checks = G_N_ELEMENTS (checks),
  .prepare = spi_prepare,
  .release = spi_release,
  .start = spi_start,
  .describe_step = spi_describe_step,
  .destinations = spi_destinations,
  .suggest = spi_suggest,
  .path = spi_path,
  .awaiting = spi_awaiting,
  .player = spi_player,
  .hint = spi_hint,
  .offers = spi_offers,
  .apply = spi_apply,
  .roles = roles,
  .n_roles = G_N_ELEMENTS (roles),
};

const WbRulesFamily *
wb_spi_family (void)
{
  return &family;
}
