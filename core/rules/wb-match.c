/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-match"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-hex-map.h"
#include "wb-point-map.h"
#include "wb-unit.h"
#include "wb-error.h"
#include "rules/wb-family.h"
#include "rules/wb-match.h"

static guint
side_index (WbGame *game, const char *side)
{
  GPtrArray *sides = wb_game_get_sides (game);

  for (guint i = 0; i < sides->len; i++)
    if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, i))->id, side) == 0)
      return i;
  return 0;
}

gboolean
wb_match_place_where (WbMatch *m, const WbPlace *place, WbWhere *where, GError **error)
{
  memset (where, 0, sizeof *where);
  switch (place->kind)
    {
    case WB_PLACE_HEX:
      if (!WB_IS_HEX_MAP (m->map) || !wb_hex_map_parse_hex (WB_HEX_MAP (m->map), place->ref, &where->hex) ||
          !wb_hex_map_contains (WB_HEX_MAP (m->map), where->hex))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                       _("No hex “%s” on the map"), place->ref);
          return FALSE;
        }
      where->kind = WB_WHERE_HEX;
      return TRUE;
    case WB_PLACE_LOCATION:
      if (!WB_IS_POINT_MAP (m->map) || wb_point_map_find_location (WB_POINT_MAP (m->map), place->ref) == NULL)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                       _("No location “%s” on the map"), place->ref);
          return FALSE;
        }
      where->kind = WB_WHERE_LOCATION;
      where->place = g_intern_string (place->ref);
      return TRUE;
    case WB_PLACE_BOX:
    default:
      where->kind = WB_WHERE_BOX;
      where->place = g_intern_string (place->ref);
      return TRUE;
    }
}

WbMatch *
wb_match_new (WbGame             *game,
              const char         *scenario,
              const char * const *options,
              guint64             seed,
              GError            **error)
{
  g_autoptr(WbMatch) m = NULL;
  GPtrArray *units, *reinf;
  WbScenario *sc;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  sc = scenario != NULL ? wb_game_find_scenario (game, scenario) : NULL;
  if (sc == NULL)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                   _("The game has no scenario “%s”"), scenario != NULL ? scenario : "");
      return NULL;
    }
  /* An option the scenario does not have would be played as no option at
   * all: a misspelt --option or journal option is refused, naming those
   * there are. */
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      GPtrArray *all = wb_scenario_get_options (sc);
      g_autoptr(GString) ids = g_string_new (NULL);
      gboolean found = FALSE;

      for (guint k = 0; k < all->len && !found; k++)
        found = g_strcmp0 (((WbOption *) g_ptr_array_index (all, k))->id, options[i]) == 0;
      if (found)
        continue;
      for (guint k = 0; k < all->len; k++)
        g_string_append_printf (ids, "%s%s", k > 0 ? ", " : "", ((WbOption *) g_ptr_array_index (all, k))->id);
      if (all->len == 0)
        g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                     _("The scenario “%s” has no option “%.64s”: it has no optional rules"), scenario, options[i]);
      else
        g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                     _("The scenario “%s” has no option “%.64s” (expected one of: %s)"), scenario, options[i],
                     ids->str);
      return NULL;
    }
  if (wb_game_get_sides (game)->len > WB_MATCH_MAX_SIDES)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("A match has at most %d sides"), WB_MATCH_MAX_SIDES);
      return NULL;
    }
  m = g_new0 (WbMatch, 1);
  m->game = g_object_ref (game);
  m->scenario = sc;
  m->map = wb_game_find_map (game, wb_scenario_get_map (sc));
  if (m->map == NULL)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                   _("Scenario “%s” is played on a map the game does not have"), scenario);
      return NULL;
    }
  m->options = g_strdupv ((char **) options);
  m->units = g_array_new (FALSE, TRUE, sizeof (WbUnitState));
  /* By the ids' text (the keys are interned): a lookup then needs no
   * g_intern_string (), whose global lock serialises games played on
   * several threads (the balance lab). */
  m->index = g_hash_table_new (g_str_hash, g_str_equal);
  m->markers = g_array_new (FALSE, FALSE, sizeof (WbMatchMarker));
  units = wb_game_get_units (game);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      WbUnitState st = { 0 };
      const WbPlace *place;

      st.id = g_intern_string (wb_unit_get_id (u));
      st.side = side_index (game, wb_unit_get_side (u));
      st.halves = (gint16) wb_strength_current_halves (wb_unit_get_strength (u));
      place = wb_scenario_find_setup (sc, st.id, options);
      if (place != NULL)
        {
          if (!wb_match_place_where (m, place, &st.where, error))
            {
              g_prefix_error (error, _("Set-up of %s: "), wb_unit_get_designation (u));
              return NULL;
            }
          st.flags |= WB_UNIT_IN_SCENARIO;
        }
      g_array_append_val (m->units, st);
      g_hash_table_insert (m->index, (gpointer) st.id, GUINT_TO_POINTER (i + 1));
    }
  reinf = wb_scenario_get_reinforcements (sc);
  for (guint i = 0; i < reinf->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (reinf, i);

      if (!wb_scenario_applies (r->option, r->unless, options))
        continue;
      for (guint k = 0; k < r->units->len; k++)
        {
          WbUnitState *st = wb_match_find_unit (m, g_ptr_array_index (r->units, k));
          if (st != NULL && !(st->flags & WB_UNIT_IN_SCENARIO))
            {
              st->arrives = (gint16) CLAMP (r->turn, 1, G_MAXINT16);
              st->flags |= WB_UNIT_IN_SCENARIO;
            }
        }
    }
  m->turn = 1;
  m->first_side = m->active = side_index (game, wb_scenario_get_first_side (sc));
  wb_rng_seed (&m->rng, seed, WB_RNG_MATCH_STREAM);
  return g_steal_pointer (&m);
}

