/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-spi"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "wb-dice.h"
#include "wb-scenario.h"
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
  { "spi.stacking", N_("No more units in a hex than the stacking limit (two)"), "5.32" },
  { "spi.no-end", N_("A unit may not end its move in a river ferry hex"), "5.24" },
  { "spi.night-zoc", N_("At night units may not enter enemy-controlled hexes"), "10.2" },
  { "spi.profile", N_("The exclusive rules' movement restrictions"), "17.1-17.3" },
  { "spi.reinforcement-turn", N_("Reinforcements arrive on the Game-Turn the chart gives"), "15.0" },
  { "spi.reinforcement-hex", N_("Reinforcements enter at their hex, or the nearest unoccupied hex"), "15.13" },
  { "spi.combat-phase", N_("Attacks are made in the phasing player's Combat Phase"), "4.1" },
  { "spi.attack-once", N_("No unit attacks or is attacked more than once per Combat Phase"), "7.14" },
  { "spi.adjacent", N_("Attackers are adjacent to every hex they attack, or artillery bombarding"), "7.15, 7.25, 8.1" },
  { "spi.creek", N_("No attack across a prohibited hexside (a creek) except at bridges or fords"), "9.0" },
  { "spi.bombard-range", N_("Artillery bombards within its range with a clear line of sight"), "8.11, 8.3" },
  { "spi.bombard-zoc", N_("Artillery in an enemy zone of control attacks adjacent units and does not bombard"), "8.41" },
  { "spi.stack-together", N_("Units in one hex attack together"), "7.22, 8.14" },
  { "spi.td-no-attack", N_("Train Defense units never attack"), "17.31" },
  { "spi.ineffective", N_("Units without Attack Effectiveness may not attack"), "11.2" },
  { "spi.mandatory", N_("Adjacent enemy units must be attacked, and units in enemy zones of control must attack"), "7.11, 7.12, 8.41" },
  { "spi.retreat", N_("Retreats go a hex at a time, each further away, not into enemy zones of control or prohibited terrain"), "7.7" },
  { "spi.command-roll", N_("A formation held by its command roll does not move this phase"), "19.2" },
  { "spi.displace", N_("A retreating unit displaces a friendly unit only when it has no other way"), "7.8" },
};

/* The parameters (rules.params) the family reads, checked when a game
 * loads (docs/rules-params.md). Those it plays one way only are declared
 * with that one value, so a file asking for another is refused. */
static const char * const enter_values[] = { "any", "road_only", "adjacent", NULL };
static const char * const zoc_values[] = { "none", "sticky", "locking", "rigid", NULL };
static const char * const combat_values[] = { "mandatory", "voluntary", NULL };
static const char * const rounding_values[] = { "defender", "attacker", NULL };
static const char * const los_values[] = { "both_block", "either_blocks", NULL };
static const char * const entry_values[] = { "column", "free", NULL };

static const WbParam profile_cost[] = {
  { .name = "value", .type = WB_PARAM_NUMBER, .min = -1, .max = 1000, .unit = "MP",
    .doc = N_("the cost of entering the terrain or crossing the feature (negative: prohibited)") },
};

static const WbParam profile_members[] = {
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .def_text = N_("every side"),
    .doc = N_("the side the profile applies to") },
  { .name = "class", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_CLASS, .def_text = N_("every class"),
    .doc = N_("the unit class the profile applies to") },
  { .name = "turns", .type = WB_PARAM_INT_LIST, .min = 1, .max = 10000, .length = 2,
    .def_text = N_("every turn"), .doc = N_("the first and last turns the profile applies on") },
  { .name = "costs", .type = WB_PARAM_MAP, .ref = WB_PARAM_REF_TERRAIN_OR_FEATURE,
    .doc = N_("movement costs replacing the legend's, by terrain or feature"),
    .members = profile_cost, .n_members = 1 },
  { .name = "terrain", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_TERRAIN,
    .doc = N_("the terrain the entry restriction (enter) applies to") },
  { .name = "enter", .type = WB_PARAM_ENUM, .values = enter_values, .def_string = "any",
    .doc = N_("how that terrain may be entered: any way, along a road or trail only, or from a hex listed in adjacent") },
  { .name = "zoc_exempt", .type = WB_PARAM_BOOL,
    .doc = N_("a hex in an enemy zone of control is exempt from the entry restriction") },
  { .name = "adjacent", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_TERRAIN_OR_FEATURE,
    .doc = N_("enter adjacent: the terrain or features of the hex the unit comes from") },
  { .name = "hexes_with", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_HEXSIDE_FEATURE,
    .doc = N_("the unit enters only hexes with one of these hexside features (a road, a trail)") },
  { .name = "no_enter_zoc", .type = WB_PARAM_BOOL, .doc = N_("the unit may not enter an enemy zone of control") },
  { .name = "no_stack", .type = WB_PARAM_BOOL, .doc = N_("the unit may not stack with another unit") },
  { .name = "no_attack", .type = WB_PARAM_BOOL, .doc = N_("the unit never attacks") },
  { .name = "rule", .type = WB_PARAM_STRING, .doc = N_("the rule the log cites when the profile refuses a move") },
};

