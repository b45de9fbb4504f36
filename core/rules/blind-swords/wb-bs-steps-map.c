/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "rules/blind-swords/wb-bs-private.h"

/* The play UI's steps on the map (rules/wb-step.h) for the activation's
 * steps and the Artillery Steps: units and hexes to pick, with the fire's
 * or the Close Combat's column, shifts and chances shown before the roll
 * (the preview), the moves' hexes with their cost, and the buttons that
 * end a step. Nothing here is seen by ui/: the generic prompt runs it. */

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

static JsonObject *
action (const char *type)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  return a;
}

static gboolean
on_map (const WbUnitState *u)
{
  return u->where.kind == WB_WHERE_HEX;
}

/* Whether unit @i may act in this step (fire, move, attack, rally). */
static gboolean
may_act (BsData *data, WbMatch *m, guint i)
{
  BsState *st = bs_state (m);
  const WbUnitState *u = unit_at (m, i);
  const BsCounter *c = &data->counter[i];
  gboolean recover, rebuild;
  const char *why;

  if (u->side != m->active)
    return FALSE;
  switch (m->step)
    {
    case BS_FIRE:
      return _wb_bs_in_brigade (data, m, i) && on_map (u) && !(u->flags & (BS_UNIT_FIRED | BS_UNIT_CHAOS)) &&
             (c->role == BS_ROLE_INFANTRY || c->role == BS_ROLE_CAVALRY);
    case BS_MOVE:
      return _wb_bs_in_brigade (data, m, i) && on_map (u) && !(u->flags & BS_UNIT_CHAOS) &&
             c->role != BS_ROLE_PIONEER && c->role != BS_ROLE_MARKER;
    case BS_CLOSE:
      return _wb_bs_in_brigade (data, m, i) && on_map (u) && !(u->flags & (BS_UNIT_COMMITTED | BS_UNIT_CHAOS)) &&
             (c->role == BS_ROLE_INFANTRY || c->role == BS_ROLE_CAVALRY);
    case BS_ART_HEX:
      return c->role == BS_ROLE_ARTILLERY && on_map (u) && wb_offset_equal (u->where.hex, st->target) &&
             !(u->flags & (BS_UNIT_ARTILLERY_DONE | BS_UNIT_FIRED | BS_UNIT_MOVED));
    case BS_OPFIRE:
      return st->mover > 0 && on_map (u) && !(u->flags & BS_UNIT_CHAOS) &&
             wb_hex_distance (data->layout, u->where.hex, unit_at (m, (guint) st->mover - 1)->where.hex) == 1 &&
             c->role != BS_ROLE_PIONEER && c->role != BS_ROLE_MARKER;
    case BS_RALLY:
    case BS_ART_RALLY:
      return _wb_bs_may_rally (data, m, i, &recover, &rebuild, &why);
    default:
      return FALSE;
    }
}

GArray *
_wb_bs_destinations (gpointer p, WbMatch *m, const char *id)
{
  BsData *data = p;
  gpointer v = g_hash_table_lookup (m->index, g_intern_string (id));
  guint i;
  gboolean march, may_engage;
  int left;

  if (v == NULL)
    return NULL;
  i = (guint) GPOINTER_TO_INT (v) - 1;
  if (!may_act (data, m, i) || (m->step != BS_MOVE && m->step != BS_ART_HEX))
    return NULL;
  left = _wb_bs_mp_left (data, m, i, &march, &may_engage);
  if (left <= 0 && (unit_at (m, i)->flags & BS_UNIT_MOVED))
    return NULL;
  return _wb_bs_reach (data, m, i, left, march, may_engage);
}

/* The units that may fire (list 0, a click on a hex picks them all), then
 * the enemy hexes (list 1); the preview shows the column and chances. */
