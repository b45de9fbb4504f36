/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-counter.h"
#include "wb-game.h"
#include "wb-hex-map.h"
#include "wb-unit.h"
#include "rules/wb-play-json.h"
#include "rules/wb-step.h"

/* The state and the legal actions as JSON (wb-play-json.h): written from
 * ids, so a program reads them whatever the language of the game's names;
 * the words (the step, the hint, a place) come beside the ids. */

/* Deep enough for any step the families describe (a unit, then its
 * destination; attackers, then a defender), shallow enough that a list of
 * many picks cannot explode the search. */
#define MAX_PICK_DEPTH 6

JsonObject *
wb_play_where_to_json (WbMatch *m, const WbWhere *where)
{
  JsonObject *o;

  g_return_val_if_fail (m != NULL && where != NULL, NULL);
  if (where->kind == WB_WHERE_WAITING)
    {
      o = json_object_new ();
      json_object_set_boolean_member (o, "waiting", TRUE);
      return o;
    }
  if (where->kind == WB_WHERE_HEX && !WB_IS_HEX_MAP (m->map))
    {
      o = json_object_new ();
      json_object_set_null_member (o, "hex");
      return o;
    }
  return wb_match_where_to_json (m, where);
}

static const char *
side_id (WbMatch *m, guint side)
{
  GPtrArray *sides = wb_game_get_sides (m->game);

  return side < sides->len ? ((WbSide *) g_ptr_array_index (sides, side))->id : NULL;
}

static void
set_side (JsonObject *o, const char *member, WbMatch *m, int side)
{
  const char *id = side >= 0 ? side_id (m, (guint) side) : NULL;

  if (id != NULL)
    json_object_set_string_member (o, member, id);
  else
    json_object_set_null_member (o, member);
}

static JsonArray *
flag_names (guint32 flags)
{
  static const struct { guint32 bit; const char *name; } names[] = {
    { WB_UNIT_IN_SCENARIO, "in_scenario" },
    { WB_UNIT_MOVED, "moved" },
    { WB_UNIT_ATTACKED, "attacked" },
    { WB_UNIT_REVEALED, "revealed" },
    { WB_UNIT_DEPLOYED, "deployed" },
  };
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (flags & names[i].bit)
      json_array_add_string_element (a, names[i].name);
  return a;
}

static JsonObject *
unit_to_json (WbMatch *m, const WbUnitState *u, gboolean hidden)
{
  JsonObject *o = json_object_new ();
  g_autofree char *place = wb_match_where_text (m, &u->where);

  if (!hidden)
    {
      WbUnit *unit = wb_game_find_unit (m->game, u->id);

      json_object_set_string_member (o, "id", u->id);
      json_object_set_string_member (o, "name", unit != NULL ? wb_unit_get_designation (unit) : u->id);
    }
  set_side (o, "side", m, (int) u->side);
  json_object_set_object_member (o, "where", wb_play_where_to_json (m, &u->where));
  json_object_set_string_member (o, "place", place);
  if (hidden)
    {
      json_object_set_boolean_member (o, "hidden", TRUE);
      /* The family's status marker lies on the table for both sides to see
       * (the map draws it on a face-down block too). */
      if (u->badge != NULL)
        json_object_set_string_member (o, "badge", u->badge);
      return o;
    }
  json_object_set_int_member (o, "halves", u->halves);
  json_object_set_double_member (o, "strength", u->halves / 2.0);
  if (u->arrives > 0)
    json_object_set_int_member (o, "arrives", u->arrives);
  json_object_set_array_member (o, "flags", flag_names (u->flags));
  json_object_set_int_member (o, "family_flags", u->flags / WB_UNIT_FAMILY_FLAG);
  if (u->badge != NULL)
    json_object_set_string_member (o, "badge", u->badge);
  else
    json_object_set_null_member (o, "badge");
  return o;
}

