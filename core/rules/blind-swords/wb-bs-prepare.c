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

/* The Blind Swords family's data for a match, read once from the game and
 * its scenario (wb-bs.c plays it): the draw cup and its chits (5.0, 7.0),
 * the brigades and their divisions, the declared parameters. */

void
_wb_bs_release (gpointer p)
{
  BsData *data = p;

  if (data == NULL)
    return;
  for (guint b = 0; b < data->n_brigades; b++)
    g_free (data->brigade_name[b]);
  g_free (data->unit_brigade);
  g_free (data->artillery);
  g_free (data->counter);
  _wb_bs_map_free (data->fx);
  _wb_bs_move_free (data->move);
  _wb_bs_scenario_free (data->sc);
  _wb_bs_fog_free (data->fog_results);
  g_clear_pointer (&data->tables, wb_bs_tables_free);
  g_clear_object (&data->game);
  g_free (data);
}

static gboolean
has_box (WbScenario *scenario, const char *id)
{
  GPtrArray *boxes = wb_scenario_get_boxes (scenario);

  for (guint b = 0; id != NULL && boxes != NULL && b < boxes->len; b++)
    if (g_strcmp0 (((WbBox *) g_ptr_array_index (boxes, b))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
read_cup (BsData *data, WbMatch *setup, GError **error)
{
  WbCup *cup = wb_scenario_get_cup (setup->scenario);
  GPtrArray *chits = wb_game_get_chits (data->game);

  if (chits == NULL || chits->len == 0 || cup == NULL)
    return _wb_bs_fail (error, _("The Blind Swords rules draw chits from a cup: the scenario “%s” has no draw cup"),
                        wb_scenario_get_id (setup->scenario));
  if (chits->len > BS_MAX_CHITS)
    return _wb_bs_fail (error, _("The Blind Swords rules play at most %d chits; this game has %u"),
                        BS_MAX_CHITS, chits->len);
  data->n_chits = chits->len;
  for (guint c = 0; c < chits->len; c++)
    {
      WbChit *chit = g_ptr_array_index (chits, c);

      data->chit[c] = chit;
      data->owner[c] = chit->side != NULL ? _wb_bs_side_index (data->game, chit->side) : -1;
      if (chit->side != NULL && (data->owner[c] < 0 || data->owner[c] > 1))
        return _wb_bs_fail (error, _("The chit %s belongs to a side the Blind Swords rules do not play"), chit->id);
    }
  for (guint i = 0; cup->chits != NULL && i < cup->chits->len; i++)
    {
      int c = _wb_bs_chit_index (data, g_ptr_array_index (cup->chits, i));

      if (c >= 0)
        data->from_turn[c] = 1;
    }
  for (guint a = 0; cup->add != NULL && a < cup->add->len; a++)
    {
      WbCupAdd *add = g_ptr_array_index (cup->add, a);

      for (guint i = 0; add->chits != NULL && i < add->chits->len; i++)
        {
          int c = _wb_bs_chit_index (data, g_ptr_array_index (add->chits, i));

          if (c >= 0 && data->from_turn[c] == 0)
            data->from_turn[c] = MAX (add->turn, 1);
        }
    }
  for (guint i = 0; cup->clarity_chits != NULL && i < cup->clarity_chits->len; i++)
    {
      int c = _wb_bs_chit_index (data, g_ptr_array_index (cup->clarity_chits, i));

      if (c >= 0)
        data->clarity[c] = TRUE;
    }
  data->clarity_per_division = cup->clarity_per_division;
  for (guint s = 0; s < 2; s++)
    {
      const char *sid = ((WbSide *) g_ptr_array_index (wb_game_get_sides (data->game), s))->id;

      data->key_chits[s] = MAX (wb_side_counts_get (cup->key_chits, sid), 0);
      data->included[s] = MAX (wb_side_counts_get (cup->included_events, sid), 0);
    }
  return TRUE;
}

static int
attr_int (WbUnit *unit, const char *id, int fallback)
{
  const WbAttrValue *v = wb_unit_get_attr (unit, id);

  if (v == NULL)
    return fallback;
  if (v->type == WB_ATTR_INT)
    return (int) CLAMP (v->i, 0, 255);
  if (v->type == WB_ATTR_NUMBER)
    return (int) CLAMP (v->d, 0, 255);
  return fallback;
}

/* What @unit's counter prints (2.1): SP on each side, Weapon Type, CR on
 * each side, Fragile (only a BW side), and what its class's role makes
 * it. A value the file does not give reads 0 (a CR of 0 tests on every
 * coloured box; an SP of 0 cannot fire). */
static void
read_counter (BsData *data, WbUnit *unit, WbUnitType *klass, BsCounter *c)
{
  const WbStrength *st;
  const WbAttrValue *weapon, *fragile;

  (void) data;
  c->role = BS_ROLE_INFANTRY;
  if (klass != NULL && wb_roles_contain (klass->roles, "artillery"))
    c->role = BS_ROLE_ARTILLERY;
  else if (klass != NULL && wb_roles_contain (klass->roles, "cavalry"))
    c->role = BS_ROLE_CAVALRY;
  else if (klass != NULL && wb_roles_contain (klass->roles, "pioneer"))
    c->role = BS_ROLE_PIONEER;
  else if (klass != NULL && wb_roles_contain (klass->roles, "marker"))
    c->role = BS_ROLE_MARKER;
  if (unit == NULL)
    return;
  st = wb_unit_get_strength (unit);
  c->sp[0] = (guint8) CLAMP (st->halves[0], 0, 255);
  c->sp[1] = (guint8) CLAMP (st->n > 1 ? st->halves[1] : st->halves[0], 0, 255);
  c->cr[0] = (guint8) attr_int (unit, "cr", 0);
  c->cr[1] = (guint8) attr_int (unit, "cr_worn", c->cr[0]);
  weapon = wb_unit_get_attr (unit, "weapon");
  c->weapon = weapon != NULL && weapon->type == WB_ATTR_STRING && weapon->s != NULL ? g_intern_string (weapon->s) : NULL;
  fragile = wb_unit_get_attr (unit, "fragile");
  c->fragile = fragile != NULL && fragile->type == WB_ATTR_BOOL && fragile->b;
  if (c->fragile)
    {
      c->sp[0] = c->sp[1];
      c->cr[0] = c->cr[1];
    }
}

static gboolean
read_brigades (BsData *data, WbMatch *setup, GError **error)
{
  GPtrArray *formations = wb_game_get_formations (data->game);

  for (guint f = 0; formations != NULL && f < formations->len; f++)
    {
      WbFormation *fm = g_ptr_array_index (formations, f);
      int side = _wb_bs_side_index (data->game, fm->side);

      if (g_strcmp0 (fm->echelon, "brigade") != 0)
        continue;
      if (data->n_brigades >= BS_MAX_BRIGADES)
        return _wb_bs_fail (error, _("The Blind Swords rules play at most %d brigades"), BS_MAX_BRIGADES);
      if (side < 0 || side > 1)
        return _wb_bs_fail (error, _("The brigade %s belongs to no side the Blind Swords rules play"), fm->id);
      data->brigade[data->n_brigades] = g_intern_string (fm->id);
      data->division[data->n_brigades] = fm->parent != NULL ? g_intern_string (fm->parent) : NULL;
      data->brigade_name[data->n_brigades] = g_strdup (fm->name != NULL ? fm->name : fm->id);
      data->brigade_side[data->n_brigades] = (guint) side;
      data->n_brigades++;
    }
  data->n_units = setup->units->len;
  data->unit_brigade = g_new (int, MAX (data->n_units, 1));
  data->artillery = g_new0 (gboolean, MAX (data->n_units, 1));
  data->counter = g_new0 (BsCounter, MAX (data->n_units, 1));
  for (guint i = 0; i < data->n_units; i++)
    {
      WbUnitState *u = &g_array_index (setup->units, WbUnitState, i);
      WbUnit *unit = wb_game_find_unit (data->game, u->id);
      WbUnitType *klass = unit != NULL ? wb_game_find_unit_class (data->game, wb_unit_get_class_id (unit)) : NULL;

      data->unit_brigade[i] = unit != NULL ? _wb_bs_brigade_index (data, wb_unit_get_formation (unit)) : -1;
      data->artillery[i] = klass != NULL && wb_roles_contain (klass->roles, "artillery");
      read_counter (data, unit, klass, &data->counter[i]);
    }
  return TRUE;
}

static gboolean
read_params (BsData *data, const WbParams *o, WbMatch *setup, GError **error)
{
  g_auto(GStrv) broken = wb_params_strv (o, "broken_track");
  g_auto(GStrv) orders = wb_params_strv (o, "orders");
  const char *fog = wb_params_string (o, "fog_of_war_table");

  for (guint k = 0; broken != NULL && broken[k] != NULL; k++)
    {
      if (k >= BS_MAX_BROKEN)
        return _wb_bs_fail (error, _("rules.params.broken_track: at most %d boxes"), BS_MAX_BROKEN);
      if (!has_box (setup->scenario, broken[k]))
        return _wb_bs_fail (error, _("rules.params.broken_track: the scenario “%s” has no box “%s”"),
                            wb_scenario_get_id (setup->scenario), broken[k]);
      data->broken[data->n_broken++] = g_intern_string (broken[k]);
    }
  static const char * const four[] = { "attack", "defend", "maneuver", "regroup", NULL };

  /* 8.1: the family plays these four orders; a game may offer fewer. */
  for (guint k = 0; orders != NULL && orders[k] != NULL && k < BS_MAX_ORDERS; k++)
    {
      if (!g_strv_contains (four, orders[k]))
        return _wb_bs_fail (error, _("rules.params.orders: the Blind Swords rules play the orders attack, defend, "
                                     "maneuver and regroup, not “%s”"), orders[k]);
      data->orders[data->n_orders++] = g_intern_string (orders[k]);
    }
  if (data->n_orders == 0)
    for (guint k = 0; four[k] != NULL; k++)
      data->orders[data->n_orders++] = g_intern_static_string (four[k]);
  data->fog = fog != NULL ? wb_game_find_table (data->game, fog) : NULL;
  data->stacking_halves = 2 * (int) wb_params_int (o, "stacking_sp");
  data->dismount_attr = g_intern_string (wb_params_string (o, "dismount_attribute"));
  {
    g_autoptr(GList) keys = wb_params_keys (o, "terrain_effects");

    for (GList *l = keys; l != NULL; l = l->next)
      {
        WbParams e;

        if (!wb_params_entry (o, "terrain_effects", l->data, &e))
          continue;
        if (wb_params_bool (&e, "artillery_climb") && data->n_climb < G_N_ELEMENTS (data->climb))
          data->climb[data->n_climb++] = g_intern_string (l->data);
        if (wb_params_bool (&e, "pioneer_work") && data->n_work < G_N_ELEMENTS (data->work))
          {
            data->work[data->n_work] = g_intern_string (l->data);
            data->work_to[data->n_work] = wb_params_has (&e, "reduces_to")
                                          ? g_intern_string (wb_params_string (&e, "reduces_to")) : NULL;
            data->n_work++;
          }
      }
  }
  data->rally_distance = (int) wb_params_int (o, "rally_enemy_distance");
  data->first_holder = _wb_bs_side_index (data->game, wb_params_string (o, "objectives_held_by"));
  for (guint s = 0; s < 2; s++)
    {
      WbParams entry;
      const char *sid = ((WbSide *) g_ptr_array_index (wb_game_get_sides (data->game), s))->id;
      g_autofree gint64 *by_turn = NULL;
      guint n = 0;

      if (wb_params_entry (o, "command_rating_bonus", sid, &entry))
        by_turn = wb_params_ints (&entry, "value", &n);
      for (guint t = 0; t < n && t < BS_MAX_BONUS_TURNS; t++)
        data->bonus[s][t] = (int) by_turn[t];
    }
  return TRUE;
}

gpointer
_wb_bs_prepare (WbGame *game, const WbMatch *setup, GError **error)
{
  WbParams o;
  BsData *data;

  if (!WB_IS_HEX_MAP (setup->map))
    {
      _wb_bs_fail (error, _("The Blind Swords rules are played on a hex map"));
      return NULL;
    }
  if (wb_game_get_sides (game)->len != 2)
    {
      _wb_bs_fail (error, _("The Blind Swords rules are for two sides"));
      return NULL;
    }
  wb_params_init (&o, _wb_bs_params, WB_BS_N_PARAMS, "blind-swords", game, wb_scenario_get_id (setup->scenario));
  data = g_new0 (BsData, 1);
  data->game = g_object_ref (game);
  data->scenario = setup->scenario;
  data->map = WB_HEX_MAP (setup->map);
  data->layout = wb_hex_map_get_layout (data->map);
  data->cols = wb_hex_map_get_cols (data->map);
  data->rows = wb_hex_map_get_rows (data->map);
  data->tables = wb_bs_tables_compile (game, wb_scenario_get_id (setup->scenario),
                                       (const char * const *) setup->options, error);
  if (data->tables == NULL || !read_cup (data, (WbMatch *) setup, error) ||
      !read_brigades (data, (WbMatch *) setup, error) || !read_params (data, &o, (WbMatch *) setup, error) ||
      !_wb_bs_map_compile (data, &o, error) || !_wb_bs_move_compile (data, &o, error) ||
      !_wb_bs_scenario_compile (data, &o, error) || !_wb_bs_fog_compile (data, &o, error))
    {
      _wb_bs_release (data);
      return NULL;
    }
  {
    GPtrArray *victory = wb_scenario_get_victory (setup->scenario);

    for (guint v = 0; victory != NULL && v < victory->len; v++)
      {
        WbVictory *vc = g_ptr_array_index (victory, v);

        if (vc->kind == WB_VICTORY_OCCUPY && vc->places != NULL)
          data->n_objectives += vc->places->len;
      }
    data->n_objectives = MIN (data->n_objectives, BS_MAX_OBJECTIVES);
  }
  return data;
}
