/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-scenario.h"
#include "rules/wb-json-access.h"
#include "rules/wb-play.h"
#include "rules/blind-swords/wb-bs-private.h"

/* What the play window says of the Blind Swords family's state: the step's
 * name, what it waits for and the hint (series 4.0-14.0), the markers on
 * the counters (WbUnitState.badge), and the scenario's restricted units
 * refused before an action is played (excl. 17.1e, 17.3f, 17.4f). */

/* The markers on the counters (2.2, 12.5; excl. 15.0), as the map draws
 * them (WbUnitState.badge). */
void
_wb_bs_refresh_badges (BsData *data, WbMatch *m)
{
  const char *disrupted = g_intern_string (_("Disrupted"));
  const char *shaken = g_intern_string (_("Shaken"));
  const char *skirmish = g_intern_string (_("Skirmish"));

  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      u->badge = u->where.kind != WB_WHERE_HEX ? NULL
                 : (u->flags & BS_UNIT_DISRUPTED) ? disrupted
                 : (u->flags & BS_UNIT_SHAKEN) ? shaken
                 : (u->flags & BS_UNIT_SKIRMISH) ? skirmish : NULL;
    }
}

/* Excl. 17.1e, 17.3f, 17.4f: a restricted unit named by a move (or a fire,
 * when the restriction says so) is refused, whatever the step. */
gboolean
_wb_bs_restricted_ok (BsData *data, WbMatch *m, JsonObject *action, const char *type, WbRuleContext *ctx, GError **error)
{
  gboolean fire = strcmp (type, "fire") == 0 || strcmp (type, "close_combat") == 0;
  JsonNode *n = json_object_get_member (action, fire ? "units" : "unit");

  if (!fire && strcmp (type, "move") != 0 && strcmp (type, "skirmish") != 0 && strcmp (type, "mount") != 0 &&
      strcmp (type, "dismount") != 0 && strcmp (type, "withdraw") != 0)
    return TRUE;
  for (guint k = 0; n != NULL; k++)
    {
      const char *id = NULL;
      gpointer v;

      if (JSON_NODE_HOLDS_ARRAY (n))
        {
          JsonArray *a = json_node_get_array (n);

          if (k >= json_array_get_length (a))
            break;
          id = wb_json_array_string (a, k);
        }
      else if (k == 0 && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
        id = json_node_get_string (n);
      else
        break;
      v = id != NULL ? g_hash_table_lookup (m->index, g_intern_string (id)) : NULL;
      if (v != NULL && (guint) GPOINTER_TO_INT (v) - 1 < data->n_units &&
          _wb_bs_restricted (data, m, (guint) GPOINTER_TO_INT (v) - 1, fire) &&
          !wb_rule_check (ctx, m, "bs.restricted", FALSE, error,
                          fire ? _("%s may not fire yet: the scenario restricts it until it is freed")
                               : _("%s may not move yet: the scenario restricts it until it is freed"), id))
        return FALSE;
    }
  return TRUE;
}


char *
_wb_bs_describe_step (gpointer p, WbMatch *m)
{
  BsState *st = bs_state (m);

  (void) p;
  switch (m->step)
    {
    case BS_COMMAND:
      return g_strdup (_("Command Decision Phase"));
    case BS_ARTILLERY:
      return g_strdup (_("Artillery Phase"));
    case BS_HELD:
      return g_strdup (st->final ? _("End Turn Phase: Final Held Chit Play") : _("Chit Draw Phase: Held Chits"));
    case BS_DRAW:
      return g_strdup (_("Chit Draw Phase: Draw"));
    case BS_EVENT:
      return g_strdup (_("Chit Draw Phase: Event"));
    case BS_FOG:
      return g_strdup (_("Chit Draw Phase: Fog of War"));
    case BS_ROLL:
      return g_strdup (_("Chit Draw Phase: Command Roll"));
    case BS_BRIGADE:
      return g_strdup (_("Chit Draw Phase: Brigade"));
    case BS_ORDERS:
      return g_strdup (_("Brigade Activation Phase: Orders Step"));
    case BS_CHAOS:
      return g_strdup (_("Chit Draw Phase: Fog of War, Battlefield Chaos"));
    case BS_WAYWARD:
      return g_strdup (_("Chit Draw Phase: Fog of War, Wayward Move"));
    case BS_EVENT_HEX:
      return g_strdup (_("Chit Draw Phase: Event"));
    case BS_PONTOON:
      return g_strdup (_wb_bs_pontoon_describe (m));
    default:
      return g_strdup (_wb_bs_map_describe (m) != NULL ? _wb_bs_map_describe (m) : _("Brigade Activation Phase"));
    }
}

const char *
_wb_bs_awaiting (gpointer p, WbMatch *m)
{
  (void) p;
  if (m->over)
    return "over";
  switch (m->step)
    {
    case BS_COMMAND:
      return "key-chit";
    case BS_ARTILLERY:
      return "artillery";
    case BS_HELD:
      return "held-chits";
    case BS_DRAW:
      return "draw";
    case BS_EVENT:
      return "event";
    case BS_FOG:
      return "roll";
    case BS_ROLL:
      return "command-roll";
    case BS_BRIGADE:
      return "brigade";
    case BS_ORDERS:
      return "order";
    case BS_CHAOS:
      return "battlefield-chaos";
    case BS_WAYWARD:
      return "wayward-move";
    case BS_EVENT_HEX:
      return "event-hex";
    case BS_PONTOON:
      return _wb_bs_pontoon_awaiting (m);
    default:
      return _wb_bs_map_awaiting (m) != NULL ? _wb_bs_map_awaiting (m) : "activation";
    }
}

const char *
_wb_bs_hint (gpointer p, WbMatch *m)
{
  BsState *st = bs_state (m);

  (void) p;
  if (m->over)
    return NULL;
  switch (m->step)
    {
    case BS_COMMAND:
      return _("Choose your Key Chit from your Event chits: it goes into the cup; the other player does not see it (5.1).");
    case BS_ARTILLERY:
      return _("Choose a hex of your artillery to activate: each of its units then fires or moves; or pass (6.1–6.3).");
    case BS_HELD:
      return st->final ? _("Play a chit you hold, or play none: the turn then ends (14.1).")
                       : _("Play a chit you hold, or play none before the next chit is drawn (7.1).");
    case BS_DRAW:
      return _("Draw a chit from the cup (7.3).");
    case BS_EVENT:
      return _("Play the Event now, or hold it face down for later (7.3).");
    case BS_FOG:
      return _("Roll one die on the Fog of War Chit Table (7.3b).");
    case BS_ROLL:
      return _("Roll against the Command Rating: at most the rating is a Full Activation (7.3).");
    case BS_BRIGADE:
      return _("Choose the brigade to activate (7.3).");
    case BS_ORDERS:
      return _("Give the brigade its order: Attack, Defend, Maneuver or Regroup (8.1).");
    case BS_CHAOS:
      return _("Battlefield Chaos: click a hex of the affected side's units (7.3b).");
    case BS_WAYWARD:
      return _("Wayward Move: click a unit of the affected side, then the hex it goes to (7.3b).");
    case BS_EVENT_HEX:
      return _("Click the hex of your units the Event goes to.");
    case BS_PONTOON:
      return _wb_bs_pontoon_hint (m);
    default:
      return _wb_bs_map_hint (m);
    }
}