JsonNode *
wb_play_state_to_json (WbPlay *self, const char *viewer)
{
  WbMatch *m;
  WbGame *game;
  WbJournal *journal;
  JsonObject *o, *vp;
  JsonArray *units, *markers, *sides;
  g_autofree char *step = NULL, *turn_text = NULL, *result = NULL;
  gboolean hides;
  int winner;

  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  m = wb_play_get_state (self);
  game = wb_play_get_game (self);
  journal = wb_play_get_journal (self);
  step = wb_play_describe_step (self);
  turn_text = wb_match_turn_text (m, m->turn);
  result = wb_match_result_text (m);
  /* As the play window decides: fog of war with blocks while the game
   * goes on; once it is over, everything is seen. */
  hides = viewer != NULL && !m->over && wb_counter_style_hides (wb_counter_style_for_game (game));
  winner = m->over ? wb_match_winner (m) : -1;

  o = json_object_new ();
  json_object_set_string_member (o, "game", wb_game_get_id (game));
  json_object_set_string_member (o, "scenario", wb_scenario_get_id (m->scenario));
  json_object_set_boolean_member (o, "free_play", wb_play_is_free_play (self));
  json_object_set_int_member (o, "entry", wb_journal_get_cursor (journal));
  json_object_set_int_member (o, "entries", wb_journal_get_n_entries (journal) - 1);
  if (viewer != NULL)
    json_object_set_string_member (o, "viewer", viewer);
  else
    json_object_set_null_member (o, "viewer");
  json_object_set_int_member (o, "turn", m->turn);
  json_object_set_int_member (o, "turns", wb_match_n_turns (m));
  json_object_set_string_member (o, "turn_text", turn_text);
  json_object_set_int_member (o, "step", m->step);
  json_object_set_string_member (o, "step_text", step);
  set_side (o, "active", m, (int) m->active);
  set_side (o, "player", m, (int) wb_play_player (self));
  json_object_set_string_member (o, "awaiting", wb_play_awaiting (self));
  json_object_set_string_member (o, "hint", wb_play_hint (self));

  sides = json_array_new ();
  vp = json_object_new ();
  for (guint s = 0; s < wb_match_n_sides (m) && s < WB_MATCH_MAX_SIDES; s++)
    {
      json_array_add_string_element (sides, side_id (m, s));
      json_object_set_int_member (vp, side_id (m, s), m->vp[s]);
    }
  json_object_set_array_member (o, "sides", sides);
  json_object_set_object_member (o, "vp", vp);
  json_object_set_boolean_member (o, "over", m->over);
  set_side (o, "winner", m, winner);
  if (result != NULL)
    json_object_set_string_member (o, "result", result);
  else
    json_object_set_null_member (o, "result");

  units = json_array_new ();
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      const char *owner = side_id (m, u->side);
      gboolean hidden;

      /* Units the scenario does not use (as the transcripts leave them out). */
      if (!(u->flags & WB_UNIT_IN_SCENARIO) && u->where.kind == WB_WHERE_WAITING && u->arrives == 0)
        continue;
      hidden = hides && g_strcmp0 (owner, viewer) != 0 && !(u->flags & WB_UNIT_REVEALED);
      json_array_add_object_element (units, unit_to_json (m, u, hidden));
    }
  json_object_set_array_member (o, "units", units);

  markers = json_array_new ();
  for (guint i = 0; m->markers != NULL && i < m->markers->len; i++)
    {
      const WbMatchMarker *k = &g_array_index (m->markers, WbMatchMarker, i);
      WbWhere w = { WB_WHERE_HEX, k->hex, NULL };
      JsonObject *mk = json_object_new ();

      json_object_set_string_member (mk, "feature", k->feature);
      json_object_set_object_member (mk, "where", wb_play_where_to_json (m, &w));
      json_array_add_object_element (markers, mk);
    }
  json_object_set_array_member (o, "markers", markers);

  return json_node_init_object (json_node_alloc (), o);
}

/* Listing the legal actions. */

typedef struct {
  WbPlay     *play;
  GPtrArray  *out;
  GHashTable *seen;     /* the actions' JSON text */
  guint       max;
  gboolean    truncated;
  char       *suggested; /* the automatic player's choice, as JSON text */
  gboolean    suggested_listed;
} Lister;

static void
offer (Lister *l, JsonObject *action, const char *source, const char *label)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  char *text;
  WbPreview preview;
  JsonObject *o;

  if (action == NULL)
    return;
  node = json_node_init_object (json_node_alloc (), action);
  text = json_to_string (node, FALSE);
  if (g_hash_table_contains (l->seen, text))
    {
      g_free (text);
      return;
    }
  g_hash_table_add (l->seen, text);
  if (!wb_play_preview (l->play, action, &preview, &error))
    return;
  g_free (preview.text);
  if (l->out->len >= l->max)
    {
      l->truncated = TRUE;
      return;
    }
  o = json_object_new ();
  json_object_set_object_member (o, "action", json_object_ref (action));
  json_object_set_string_member (o, "source", source);
  if (label != NULL)
    json_object_set_string_member (o, "label", label);
  if (g_strcmp0 (text, l->suggested) == 0)
    {
      json_object_set_boolean_member (o, "suggested", TRUE);
      l->suggested_listed = TRUE;
    }
  g_ptr_array_add (l->out, o);
}

static char *
picks_label (const WbStep *step, const WbPicks *picks)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < step->lists->len; i++)
    for (guint k = 0; k < wb_picks_count (picks, i); k++)
      g_string_append_printf (s, "%s%s", s->len > 0 ? " → " : "", wb_picks_get (picks, i, k));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static guint
picks_total (const WbStep *step, const WbPicks *picks)
{
  guint n = 0;

  for (guint i = 0; i < step->lists->len; i++)
    n += wb_picks_count (picks, i);
  return n;
}