static void
fire_lists (BsData *data, WbMatch *m, WbStep *step, gboolean close)
{
  BsState *st = bs_state (m);
  WbPickList *units = wb_step_add_list (step, WB_PICK_UNIT, WB_PICK_GROUP, 1, G_MAXUINT);
  WbPickList *hexes = wb_step_add_list (step, WB_PICK_HEX, 0, 1, 1);

  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      g_autofree char *hex = NULL;

      if (!on_map (u))
        continue;
      if (u->side == m->active)
        {
          if (may_act (data, m, i))
            wb_pick_list_add (units, u->id, &u->where, -1);
          continue;
        }
      if (bs_role (data, m, i) == BS_ROLE_MARKER)
        continue;
      if (m->step == BS_OPFIRE && (st->mover <= 0 || (guint) st->mover - 1 != i))
        continue;
      hex = wb_step_place_value (m, &u->where, NULL);
      if (hex != NULL && wb_pick_list_find (hexes, hex) == NULL)
        wb_pick_list_add (hexes, hex, &u->where, -1);
    }
  units->refusal = g_strdup (_("These units cannot fire or attack now"));
  step->act_label = g_strdup (close ? _("_Attack") : _("_Fire"));
  step->act_tooltip = g_strdup (close ? _("Defensive Fire, then the Close Combat roll and its Cohesion Test")
                                      : _("Roll on the CRT and apply the Cohesion Test"));
  step->preview = TRUE;
}

static void
end_button (WbStep *step, const char *label, const char *tooltip)
{
  wb_step_add_button (step, label, tooltip, action ("end_step"));
}

static JsonObject *
unit_action (const char *type, const char *unit)
{
  JsonObject *a = action (type);

  json_object_set_string_member (a, "unit", unit);
  return a;
}

static int
index_of_unit (WbMatch *m, const char *id)
{
  gpointer v = id != NULL ? g_hash_table_lookup (m->index, g_intern_string (id)) : NULL;

  return v != NULL ? GPOINTER_TO_INT (v) - 1 : -1;
}

/* Excl. 2.1a: a button per pioneer the brigade's infantry may place. */
static void
pioneer_buttons (BsData *data, WbMatch *m, WbStep *step)
{
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (!on_map (u) || u->side != m->active || !(u->data[BS_DATA_EXCL] & BS_EX_MAY_PIONEER))
        continue;
      for (guint k = 0; m->markers != NULL && k < m->markers->len; k++)
        {
          WbOffset h = g_array_index (m->markers, WbMatchMarker, k).hex;
          char buf[32];

          if (!_wb_bs_excl_may (data, m, i, "pioneer", &h))
            continue;
          wb_hex_map_format_hex (data->map, h, buf, sizeof buf);
          {
            JsonObject *a = unit_action ("pioneer", u->id);
            g_autofree char *name = wb_match_unit_text (m, u);
            /* TRANSLATORS: a button: excl. 2.1a, a unit places a pioneer on a hex */
            g_autofree char *label = g_strdup_printf (_("%s: Pioneer on %s"), name, buf);

            json_object_set_string_member (a, "hex", buf);
            wb_step_add_button (step, label, _("A pioneer goes on the Fallen Timber to clear it in the End Turn "
                                               "Phase (excl. 2.1a, 14.4)"), a);
          }
        }
    }
}

/* The Movement Step's other actions for the unit picked: Skirmish Order,
 * mounting, moving off the map, a Charge, a move staying out of a Bayou on
 * a 3-4 (excl. 15.1, 10.9, 10.12, 10.10, excl. 2.10h). */
