/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-spi"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rules/wb-play.h"
#include "wb-spi-private.h"

/* The SPI family's steps for the play UI (rules/wb-step.h): what the
 * player picks in each — a unit and its hex to move, retreat or advance;
 * attackers and the hexes they attack; the units an exchange takes — and
 * the action the picks make. The candidates are the family's own
 * (_wb_spi_destinations, _wb_spi_retreats): the UI codes no rule. */

typedef enum {
  SPI_STEP_MOVE,
  SPI_STEP_ATTACK,
  SPI_STEP_RETREAT,
  SPI_STEP_ADVANCE,
  SPI_STEP_ELIMINATE,
} SpiStepKind;

static SpiStepKind
step_kind (WbMatch *m)
{
  switch (spi_state (m)->pending)
    {
    case SPI_PENDING_RETREAT:
      return SPI_STEP_RETREAT;
    case SPI_PENDING_EXCHANGE:
      return SPI_STEP_ELIMINATE;
    case SPI_PENDING_ADVANCE:
      return SPI_STEP_ADVANCE;
    case SPI_PENDING_NONE:
    default:
      break;
    }
  return m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT ? SPI_STEP_MOVE : SPI_STEP_ATTACK;
}

static GArray *
destinations (gpointer data, WbMatch *m, const char *unit)
{
  return _wb_spi_destinations (data, m, unit);
}

static gboolean
on_map_hex (const WbUnitState *u)
{
  return (u->flags & WB_UNIT_IN_SCENARIO) && u->where.kind == WB_WHERE_HEX;
}

/* Attackers: the side's units that have not attacked (a click on a hex
 * takes all of them: units in one hex attack together); defenders: the
 * hexes of enemy units. The odds show before the roll (the preview). */
static void
attack_step (SpiData *data, WbMatch *m, WbStep *step)
{
  WbPickList *units = wb_step_add_list (step, WB_PICK_UNIT, WB_PICK_GROUP, 1, G_MAXUINT);
  WbPickList *hexes = wb_step_add_list (step, WB_PICK_HEX, 0, 1, G_MAXUINT);

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      g_autofree char *hex = NULL;

      if (!on_map_hex (u))
        continue;
      if (u->side == m->active)
        {
          if (!(u->flags & WB_UNIT_ATTACKED))
            wb_pick_list_add (units, u->id, &u->where, -1);
          continue;
        }
      hex = wb_step_place_value (m, &u->where, NULL);
      if (hex != NULL && wb_pick_list_find (hexes, hex) == NULL)
        wb_pick_list_add (hexes, hex, &u->where, -1);
    }
  step->act_label = g_strdup (_("_Attack"));
  step->act_tooltip = g_strdup (_("Roll and apply the result"));
  step->preview = TRUE;
}

/* An exchange: the attacker's units to lose, one a click (the next of a
 * stack), the family checking the total when it is played. */
static void
eliminate_step (SpiData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  WbPickList *units = wb_step_add_list (step, WB_PICK_UNIT, 0, 1, G_MAXUINT);
  guint n = wb_picks_count (picks, 0);

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (on_map_hex (u) && u->side == m->active)
        wb_pick_list_add (units, u->id, &u->where, -1);
    }
  step->act_label = g_strdup (_("_Lose These Units"));
  step->act_tooltip = g_strdup (_("Lose the units picked"));
  if (n > 0)
    step->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit to lose", "%u units to lose", n), n);
}