static const WbParam command_roll_members[] = {
  { .name = "option", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_OPTION, .def_text = N_("always"),
    .doc = N_("the scenario option that brings the roll in") },
  { .name = "side", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .required = TRUE,
    .doc = N_("the side whose formation rolls") },
  { .name = "formation", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_FORMATION, .required = TRUE,
    .doc = N_("the formation that rolls, with every formation under it") },
  { .name = "except_class", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_CLASS,
    .doc = N_("a unit class of the formation that moves without the roll") },
  { .name = "held_on", .type = WB_PARAM_INT_LIST, .min = 1, .max = 6,
    .doc = N_("the rolls of one die that hold the formation this phase") },
  { .name = "name", .type = WB_PARAM_STRING, .doc = N_("what the button and the log call the roll") },
  { .name = "rule", .type = WB_PARAM_STRING, .doc = N_("the rule the log cites") },
};

static const WbParam params[] = {
  { .name = "movement_allowance", .type = WB_PARAM_NUMBER, .def_number = 6, .min = 0, .max = 1000, .unit = "MP",
    .doc = N_("the Movement Allowance of a unit without its own (movement_attribute)"), .rule = "5.15" },
  { .name = "movement_attribute", .type = WB_PARAM_STRING, .def_string = "movement", .unit = "MP",
    .doc = N_("the unit class attribute that holds a unit's own Movement Allowance"), .rule = "5.0" },
  { .name = "attack_attribute", .type = WB_PARAM_STRING, .def_string = "attack", .unit = "SP",
    .doc = N_("the unit class attribute a unit attacks with (else its strength)"), .rule = "7.0" },
  { .name = "defense_attribute", .type = WB_PARAM_STRING, .def_string = "defense", .unit = "SP",
    .doc = N_("the unit class attribute a unit defends with (else its strength)"), .rule = "7.0" },
  { .name = "stacking", .type = WB_PARAM_INT, .def_number = 2, .min = 1, .max = 100, .unit = N_("units"),
    .doc = N_("the most units in a hex at the end of a move"), .rule = "5.32" },
  { .name = "crt", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_TABLE, .def_string = "crt",
    .table_kinds = (1u << WB_TABLE_ODDS) | (1u << WB_TABLE_DIFFERENTIAL),
    .doc = N_("the combat results table: odds or differential, on the dice it names"), .rule = "7.6" },
  { .name = "odds_rounding", .type = WB_PARAM_ENUM, .values = rounding_values, .def_string = "defender",
    .doc = N_("odds (or a differential) rounded in the defender's favour, or the attacker's"), .rule = "7.0" },
  { .name = "zoc", .type = WB_PARAM_ENUM, .values = zoc_values, .def_string = "rigid",
    .doc = N_("zones of control: none; sticky (stop on entering, may leave); locking or rigid (stop, may not leave)"),
    .rule = "6.0" },
  { .name = "combat", .type = WB_PARAM_ENUM, .values = combat_values, .def_string = "mandatory",
    .doc = N_("whether units in enemy zones of control must attack and be attacked"), .rule = "7.11, 7.12" },
  { .name = "retreat_hexes", .type = WB_PARAM_INT, .def_number = 1, .min = 1, .max = 10, .unit = N_("hexes"),
    .doc = N_("how far a retreat goes when its result code states no length"), .rule = "7.7" },
  { .name = "advance_after_combat", .type = WB_PARAM_INT, .def_number = 1, .min = 0, .max = 1, .unit = N_("hexes"),
    .doc = N_("whether a victorious unit may advance into a vacated hex"), .rule = "7.75" },
  { .name = "artillery_range", .type = WB_PARAM_INT, .def_number = 3, .min = 1, .max = 100, .unit = N_("hexes"),
    .doc = N_("how far artillery bombards"), .rule = "8.1" },
  { .name = "los_hexside", .type = WB_PARAM_ENUM, .values = los_values, .def_string = "both_block",
    .doc = N_("a line of sight along a hexside is blocked when the hexes on both sides block, or either"),
    .rule = "8.32" },
  { .name = "night_turns_no_combat", .type = WB_PARAM_BOOL, .def_number = 1,
    .doc = N_("a night turn has no Combat Phase"), .rule = "10.0" },
  { .name = "night_no_enter_zoc", .type = WB_PARAM_BOOL, .def_number = 1,
    .doc = N_("at night units may not enter enemy zones of control"), .rule = "10.2" },
  { .name = "reinforcement_entry", .type = WB_PARAM_ENUM, .values = entry_values, .def_string = "column",
    .doc = N_("reinforcements enter in column, each paying for the hexes of those before, or each with its whole allowance"),
    .rule = "15.15" },
  { .name = "attack_effectiveness_optional", .type = WB_PARAM_BOOL, .def_number = 1,
    .doc = N_("Attack Effectiveness is played only with the scenario option attack-effectiveness (false: never)"),
    .rule = "11.0" },
  { .name = "no_end_features", .type = WB_PARAM_ID_LIST, .ref = WB_PARAM_REF_HEX_FEATURE,
    .doc = N_("hex features a move may not end on (a river ferry)"), .rule = "5.24" },
  { .name = "objectives_held_by", .type = WB_PARAM_ID, .ref = WB_PARAM_REF_SIDE, .def_text = N_("nobody"),
    .doc = N_("the side holding the objective hexes at the start"), .rule = "18.13" },
  { .name = "command_rolls", .type = WB_PARAM_LIST,
    .doc = N_("a die a formation rolls before it moves, held on some results"), .rule = "19.2",
    .members = command_roll_members, .n_members = G_N_ELEMENTS (command_roll_members) },
  { .name = "movement_profiles", .type = WB_PARAM_LIST,
    .doc = N_("movement restrictions by side, class and turns"), .rule = "17.1-17.3",
    .members = profile_members, .n_members = G_N_ELEMENTS (profile_members) },
};

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