static void
move_buttons (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  const char *id = wb_picks_get (picks, 0, 0);
  int i = index_of_unit (m, id);
  const WbUnitState *u;
  g_autoptr(GArray) to = NULL;
  guint bayou_buttons = 0;

  if (i < 0)
    return;
  u = unit_at (m, (guint) i);
  if (_wb_bs_excl_may (data, m, (guint) i, "skirmish", NULL))
    {
      gboolean on = !(u->flags & BS_UNIT_SKIRMISH);
      JsonObject *a = unit_action ("skirmish", u->id);

      json_object_set_boolean_member (a, "on", on);
      wb_step_add_button (step, on ? _("_Skirmish Order") : _("_Close Order"),
                          on ? _("Enter Skirmish Order for 2 MP (excl. 15.1)")
                             : _("Leave Skirmish Order: all the unit's MP (excl. 15.1)"), a);
    }
  if (_wb_bs_excl_may (data, m, (guint) i, "dismount", NULL))
    wb_step_add_button (step, _("_Dismount"), _("3 MP: the unit is then infantry (10.9)"),
                        unit_action ("dismount", u->id));
  if (_wb_bs_excl_may (data, m, (guint) i, "mount", NULL))
    wb_step_add_button (step, _("_Mount"), _("3 MP: the unit is cavalry again (10.9)"), unit_action ("mount", u->id));
  if (_wb_bs_excl_may (data, m, (guint) i, "withdraw", NULL))
    wb_step_add_button (step, _("Move _Off the Map"), _("1 MP: the unit is out of the game for good (10.12)"),
                        unit_action ("withdraw", u->id));
  to = _wb_bs_destinations (data, m, id);
  for (guint k = 0; to != NULL && k < to->len; k++)
    {
      WbOffset h = g_array_index (to, WbDestination, k).where.hex;
      BsPath path;
      gboolean bayou = FALSE;
      char buf[32];

      if (!_wb_bs_reach_way (data, m, (guint) i, h, &path))
        continue;
      wb_hex_map_format_hex (data->map, h, buf, sizeof buf);
      if (bs_role (data, m, (guint) i) == BS_ROLE_CAVALRY && _wb_bs_charge_refusal (data, m, (guint) i, &path) == NULL)
        {
          JsonObject *a = unit_action ("move", u->id);
          /* TRANSLATORS: a button: 10.10, a Charge Move to a hex */
          g_autofree char *label = g_strdup_printf (_("Charge to %s"), buf);

          json_object_set_string_member (a, "hex", buf);
          json_object_set_boolean_member (a, "charge", TRUE);
          wb_step_add_button (step, label, _("A Charge Move: the unit must then attack, two columns right "
                                             "(10.10)"), a);
        }
      for (guint j = 0; j < path.n && bs_role (data, m, (guint) i) == BS_ROLE_INFANTRY; j++)
        bayou |= !(path.road & (1u << j)) && _wb_bs_hex_entry_table (data, m, path.hex[j]) != NULL;
      if (bayou && bayou_buttons++ < 4)
        {
          JsonObject *a = unit_action ("move", u->id);
          /* TRANSLATORS: a button: excl. 2.10h, a move that stays out of the Bayou on a 3-4 */
          g_autofree char *label = g_strdup_printf (_("To %s, Staying Out on a 3-4"), buf);

          json_object_set_string_member (a, "hex", buf);
          json_object_set_string_member (a, "bayou", "stay");
          wb_step_add_button (step, label, _("Clicking the hex enters the Bayou on a 3-4 with a Cohesion Check; "
                                             "this stays out, the MP spent (excl. 2.10h)"), a);
        }
    }
}

/* 10.8: the cavalry that may withdraw, then its hexes. */
static void
withdraw_lists (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  BsState *st = bs_state (m);
  WbPickList *units = wb_step_add_list (step, WB_PICK_UNIT, WB_PICK_LEADS, 1, 1);
  WbPickList *hexes = wb_step_add_list (step, WB_PICK_HEX, 0, 1, 1);
  int i = index_of_unit (m, wb_picks_get (picks, 0, 0));

  for (guint k = 0; k < st->n_wd && k < G_N_ELEMENTS (st->wd_units); k++)
    {
      const WbUnitState *u = unit_at (m, (guint) st->wd_units[k]);

      wb_pick_list_add (units, u->id, &u->where, -1);
    }
  if (i >= 0 && wb_pick_list_find (units, wb_picks_get (picks, 0, 0)) != NULL)
    for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
      {
        WbOffset h = wb_hex_neighbour (data->layout, unit_at (m, (guint) i)->where.hex, d);
        WbWhere where = { .kind = WB_WHERE_HEX, .hex = h };
        char buf[32];

        if (!wb_hex_map_contains (data->map, h) || !_wb_bs_excl_may (data, m, (guint) i, "withdraw", &h))
          continue;
        wb_hex_map_format_hex (data->map, h, buf, sizeof buf);
        wb_pick_list_add (hexes, buf, &where, -1);
      }
  units->refusal = g_strdup (_("This unit cannot withdraw now"));
  step->auto_act = TRUE;
  if (st->cc_wd)
    end_button (step, _("_Stay and Fire"), _("The cavalry left in the hex stays: the Defensive Fire, then the Close "
                                             "Combat (11.3a, 11.3b)"));
  else
    end_button (step, _("_Stay"), _("The cavalry stays where it is (10.8)"));
}

