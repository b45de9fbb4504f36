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

void
_wb_bs_map_step (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  BsState *st = bs_state (m);

  switch (m->step)
    {
    case BS_FIRE:
      fire_lists (data, m, step, FALSE);
      end_button (step, _("_End Fire Combat"), _("The brigade's Fire Combat Step ends (9.0)"));
      break;
    case BS_OPFIRE:
      fire_lists (data, m, step, FALSE);
      end_button (step, _("_No Opportunity Fire"), _("Let the unit move without firing at it (10.7)"));
      break;
    case BS_CLOSE:
      fire_lists (data, m, step, TRUE);
      end_button (step, _("_End Close Combat"), _("The brigade's Close Combat Step ends (11.0)"));
      break;
    case BS_MOVE:
      wb_step_add_unit_moves (step, m, picks, _wb_bs_destinations, data, _("These units cannot move now"));
      end_button (step, _("_End Movement"), _("The brigade's Movement Step ends (10.0)"));
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
        step->act_label = g_strdup (_("_Advance"));
        step->act_tooltip = g_strdup (_("The units picked advance into the hex emptied (12.7)"));
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
    case BS_ADVANCE:
      {
        JsonObject *a;

        if (wb_picks_count (picks, 0) == 0)
          return NULL;
        a = action ("advance");
        json_object_set_array_member (a, "units", wb_picks_to_json (picks, 0));
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