static double *
new_double (double v)
{
  double *p = g_new (double, 1);
  *p = v;
  return p;
}

static const char *
intern_param (const WbParams *o, const char *member)
{
  const char *s = wb_params_string (o, member);
  return s != NULL ? g_intern_string (s) : NULL;
}

/* rules.params.movement_profiles (docs/rules-params.md). */
static void
read_profile (SpiData *data, const WbParams *o)
{
  SpiProfile *p = g_new0 (SpiProfile, 1);
  const char *enter;
  g_autoptr(GList) ids = NULL;
  g_autofree gint64 *turns = NULL;
  guint n_turns;

  g_ptr_array_add (data->profiles, p);
  p->side = intern_param (o, "side");
  p->klass = intern_param (o, "class");
  turns = wb_params_ints (o, "turns", &n_turns);
  if (n_turns == 2)
    {
      p->first_turn = (int) turns[0];
      p->last_turn = (int) turns[1];
    }
  if ((ids = wb_params_keys (o, "costs")) != NULL)
    {
      p->costs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (GList *l = ids; l; l = l->next)
        {
          WbParams cost;

          wb_params_entry (o, "costs", l->data, &cost);
          g_hash_table_insert (p->costs, g_strdup (l->data), new_double (wb_params_number (&cost, "value")));
        }
    }
  p->terrain = wb_params_strv (o, "terrain");
  p->adjacent = wb_params_strv (o, "adjacent");
  p->hexes_with = wb_params_strv (o, "hexes_with");
  enter = wb_params_string (o, "enter");
  if (g_strcmp0 (enter, "road_only") == 0)
    p->enter = WB_ENTER_ROAD_ONLY;
  else if (g_strcmp0 (enter, "adjacent") == 0)
    p->enter = WB_ENTER_ADJACENT;
  p->zoc_exempt = wb_params_bool (o, "zoc_exempt");
  p->no_enter_zoc = wb_params_bool (o, "no_enter_zoc");
  p->no_stack = wb_params_bool (o, "no_stack");
  p->no_attack = wb_params_bool (o, "no_attack");
  p->rule = g_strdup (wb_params_string (o, "rule"));
}