void
_wb_bs_map_step (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  BsState *st = bs_state (m);

  switch (m->step)
    {
    case BS_FIRE:
      fire_lists (data, m, step, FALSE);
      end_button (step, _("_End Fire Combat"), _("The brigade's Fire Combat Step ends (9.0)"));
      pioneer_buttons (data, m, step);
      break;
    case BS_OPFIRE:
      fire_lists (data, m, step, FALSE);
      end_button (step, _("_No Opportunity Fire"), _("Let the unit move without firing at it (10.7)"));
      break;
    case BS_CLOSE:
      fire_lists (data, m, step, TRUE);
      end_button (step, _("_End Close Combat"), _("The brigade's Close Combat Step ends (11.0)"));
      pioneer_buttons (data, m, step);
      break;
    case BS_MOVE:
      wb_step_add_unit_moves (step, m, picks, _wb_bs_destinations, data, _("These units cannot move now"));
      end_button (step, _("_End Movement"), _("The brigade's Movement Step ends (10.0)"));
      move_buttons (data, m, picks, step);
      pioneer_buttons (data, m, step);
      break;
    case BS_WITHDRAW:
      withdraw_lists (data, m, picks, step);
      break;
    case BS_ART_HEX:
      /* A unit picked alone shows its moves; the fire is picked with the
       * target. */
      wb_step_add_unit_moves (step, m, picks, _wb_bs_destinations, data, _("These units cannot move now"));
      end_button (step, _("_End the Artillery Step"), _("The units of the hex that did not act are done (6.1)"));
      {
        /* Fire: a button per target the hex's units may hit. */
        GHashTable *seen = g_hash_table_new (g_str_hash, g_str_equal);

        for (guint j = 0; j < data->n_units; j++)
          {
            const WbUnitState *v = unit_at (m, j);
            g_autoptr(JsonArray) firing = json_array_new ();
            char buf[32];

            if (v->side == m->active || !on_map (v) || bs_role (data, m, j) == BS_ROLE_MARKER)
              continue;
            wb_hex_map_format_hex (data->map, v->where.hex, buf, sizeof buf);
            if (g_hash_table_contains (seen, g_intern_string (buf)))
              continue;
            g_hash_table_add (seen, (gpointer) g_intern_string (buf));
            for (guint i = 0; i < data->n_units; i++)
              {
                int range;
                BsLos los;
                const char *why;

                if (may_act (data, m, i) && _wb_bs_can_fire (data, m, i, v->where.hex, FALSE, &range, &los, &why))
                  json_array_add_string_element (firing, unit_at (m, i)->id);
              }
            if (json_array_get_length (firing) > 0)
              {
                JsonObject *a = action ("fire");
                /* TRANSLATORS: a button: the artillery of the hex fires at a hex */
                g_autofree char *label = g_strdup_printf (_("Fire at %s"), buf);

                json_object_set_array_member (a, "units", json_array_ref (firing));
                json_object_set_string_member (a, "hex", buf);
                wb_step_add_button (step, label, _("Every unit of the hex that may fire there fires together"), a);
              }
          }
        g_hash_table_unref (seen);
      }
      break;
    case BS_ADVANCE:
      {
        WbPickList *units = wb_step_add_list (step, WB_PICK_UNIT, 0, 1, G_MAXUINT);

        for (guint k = 0; k < st->n_advancers && k < G_N_ELEMENTS (st->advancers); k++)
          {
            const WbUnitState *u = unit_at (m, (guint) st->advancers[k]);

            if (on_map (u))
              wb_pick_list_add (units, u->id, &u->where, -1);
          }
        /* 12.7: after a defeat of two or more hexes or a break, a second
         * hex next to the one emptied, if the player picks one. */
        if (st->advance >= 2)
          {
            WbPickList *hexes = wb_step_add_list (step, WB_PICK_HEX, 0, 0, 1);

            for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
              {
                WbOffset h = wb_hex_neighbour (data->layout, st->target, d);
                WbWhere where = { .kind = WB_WHERE_HEX, .hex = h };
                char buf[32];

                if (!wb_hex_map_contains (data->map, h) || _wb_bs_enemy_at (data, m, m->active, h))
                  continue;
                wb_hex_map_format_hex (data->map, h, buf, sizeof buf);
                wb_pick_list_add (hexes, buf, &where, -1);
              }
          }
        step->act_label = g_strdup (_("_Advance"));
        step->act_tooltip = g_strdup (st->advance >= 2 ? _("The units picked advance into the hex emptied, and on "
                                                           "into the second hex when one is picked (12.7)")
                                                         : _("The units picked advance into the hex emptied (12.7)"));
        end_button (step, _("_No Advance"), _("Stay: no unit advances (12.7)"));
      }
      break;
    case BS_RALLY:
    case BS_ART_RALLY:
      {
        WbPickList *units = wb_step_add_list (step, WB_PICK_UNIT, 0, 1, 1);

        for (guint i = 0; i < data->n_units; i++)
          if (may_act (data, m, i))
            {
              const WbUnitState *u = unit_at (m, i);
              WbWhere where = u->where;

              wb_pick_list_add (units, u->id, &where, -1);
            }
        step->auto_act = TRUE;
        units->refusal = g_strdup (_("This unit cannot rally now"));
        end_button (step, m->step == BS_RALLY ? _("_End the Rally Step") : _("_Pass"),
                    m->step == BS_RALLY ? _("The brigade's Rally Step ends (13.0)")
                                        : _("Rally no artillery unit this turn (6.4)"));
        if (m->step == BS_RALLY)
          pioneer_buttons (data, m, step);
      }
      break;
    default:
      break;
    }
}

