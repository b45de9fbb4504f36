/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <json-glib/json-glib.h>

#include "wb-table.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The automatic player (warbench-cli play --auto): legal (every action
 * goes through the rules) and seeded (its only chance is the caller's
 * rng). Here, the chit draw: it chooses its Key Chits at random, plays or
 * holds an Event at even odds and plays a held chit half the time it is
 * offered one, rolls for its CIC and Division chits (declaring Command
 * Clarity a quarter of the times it may). For a Fog of War cell the
 * rulebook does not give it names a result of the table at random; for a
 * Command Rating it does not give, 3. Which artillery hex to activate,
 * which brigade to pick, its order and every step on the map are
 * wb-bs-auto-map.c's, which plays for the scenario's objectives. */

static JsonObject *
action (const char *type)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  return a;
}

static JsonObject *
with_chit (const char *type, BsData *data, guint c)
{
  JsonObject *a = action (type);

  json_object_set_string_member (a, "chit", data->chit[c]->id);
  return a;
}

JsonObject *
_wb_bs_suggest (BsData *data, WbMatch *m, WbRng *rng)
{
  BsState *st = bs_state (m);

  if (m->over)
    return NULL;
  switch (m->step)
    {
    case BS_COMMAND:
      {
        guint pool[BS_MAX_CHITS], n = 0;

        for (guint c = 0; c < data->n_chits; c++)
          if (st->at[c] == BS_AT_POOL && data->owner[c] == (int) m->active)
            pool[n++] = c;
        g_assert (n > 0);
        return with_chit ("key_chit", data, pool[wb_rng_bounded (rng, n)]);
      }
    case BS_HELD:
      {
        guint held[BS_MAX_CHITS], n = 0;

        for (guint c = 0; c < data->n_chits; c++)
          if (st->at[c] == BS_AT_HELD && data->owner[c] == (int) m->active)
            held[n++] = c;
        if (n > 0 && wb_rng_bounded (rng, 2) == 0)
          return with_chit ("play_chit", data, held[wb_rng_bounded (rng, n)]);
        return action ("end_step");
      }
    case BS_DRAW:
      return action ("draw");
    case BS_EVENT:
      if (data->chit[st->drawn - 1]->play == WB_CHIT_PLAY_IMMEDIATE || wb_rng_bounded (rng, 2) == 0)
        return with_chit ("play_chit", data, st->drawn - 1u);
      return action ("hold");
    case BS_FOG:
      {
        JsonObject *a = action ("fog_of_war");
        GPtrArray *codes = data->fog != NULL ? wb_table_get_codes (data->fog) : NULL;

        if (codes != NULL && codes->len > 0)
          json_object_set_string_member (a, "result",
                                         ((WbResultCode *) g_ptr_array_index (codes, wb_rng_bounded (rng, codes->len)))->code);
        return a;
      }
    case BS_ROLL:
      {
        guint c = st->drawn - 1u;
        WbChit *chit = data->chit[c];
        JsonObject *a;

        if (chit->level == WB_CHIT_LEVEL_CIC && wb_rng_bounded (rng, 3) == 0)
          return action ("hold");
        a = action ("command_roll");
        if (_wb_bs_clarity_available (data, m, c) && chit->level == WB_CHIT_LEVEL_DIVISION &&
            wb_rng_bounded (rng, 4) == 0)
          json_object_set_boolean_member (a, "clarity", TRUE);
        if (chit->command_rating == WB_CHIT_RATING_UNKNOWN)
          json_object_set_int_member (a, "rating", 3);
        return a;
      }
    default:
      return _wb_bs_map_suggest (data, m, rng);
    }
}