static void
command_roll_free (SpiCommandRoll *c)
{
  g_free (c->name);
  g_free (c->rule);
  g_free (c);
}

static void
read_command_rolls (SpiData *data, const WbParams *o)
{
  for (guint i = 0; i < wb_params_length (o, "command_rolls") && i < 16; i++)
    {
      WbParams co;
      SpiCommandRoll *c;
      g_autofree gint64 *held = NULL;
      guint n_held;

      if (!wb_params_item (o, "command_rolls", i, &co))
        continue;
      c = g_new0 (SpiCommandRoll, 1);
      c->option = intern_param (&co, "option");
      c->side = intern_param (&co, "side");
      c->formation = intern_param (&co, "formation");
      c->except_class = intern_param (&co, "except_class");
      c->name = g_strdup (wb_params_string (&co, "name"));
      c->rule = g_strdup (wb_params_string (&co, "rule"));
      held = wb_params_ints (&co, "held_on", &n_held);
      for (guint k = 0; k < n_held; k++)
        if (held[k] >= 1 && held[k] <= 6)
          c->held_on |= 1u << held[k];
      g_ptr_array_add (data->command_rolls, c);
    }
}

/* The value of a declared number parameter in @lo..@hi (a whole number
 * when @whole), or its default when absent. The loader refuses any other
 * value; a game changed in memory is refused here, naming the range, so
 * that no value out of it is played (the getters would give the default)
 * and none overflows when multiplied (a movement allowance of 2^29 MP in
 * quarters of a MP: issue 15). */
static gboolean
ranged_param (const WbParams *o, const char *member, double lo, double hi, gboolean whole, const char *unit,
              double *out, GError **error)
{
  JsonNode *n = wb_params_node (o, member);
  double v;

  *out = wb_params_number (o, member);
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) ||
      (json_node_get_value_type (n) != G_TYPE_INT64 && json_node_get_value_type (n) != G_TYPE_DOUBLE))
    return TRUE;
  v = json_node_get_double (n);
  if (v >= lo && v <= hi && (!whole || v == floor (v)))
    return TRUE;
  if (whole && hi == lo + 1)
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 _("rules.params.%s: %g (expected %g or %g %s)"), member, v, lo, hi, unit);
  else if (whole)
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 _("rules.params.%s: %g (expected %g to %g %s)"), member, v, lo, hi, unit);
  else
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 _("rules.params.%s: %g (expected a number from %g to %g %s)"), member, v, lo, hi, unit);
  return FALSE;
}

/* The index in @values (NULL-terminated) of the value a declared enum
 * parameter holds. The game file's loader refuses any other value; a game
 * changed since in memory is refused here, naming the values, so that a
 * misspelt value never plays another rule. */