/* The index of @value among @list's candidates, or -1. */
static int
candidate_index (const WbPickList *list, const char *value)
{
  for (guint i = 0; i < list->candidates->len; i++)
    if (g_strcmp0 (g_array_index (list->candidates, WbPickCandidate, i).value, value) == 0)
      return (int) i;
  return -1;
}

/* Every way to make an action from @picks on: the action they make, if
 * any, then each pick more of a list short of its minimum — or, when no
 * list is, of a list still empty that takes one — the candidates of a
 * list picked in their order only (the same set in another order makes
 * the same action). */
static void
enumerate (Lister *l, const WbPicks *picks)
{
  g_autoptr(WbStep) step = wb_play_step (l->play, picks);
  g_autoptr(JsonObject) action = wb_play_step_action (l->play, picks);
  gboolean short_of_min = FALSE;

  if (l->truncated)
    return;
  if (action != NULL)
    {
      g_autofree char *label = picks_label (step, picks);

      offer (l, action, "pick", label);
      if (step->auto_act)
        return;
    }
  if (picks_total (step, picks) >= MAX_PICK_DEPTH)
    return;
  for (guint i = 0; i < step->lists->len; i++)
    {
      const WbPickList *list = g_ptr_array_index (step->lists, i);

      if (wb_picks_count (picks, i) < list->min)
        short_of_min = TRUE;
    }
  for (guint i = 0; i < step->lists->len; i++)
    {
      const WbPickList *list = g_ptr_array_index (step->lists, i);
      guint n = wb_picks_count (picks, i);
      int after = -1;

      if (list->flags & WB_PICK_ANY)
        continue;
      if (short_of_min ? n >= list->min : (n > 0 || list->max == 0))
        continue;
      if (n >= list->max)
        continue;
      if (n > 0 && !(list->flags & WB_PICK_REPEAT))
        after = candidate_index (list, wb_picks_get (picks, i, n - 1));
      for (guint c = 0; c < list->candidates->len && !l->truncated; c++)
        {
          const WbPickCandidate *cand = &g_array_index (list->candidates, WbPickCandidate, c);
          g_autoptr(WbPicks) more = NULL;

          if ((int) c <= after)
            continue;
          if (!(list->flags & WB_PICK_REPEAT) && wb_picks_count_value (picks, i, cand->value) > 0)
            continue;
          more = wb_picks_copy (picks);
          wb_picks_add (more, i, cand->value);
          enumerate (l, more);
        }
      /* The first list to fill: the later ones may depend on it
       * (WB_PICK_LEADS), and another order reaches the same actions. */
      break;
    }
}

GPtrArray *
wb_play_list_actions (WbPlay *self, guint max, gboolean *truncated)
{
  g_autoptr(WbPicks) none = wb_picks_new ();
  g_autoptr(WbStep) step = NULL;
  g_autoptr(GPtrArray) offers = NULL;
  g_autoptr(JsonObject) end = NULL;
  g_autoptr(JsonObject) suggestion = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *suggested = NULL;
  Lister l = { self, NULL, seen, max, FALSE, NULL, FALSE };
  WbRng policy;

  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  l.out = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  if (wb_play_get_state (self)->over)
    goto done;
  /* The automatic player's choice, marked where the list has it. */
  wb_rng_seed (&policy, 0, WB_RNG_MATCH_STREAM + 1);
  suggestion = wb_play_suggest (self, &policy);
  if (suggestion != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), suggestion);

      l.suggested = suggested = json_to_string (node, FALSE);
    }
  enumerate (&l, none);
  step = wb_play_step (self, none);
  for (guint i = 0; step->buttons != NULL && i < step->buttons->len; i++)
    {
      WbStepButton *b = g_ptr_array_index (step->buttons, i);
      g_autofree char *label = b->label != NULL ? g_strdup (b->label) : NULL;

      /* The label without its mnemonic's underscore. */
      if (label != NULL)
        {
          char *u = strchr (label, '_');
          if (u != NULL)
            memmove (u, u + 1, strlen (u));
        }
      offer (&l, b->action, "button", label);
    }
  offers = wb_play_offers (self);
  for (guint i = 0; i < offers->len; i++)
    {
      WbOffer *of = g_ptr_array_index (offers, i);

      offer (&l, of->action, "offer", of->label);
    }
  end = json_object_new ();
  json_object_set_string_member (end, "type", "end_step");
  offer (&l, end, "end_step", _("End the step"));
  if (suggestion != NULL && !l.suggested_listed)
    {
      /* Listed under no other source: offered on its own. */
      g_hash_table_remove (seen, suggested);
      offer (&l, suggestion, "suggest", NULL);
    }
done:
  if (truncated != NULL)
    *truncated = l.truncated;
  return l.out;
}