WbMatch *
wb_match_copy (const WbMatch *src)
{
  WbMatch *m;

  g_return_val_if_fail (src != NULL, NULL);
  m = g_new (WbMatch, 1);
  *m = *src;
  g_object_ref (m->game);
  m->options = g_strdupv (src->options);
  m->units = g_array_copy (src->units);
  m->index = g_hash_table_ref (src->index);   /* the same units in the same order */
  m->markers = src->markers != NULL ? g_array_copy (src->markers)
                                    : g_array_new (FALSE, FALSE, sizeof (WbMatchMarker));
  m->fstate = src->fstate != NULL ? g_memdup2 (src->fstate, src->fstate_size) : NULL;
  return m;
}

gpointer
wb_match_family_state (WbMatch *match, gsize size)
{
  g_return_val_if_fail (match != NULL && size > 0, NULL);
  if (match->fstate == NULL || match->fstate_size < size)
    {
      match->fstate = g_realloc (match->fstate, size);
      memset (match->fstate + match->fstate_size, 0, size - match->fstate_size);
      match->fstate_size = size;
    }
  return match->fstate;
}

void
wb_match_free (WbMatch *m)
{
  if (m == NULL)
    return;
  g_clear_object (&m->game);
  g_strfreev (m->options);
  if (m->units)
    g_array_unref (m->units);
  if (m->index)
    g_hash_table_unref (m->index);
  if (m->markers)
    g_array_unref (m->markers);
  g_free (m->fstate);
  g_free (m);
}

int
wb_match_find_marker (const WbMatch *m, const char *feature, WbOffset hex)
{
  const char *id;

  g_return_val_if_fail (m != NULL, -1);
  id = g_intern_string (feature);
  for (guint i = 0; m->markers != NULL && i < m->markers->len; i++)
    {
      const WbMatchMarker *k = &g_array_index (m->markers, WbMatchMarker, i);
      if (k->feature == id && k->hex.col == hex.col && k->hex.row == hex.row)
        return (int) i;
    }
  return -1;
}

WbUnitState *
wb_match_find_unit (WbMatch *m, const char *id)
{
  guint i;

  g_return_val_if_fail (m != NULL, NULL);
  if (id == NULL)
    return NULL;
  i = GPOINTER_TO_UINT (g_hash_table_lookup (m->index, id));
  return i > 0 ? &g_array_index (m->units, WbUnitState, i - 1) : NULL;
}