static gboolean
choice_param (const WbParams *o, const char *member, const char * const *values, int *out, GError **error)
{
  JsonNode *n = wb_params_node (o, member);
  const char *v = n == NULL ? wb_params_string (o, member)
                : json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n) : NULL;
  g_autofree char *expected = NULL;

  for (int i = 0; v != NULL && values[i] != NULL; i++)
    if (strcmp (v, values[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  expected = g_strjoinv (", ", (char **) values);
  g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
               _("rules.params.%s: “%s” is not one of %s"), member, v != NULL ? v : "", expected);
  return FALSE;
}

/* An attribute of the unit classes a parameter names (a unit's own
 * movement, attack or defence), interned in @out; NULL when no class has
 * it — an error when the game names it, so a typo does not play another
 * rule unseen. */
static gboolean
attribute_param (WbGame *game, const WbParams *o, const char *member, const char **out, GError **error)
{
  const char *id = wb_params_string (o, member);
  GPtrArray *classes = wb_game_get_unit_classes (game);

  *out = NULL;
  for (guint i = 0; id != NULL && i < classes->len; i++)
    if (wb_unit_type_find_attr (g_ptr_array_index (classes, i), id) != NULL)
      {
        *out = g_intern_string (id);
        return TRUE;
      }
  if (wb_params_has (o, member))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("rules.params.%s: no unit class has an attribute “%s”"), member, id != NULL ? id : "");
      return FALSE;
    }
  return TRUE;
}

/* The dice the CRT reads (its `dice`): how many and of how many faces. */
static gboolean
read_crt_dice (SpiData *data, GError **error)
{
  const char *spec = wb_table_get_dice (data->crt);
  g_autoptr(GError) local = NULL;
  g_autoptr(WbDice) dice = spec != NULL ? wb_dice_new (spec, &local) : NULL;

  if (dice == NULL)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("The combat results table “%s” has no dice the rules can roll (%s)"),
                   wb_table_get_name (data->crt), local != NULL ? local->message : _("none given"));
      return FALSE;
    }
  if (g_strcmp0 (dice->spec, "d66") == 0)
    data->crt_dice = 2, data->crt_faces = 6;
  else
    data->crt_dice = dice->min, data->crt_faces = dice->max / MAX (dice->min, 1);
  return TRUE;
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
  _wb_spi_caches_free (data);
  g_free (data);
}

/* The parameters that choose between the rules of other games of the
 * system and the Wilderness's (its own values are the defaults). */
static gboolean
read_choices (SpiData *data, const WbParams *o, GError **error)
{
  int z, c, r, l, e;
  double v;

  if (!choice_param (o, "zoc", zoc_values, &z, error) ||
      !choice_param (o, "combat", combat_values, &c, error) ||
      !choice_param (o, "odds_rounding", rounding_values, &r, error) ||
      !choice_param (o, "los_hexside", los_values, &l, error) ||
      !choice_param (o, "reinforcement_entry", entry_values, &e, error))
    return FALSE;
  data->zoc_mode = (SpiZoc) z;
  data->voluntary = c == 1;
  data->odds_for_attacker = r == 1;
  data->los_either = l == 1;
  data->entry_free = e == 1;
  if (!ranged_param (o, "retreat_hexes", 1, 10, TRUE, _("hexes"), &v, error))
    return FALSE;
  data->retreat_hexes = (int) v;
  if (!ranged_param (o, "advance_after_combat", 0, 1, TRUE, _("hex"), &v, error))
    return FALSE;
  data->advance = (int) v;
  data->night_no_combat = wb_params_bool (o, "night_turns_no_combat");
  data->night_no_enter_zoc = wb_params_bool (o, "night_no_enter_zoc");
  data->ae_optional = wb_params_bool (o, "attack_effectiveness_optional");
  return attribute_param (data->game, o, "movement_attribute", &data->movement_attr, error) &&
         attribute_param (data->game, o, "attack_attribute", &data->attack_attr, error) &&
         attribute_param (data->game, o, "defense_attribute", &data->defense_attr, error);
}