void
_wb_spi_step (SpiData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  switch (step_kind (m))
    {
    case SPI_STEP_MOVE:
      wb_step_add_unit_moves (step, m, picks, destinations, data, _("These units cannot move now"));
      break;
    case SPI_STEP_RETREAT:
      wb_step_add_unit_moves (step, m, picks, destinations, data, _("None of these units can do that now"));
      break;
    case SPI_STEP_ADVANCE:
      {
        JsonObject *stay = json_object_new ();

        wb_step_add_unit_moves (step, m, picks, destinations, data, _("None of these units can do that now"));
        json_object_set_string_member (stay, "type", "no_advance");
        wb_step_add_button (step, _("_No Advance"), _("Stay: no unit advances into the vacated hex"), stay);
      }
      break;
    case SPI_STEP_ATTACK:
      attack_step (data, m, step);
      break;
    case SPI_STEP_ELIMINATE:
      eliminate_step (data, m, picks, step);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Whether the rules (every check enforced) take the retreat @a, tried on a
 * copy of @m. */
static gboolean
retreat_takes (SpiData *data, WbMatch *m, JsonObject *a)
{
  g_autoptr(WbMatch) copy = wb_match_copy (m);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
  WbRuleContext ctx = { 0 };

  ctx.events = events;
  ctx.match = copy;
  return _wb_spi_answer (data, copy, a, &ctx, NULL) == WB_APPLY_DONE;
}

/* {"type": @type, "unit": ID, @member: {"hex": …}} from a unit and its hex. */
static JsonObject *
unit_action (WbMatch *m, const WbPicks *picks, const char *type, const char *member, WbWhere *to)
{
  const char *unit = wb_picks_get (picks, 0, 0);
  JsonObject *a;

  if (unit == NULL || !wb_step_place (m, WB_PICK_HEX, wb_picks_get (picks, 1, 0), to))
    return NULL;
  a = json_object_new ();
  json_object_set_string_member (a, "type", type);
  json_object_set_string_member (a, "unit", unit);
  json_object_set_object_member (a, member, wb_match_where_to_json (m, to));
  return a;
}

JsonObject *
_wb_spi_step_action (SpiData *data, WbMatch *m, const WbPicks *picks)
{
  WbWhere to;
  WbUnitState *u;
  JsonObject *a;

  switch (step_kind (m))
    {
    case SPI_STEP_MOVE:
      u = wb_match_find_unit (m, wb_picks_get (picks, 0, 0));
      /* A reinforcement enters at its hex (15.13). */
      return unit_action (m, picks, u != NULL && u->where.kind == WB_WHERE_WAITING ? "enter" : "move",
                          u != NULL && u->where.kind == WB_WHERE_WAITING ? "at" : "to", &to);
    case SPI_STEP_ADVANCE:
      return unit_action (m, picks, "advance", "to", &to);
    case SPI_STEP_RETREAT:
      a = unit_action (m, picks, "retreat", "to", &to);
      u = wb_match_find_unit (m, wb_picks_get (picks, 0, 0));
      if (a != NULL && u != NULL && u->where.kind == WB_WHERE_HEX && !retreat_takes (data, m, a))
        {
          /* Into a full friendly hex a unit may retreat only by displacing
           * one there that can itself retreat (7.8): the first the rules
           * take. */
          g_autoptr(GPtrArray) there = wb_match_units_at (m, &to);

          for (guint i = 0; i < there->len; i++)
            {
              WbUnitState *o = g_ptr_array_index (there, i);

              if (o == u || o->side != u->side)
                continue;
              json_object_set_string_member (a, "displace", o->id);
              if (retreat_takes (data, m, a))
                return a;
            }
          json_object_remove_member (a, "displace");
        }
      return a;
    case SPI_STEP_ATTACK:
      if (wb_picks_count (picks, 0) == 0 || wb_picks_count (picks, 1) == 0)
        return NULL;
      a = json_object_new ();
      json_object_set_string_member (a, "type", "attack");
      json_object_set_array_member (a, "attackers", wb_picks_to_json (picks, 0));
      json_object_set_array_member (a, "defenders", wb_picks_to_json (picks, 1));
      return a;
    case SPI_STEP_ELIMINATE:
      if (wb_picks_count (picks, 0) == 0)
        return NULL;
      a = json_object_new ();
      json_object_set_string_member (a, "type", "eliminate");
      json_object_set_array_member (a, "units", wb_picks_to_json (picks, 0));
      return a;
    default:
      g_assert_not_reached ();
    }
  return NULL;
}