JsonObject *
_wb_bs_map_step_action (BsData *data, WbMatch *m, const WbPicks *picks)
{
  switch (m->step)
    {
    case BS_FIRE:
    case BS_OPFIRE:
    case BS_CLOSE:
      {
        JsonObject *a;

        if (wb_picks_count (picks, 0) == 0 || wb_picks_count (picks, 1) == 0)
          return NULL;
        a = action (m->step == BS_CLOSE ? "close_combat" : "fire");
        json_object_set_array_member (a, "units", wb_picks_to_json (picks, 0));
        json_object_set_string_member (a, "hex", wb_picks_get (picks, 1, 0));
        return a;
      }
    case BS_MOVE:
    case BS_ART_HEX:
      {
        JsonObject *a;

        if (wb_picks_count (picks, 0) == 0 || wb_picks_count (picks, 1) == 0)
          return NULL;
        a = action ("move");
        json_object_set_string_member (a, "unit", wb_picks_get (picks, 0, 0));
        json_object_set_string_member (a, "hex", wb_picks_get (picks, 1, 0));
        return a;
      }
    case BS_WITHDRAW:
      {
        JsonObject *a;

        if (wb_picks_count (picks, 0) == 0 || wb_picks_count (picks, 1) == 0)
          return NULL;
        a = unit_action ("withdraw", wb_picks_get (picks, 0, 0));
        json_object_set_string_member (a, "hex", wb_picks_get (picks, 1, 0));
        return a;
      }
    case BS_ADVANCE:
      {
        JsonObject *a;

        if (wb_picks_count (picks, 0) == 0)
          return NULL;
        a = action ("advance");
        json_object_set_array_member (a, "units", wb_picks_to_json (picks, 0));
        if (wb_picks_count (picks, 1) > 0)
          json_object_set_string_member (a, "hex", wb_picks_get (picks, 1, 0));
        return a;
      }
    case BS_RALLY:
    case BS_ART_RALLY:
      {
        JsonObject *a;

        if (wb_picks_count (picks, 0) == 0)
          return NULL;
        a = action ("rally");
        json_object_set_string_member (a, "unit", wb_picks_get (picks, 0, 0));
        return a;
      }
    default:
      (void) data;
      return NULL;
    }
}