static gpointer
spi_prepare (WbGame *game, const WbMatch *setup, GError **error)
{
  WbParams o;
  SpiData *data;
  double v, stacking, range;

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
  wb_params_init (&o, params, G_N_ELEMENTS (params), "spi-blue-gray", game, wb_scenario_get_id (setup->scenario));
  data = g_new0 (SpiData, 1);
  data->game = g_object_ref (game);
  data->map = WB_HEX_MAP (setup->map);
  data->cols = wb_hex_map_get_cols (data->map);
  data->rows = wb_hex_map_get_rows (data->map);
  for (guint i = 0; i < G_N_ELEMENTS (data->marks); i++)
    {
      data->marks[i].enemy = g_new0 (guint8, (gsize) data->cols * data->rows);
      data->marks[i].zoc = g_new0 (guint8, (gsize) data->cols * data->rows);
    }
  data->enemy = data->marks[0].enemy;
  data->zoc = data->marks[0].zoc;
  data->side_prohibited = g_new0 (guint8, (gsize) data->cols * data->rows * WB_HEX_DIRECTIONS);
  data->no_end_at = g_new0 (guint8, (gsize) data->cols * data->rows);
  data->friends = g_new0 (guint16, (gsize) data->cols * data->rows);
  data->friends_no_stack = g_new0 (guint8, (gsize) data->cols * data->rows);
  {
    /* At most half full with every unit of the game and a few probes. */
    guint slots = 16;

    while (slots < 2 * (wb_game_get_units (game)->len + 8))
      slots *= 2;
    data->units = g_new0 (SpiUnitInfo, slots);
    data->units_mask = slots - 1;
  }
  data->profiles = g_ptr_array_new_with_free_func ((GDestroyNotify) profile_free);
  data->command_rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) command_roll_free);
  data->graphs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) wb_hex_graph_free);
  /* 5.0: six Movement Points; 5.32: two units (the declared defaults). */
  if (!ranged_param (&o, "movement_allowance", 0, 1000, FALSE, _("MP"), &v, error) ||
      !ranged_param (&o, "stacking", 1, 100, TRUE, _("units"), &stacking, error) ||
      !ranged_param (&o, "artillery_range", 1, 100, TRUE, _("hexes"), &range, error))
    {
      spi_release (data);
      return NULL;
    }
  data->allowance = (int) (v * WB_MOVE_QUARTERS);
  data->crt = wb_game_find_table (game, wb_params_string (&o, "crt"));
  data->artillery_range = (int) range;
  {
    const char *holder = wb_params_string (&o, "objectives_held_by");
    GPtrArray *sides = wb_game_get_sides (game);
    for (guint i = 0; holder != NULL && i < sides->len; i++)
      if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, i))->id, holder) == 0)
        data->objectives_side = i + 1;
  }
  data->stacking = (int) stacking;
  data->no_end = wb_params_strv (&o, "no_end_features");
  read_command_rolls (data, &o);
  for (guint i = 0; i < wb_params_length (&o, "movement_profiles") && i < 30; i++)
    {
      WbParams e;

      if (!wb_params_item (&o, "movement_profiles", i, &e))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("rules.params.movement_profiles[%u] is not an object"), i);
          spi_release (data);
          return NULL;
        }
      read_profile (data, &e);
    }
  if (!read_choices (data, &o, error))
    {
      spi_release (data);
      return NULL;
    }
  if (data->crt != NULL && wb_table_get_kind (data->crt) != WB_TABLE_ODDS &&
      wb_table_get_kind (data->crt) != WB_TABLE_DIFFERENTIAL)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("The table “%s” is not an odds or differential combat results table"),
                   wb_table_get_name (data->crt));
      spi_release (data);
      return NULL;
    }
  if (data->crt != NULL && !read_crt_dice (data, error))
    {
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
  switch (spi_state (m)->pending)
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

  if (spi_state (m)->pending != SPI_PENDING_NONE)
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
                              SPI_ADVANCED | SPI_DISPLACED);
      u->data[SPI_DATA_SPENT] = 0;
      u->data[SPI_DATA_ENTRY] = 0;
    }
  spi_state (m)->command_held = spi_state (m)->command_rolled = 0;
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
         data->night_no_combat && wb_match_turn_is_night (m, m->turn));
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
      if (spi_state (m)->pending != SPI_PENDING_NONE)
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
  switch (spi_state (m)->pending)
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

static void
spi_step (gpointer p, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  _wb_spi_step (p, m, picks, step);
}

static JsonObject *
spi_step_action (gpointer p, WbMatch *m, const WbPicks *picks)
{
  return _wb_spi_step_action (p, m, picks);
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
  .step = spi_step,
  .step_action = spi_step_action,
  .params = params,
  .n_params = G_N_ELEMENTS (params),
  .roles = roles,
  .n_roles = G_N_ELEMENTS (roles),
};

const WbRulesFamily *
wb_spi_family (void)
{
  return &family;
}