gboolean
wb_where_equal (const WbWhere *a, const WbWhere *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case WB_WHERE_HEX:
      return a->hex.col == b->hex.col && a->hex.row == b->hex.row;
    case WB_WHERE_LOCATION:
    case WB_WHERE_BOX:
      return a->place == b->place;
    default:
      return TRUE;
    }
}

GPtrArray *
wb_match_units_at (WbMatch *m, const WbWhere *where)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if ((u->flags & WB_UNIT_IN_SCENARIO) && wb_where_equal (&u->where, where))
        g_ptr_array_add (out, u);
    }
  return out;
}

char *
wb_match_where_text (WbMatch *m, const WbWhere *where)
{
  switch (where->kind)
    {
    case WB_WHERE_HEX:
      {
        char buf[32];
        wb_hex_map_format_hex (WB_HEX_MAP (m->map), where->hex, buf, sizeof buf);
        return g_strdup (buf);
      }
    case WB_WHERE_LOCATION:
      {
        WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (m->map), where->place);
        return g_strdup (loc != NULL && loc->name != NULL ? loc->name : where->place);
      }
    case WB_WHERE_BOX:
      {
        GPtrArray *boxes = wb_scenario_get_boxes (m->scenario);
        for (guint i = 0; i < boxes->len; i++)
          {
            WbBox *b = g_ptr_array_index (boxes, i);
            if (b->id == where->place && b->name != NULL)
              return g_strdup (b->name);
          }
        return g_strdup (where->place);
      }
    case WB_WHERE_ELIMINATED:
      return g_strdup (_("eliminated"));
    case WB_WHERE_WAITING:
    default:
      return g_strdup (_("not arrived"));
    }
}

gboolean
wb_match_parse_where (WbMatch *m, JsonObject *o, WbWhere *where, GError **error)
{
  WbPlace place = { 0 };

  g_return_val_if_fail (m != NULL && where != NULL, FALSE);
  memset (where, 0, sizeof *where);
  if (o != NULL && json_object_has_member (o, "eliminated"))
    {
      where->kind = WB_WHERE_ELIMINATED;
      return TRUE;
    }
  if (o != NULL && json_object_has_member (o, "hex"))
    place.kind = WB_PLACE_HEX, place.ref = (char *) wb_json_string (o, "hex", "");
  else if (o != NULL && json_object_has_member (o, "location"))
    place.kind = WB_PLACE_LOCATION,
    place.ref = (char *) wb_json_string (o, "location", "");
  else if (o != NULL && json_object_has_member (o, "box"))
    {
      const char *box = wb_json_string (o, "box", "");
      GPtrArray *boxes = wb_scenario_get_boxes (m->scenario);

      for (guint i = 0; i < boxes->len; i++)
        if (g_strcmp0 (((WbBox *) g_ptr_array_index (boxes, i))->id, box) == 0)
          {
            where->kind = WB_WHERE_BOX;
            where->place = g_intern_string (box);
            return TRUE;
          }
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                   _("The scenario has no box “%s”"), box);
      return FALSE;
    }
  else
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("A place is a hex, a location, a box or “eliminated”"));
      return FALSE;
    }
  return wb_match_place_where (m, &place, where, error);
}

JsonObject *
wb_match_where_to_json (WbMatch *m, const WbWhere *where)
{
  JsonObject *o = json_object_new ();

  switch (where->kind)
    {
    case WB_WHERE_HEX:
      {
        char buf[32];
        wb_hex_map_format_hex (WB_HEX_MAP (m->map), where->hex, buf, sizeof buf);
        json_object_set_string_member (o, "hex", buf);
        break;
      }
    case WB_WHERE_LOCATION:
      json_object_set_string_member (o, "location", where->place);
      break;
    case WB_WHERE_BOX:
      json_object_set_string_member (o, "box", where->place);
      break;
    default:
      json_object_set_boolean_member (o, "eliminated", TRUE);
      break;
    }
  return o;
}

