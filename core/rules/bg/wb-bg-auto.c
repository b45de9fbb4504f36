/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "rules/bg/wb-bg-private.h"

/* The automatic player of the Blue & Gray Campaign family and the actions
 * the steps offer as buttons: the rolls, replacements, battles, Lee's
 * reaction. */

static JsonObject *
action (const char *type)
{
  JsonObject *a = json_object_new ();
  json_object_set_string_member (a, "type", type);
  return a;
}

static void
offer (GPtrArray *offers, char *label, JsonObject *a)
{
  WbOffer *o = g_new0 (WbOffer, 1);

  o->label = label;
  o->action = a;
  g_ptr_array_add (offers, o);
}

/* The units with Lee that may react (GG 10). */
static JsonArray *
with_lee (BgData *data, WbMatch *m)
{
  WbUnitState *lee = data->lee != NULL ? wb_match_find_unit (m, data->lee) : NULL;
  int at = lee != NULL ? _wb_bg_loc (data, &lee->where) : -1;
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < m->units->len && at >= 0; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u->side == lee->side && u != lee && _wb_bg_loc (data, &u->where) == at && !(u->flags & BG_REACTED))
        json_array_add_string_element (a, u->id);
    }
  return a;
}

void
_wb_bg_offers (BgData *data, WbMatch *m, GPtrArray *offers)
{
  if (m->over)
    return;
  if (bg_state (m)->battle > 0)
    {
      _wb_bg_fight_offers (data, m, offers);
      return;
    }
  if (bg_state (m)->react_at > 0)
    {
      JsonObject *a = action ("react");

      json_object_set_array_member (a, "units", with_lee (data, m));
      /* TRANSLATORS: a button: all the units with Lee react (Grant's Gamble 10) */
      offer (offers, g_strdup (_("React with All")), a);
      /* TRANSLATORS: a button: Lee does not react to this Union move */
      offer (offers, g_strdup (_("No Reaction")), action ("no_reaction"));
      return;
    }
  switch (m->step)
    {
    case BG_WEATHER:
      /* TRANSLATORS: a button: the Union rolls the weather die (Base 7) */
      offer (offers, g_strdup (_("Roll for Weather")), action ("weather_roll"));
      break;
    case BG_CAP_ROLL:
      /* TRANSLATORS: a button: the side rolls 2d6 for an extra CAP (Base 9) */
      offer (offers, g_strdup (_("Roll for CAP")), action ("cap_roll"));
      break;
    case BG_REPLACEMENTS:
      {
        g_autoptr(GPtrArray) list = _wb_bg_replaceable (data, m, m->active);

        for (guint i = 0; i < list->len && i < 12; i++)
          {
            WbUnitState *u = wb_match_find_unit (m, g_ptr_array_index (list, i));
            g_autofree char *name = wb_match_unit_text (m, u);
            JsonObject *a = action ("replace");

            json_object_set_string_member (a, "unit", u->id);
            /* TRANSLATORS: a button: replacement SP for this unit (Base 8) */
            offer (offers, g_strdup_printf (_("Replace %s"), name), a);
          }
        /* TRANSLATORS: a button: the side takes no replacement this turn */
        offer (offers, g_strdup (_("No Replacement")), action ("end_step"));
      }
      break;
    case BG_FIRST_BATTLES:
    case BG_SECOND_BATTLES:
      if (bg_state (m)->battle == 0)
        {
          g_autoptr(GArray) battles = _wb_bg_battles (data, m);

          for (guint i = 0; i < battles->len; i++)
            {
              WbLocation *l = g_ptr_array_index (data->locs, g_array_index (battles, int, i));
              JsonObject *a = action ("battle");

              json_object_set_string_member (a, "location", l->id);
              /* TRANSLATORS: a button: the attacker fights the battle at this location next */
              offer (offers, g_strdup_printf (_("Battle at %s"), l->name), a);
            }
        }
      break;
    default:
      break;
    }
}

static JsonObject *
random_move (BgData *data, WbMatch *m, WbRng *rng)
{
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      gboolean free_move = _wb_bg_is_escort (data, u) && (u->flags & BG_FREE);

      if (u->side == m->active && !(u->flags & WB_UNIT_MOVED) && _wb_bg_loc (data, &u->where) >= 0 &&
          (free_move || bg_state (m)->cap[m->active] >= 1))
        g_ptr_array_add (candidates, u);
    }
  while (candidates->len > 0)
    {
      guint pick = wb_rng_bounded (rng, candidates->len);
      WbUnitState *u = g_ptr_array_index (candidates, pick);
      g_autoptr(GArray) dest = _wb_bg_destinations (data, m, u->id);

      if (dest != NULL && dest->len > 0)
        {
          WbDestination *d = &g_array_index (dest, WbDestination, wb_rng_bounded (rng, dest->len));
          JsonObject *a = action ("move");

          json_object_set_string_member (a, "unit", u->id);
          json_object_set_string_member (a, "to", d->where.place);
          return a;
        }
      g_ptr_array_remove_index_fast (candidates, pick);
    }
  return NULL;
}

JsonObject *
_wb_bg_suggest (BgData *data, WbMatch *m, WbRng *rng)
{
  JsonObject *a;

  if (m->over)
    return NULL;
  if (bg_state (m)->battle > 0 && (a = _wb_bg_fight_suggest (data, m, rng)) != NULL)
    return a;
  if (bg_state (m)->react_at > 0)
    {
      if (wb_rng_bounded (rng, 2) == 0)
        return action ("no_reaction");
      a = action ("react");
      json_object_set_array_member (a, "units", with_lee (data, m));
      return a;
    }
  switch (m->step)
    {
    case BG_WEATHER:
      return action ("weather_roll");
    case BG_CAP_ROLL:
      return action ("cap_roll");
    case BG_REPLACEMENTS:
      {
        g_autoptr(GPtrArray) list = _wb_bg_replaceable (data, m, m->active);

        if (list->len == 0)
          return action ("end_step");
        a = action ("replace");
        json_object_set_string_member (a, "unit", g_ptr_array_index (list, wb_rng_bounded (rng, list->len)));
        return a;
      }
    case BG_FIRST_BATTLES:
    case BG_SECOND_BATTLES:
      {
        g_autoptr(GArray) battles = _wb_bg_battles (data, m);

        if (battles->len == 0 || bg_state (m)->battle != 0)
          return action ("end_step");
        a = action ("battle");
        json_object_set_string_member (a, "location",
                                       ((WbLocation *) g_ptr_array_index (data->locs, g_array_index (battles, int, 0)))->id);
        return a;
      }
    default:
      break;
    }
  /* Movement: a random unit to a random reachable location, now and then
   * ending the step early. */
  if (wb_rng_bounded (rng, 8) != 0 && (a = random_move (data, m, rng)) != NULL)
    return a;
  return action ("end_step");
}