char *
wb_match_unit_text (WbMatch *m, const WbUnitState *u)
{
  WbUnit *unit = wb_game_find_unit (m->game, u->id);
  const char *name = unit != NULL ? wb_unit_get_designation (unit) : u->id;

  if (u->halves % 2 == 0)
    return g_strdup_printf ("%s (%d)", name, u->halves / 2);
  return g_strdup_printf ("%s (%g)", name, u->halves / 2.0);
}

guint
wb_match_n_sides (WbMatch *m)
{
  return wb_game_get_sides (m->game)->len;
}

const char *
wb_match_side_name (WbMatch *m, guint side)
{
  GPtrArray *sides = wb_game_get_sides (m->game);
  WbSide *s;

  if (side >= sides->len)
    return "";
  s = g_ptr_array_index (sides, side);
  return s->name != NULL ? s->name : s->id;
}

void
wb_match_add_vp (WbMatch *m, guint side, gint64 vp)
{
  gint64 sum;

  g_return_if_fail (side < WB_MATCH_MAX_SIDES);
  sum = (gint64) m->vp[side] + CLAMP (vp, -(gint64) WB_MATCH_MAX_VP, (gint64) WB_MATCH_MAX_VP);
  m->vp[side] = (int) CLAMP (sum, -(gint64) WB_MATCH_MAX_VP, (gint64) WB_MATCH_MAX_VP);
}

int
wb_match_n_turns (WbMatch *m)
{
  return (int) wb_scenario_get_turns (m->scenario)->len;
}

char *
wb_match_turn_text (WbMatch *m, int turn)
{
  GArray *turns = wb_scenario_get_turns (m->scenario);

  if (turn >= 1 && (guint) turn <= turns->len)
    {
      const WbTurn *t = &g_array_index (turns, WbTurn, turn - 1);
      if (t->label != NULL)
        return g_strdup_printf (_("Turn %d (%s)"), turn, t->label);
    }
  return g_strdup_printf (_("Turn %d"), turn);
}

gboolean
wb_match_turn_is_night (WbMatch *m, int turn)
{
  GArray *turns = wb_scenario_get_turns (m->scenario);

  return turn >= 1 && (guint) turn <= turns->len && g_array_index (turns, WbTurn, turn - 1).night;
}

gboolean
wb_match_has_option (WbMatch *m, const char *id)
{
  return m->options != NULL && id != NULL && g_strv_contains ((const char * const *) m->options, id);
}

int
wb_match_winner (WbMatch *match)
{
  guint n = MIN (wb_match_n_sides (match), WB_MATCH_MAX_SIDES);
  int best = -1, second = G_MININT;

  g_return_val_if_fail (match != NULL, -1);
  if (!match->over || n == 0)
    return -1;
  if (match->decided > 0 && (guint) match->decided <= n)
    return match->decided - 1;
  for (guint s = 0; s < n; s++)
    if (best < 0 || match->vp[s] > match->vp[best])
      best = (int) s;
  for (guint s = 0; s < n; s++)
    if ((int) s != best)
      second = MAX (second, match->vp[s]);
  return match->vp[best] > second ? best : -1;
}

char *
wb_match_result_text (WbMatch *match)
{
  guint n = MIN (wb_match_n_sides (match), WB_MATCH_MAX_SIDES);
  int winner, second = G_MININT;

  g_return_val_if_fail (match != NULL, NULL);
  if (!match->over)
    return NULL;
  winner = wb_match_winner (match);
  if (winner >= 0 && match->decided > 0)
    /* TRANSLATORS: the end of a game won outright: the winner */
    return g_strdup_printf (_("%s wins by automatic victory"), wb_match_side_name (match, (guint) winner));
  if (winner < 0)
    {
      int top = G_MININT;
      for (guint s = 0; s < n; s++)
        top = MAX (top, match->vp[s]);
      /* TRANSLATORS: the end of a game with no winner: the shared VP total */
      return g_strdup_printf (_("A draw at %d VP"), n > 0 ? top : 0);
    }
  for (guint s = 0; s < n; s++)
    if ((int) s != winner)
      second = MAX (second, match->vp[s]);
  /* TRANSLATORS: the end of a game: the winner, its VP and the next best total */
  return g_strdup_printf (_("%s wins, %d VP to %d"), wb_match_side_name (match, (guint) winner),
                          match->vp[winner], second);
}
