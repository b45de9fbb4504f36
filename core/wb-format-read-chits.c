/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <string.h>

#include "wb-format-read-private.h"

/* Reading chits and draw cups (format 8, docs/file-format.md "chits"). */

/* What a JSON value of the effect costs once kept as json-glib (about 170
 * bytes a value, as the playtest reader measures). */
#define EFFECT_NODE_COST 192

static guint64
count_nodes (WbJsonNode *node)
{
  guint64 n = 1;

  if (node->type == WB_JSON_ARRAY)
    for (guint i = 0; i < node->len; i++)
      n += count_nodes (wb_json_array_get (node, i));
  else if (node->type == WB_JSON_OBJECT)
    for (guint i = 0; i < node->len; i++)
      n += count_nodes (&wb_json_object_get_member (node, i)->value);
  return n;
}

/* Members that belong to one kind of chit only. */
static const struct {
  const char *member;
  WbChitKind  kind;
} kind_members[] = {
  { "level", WB_CHIT_ACTIVATION },
  { "formation", WB_CHIT_ACTIVATION },
  { "command_rating", WB_CHIT_ACTIVATION },
  { "automatic", WB_CHIT_ACTIVATION },
  { "casualty_of", WB_CHIT_ACTIVATION },
  { "play", WB_CHIT_EVENT },
  { "effect", WB_CHIT_EVENT },
  { "text", WB_CHIT_EVENT },
  { "wild", WB_CHIT_WILD },
};

static gboolean
check_kind_members (Reader *r, WbJsonNode *obj, WbChitKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_members); i++)
    if (kind_members[i].kind != kind && wb_json_object_get (obj, kind_members[i].member) != NULL)
      {
        wb_read_push_member (r, kind_members[i].member);
        return fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is for %s chits, not %s chits"),
                     kind_members[i].member, wb_chit_kind_to_string (kind_members[i].kind),
                     wb_chit_kind_to_string (kind));
      }
  return TRUE;
}

/* An enum member from its words; @required members must be there. */
static gboolean
get_word (Reader *r, WbJsonNode *obj, const char *member, gboolean required,
          gboolean (*parse) (const char *, int *), const char *expected, int *out, gboolean *found)
{
  const char *s;

  *found = FALSE;
  if (!wb_read_get_string (r, obj, member, required, &s))
    return FALSE;
  if (s == NULL)
    return TRUE;
  if (!parse (s, out))
    {
      wb_read_push_member (r, member);
      return fail (r, WB_FORMAT_ERROR_TYPE, _("unknown %s “%s” (expected one of: %s)"), member, s,
                   expected);
    }
  *found = TRUE;
  return TRUE;
}

static gboolean parse_kind (const char *s, int *v)  { return wb_chit_kind_from_string (s, (WbChitKind *) v); }
static gboolean parse_level (const char *s, int *v) { return wb_chit_level_from_string (s, (WbChitLevel *) v); }
static gboolean parse_play (const char *s, int *v)  { return wb_chit_play_from_string (s, (WbChitPlay *) v); }
static gboolean parse_wild (const char *s, int *v)  { return wb_chit_wild_from_string (s, (WbChitWild *) v); }

static gboolean
read_rating (Reader *r, WbJsonNode *obj, WbChit *chit)
{
  WbJsonNode *node = wb_json_object_get (obj, "command_rating");

  chit->command_rating = WB_CHIT_RATING_NONE;
  if (node == NULL)
    return TRUE;
  if (wb_read_is_string (node))
    {
      if (strcmp (wb_json_get_string (node), "?") == 0)
        {
          chit->command_rating = WB_CHIT_RATING_UNKNOWN;
          return TRUE;
        }
      wb_read_push_member (r, "command_rating");
      return fail (r, WB_FORMAT_ERROR_TYPE,
                   _("“%s” is not a command rating (expected a whole number 0 to %d, or \"?\")"),
                   wb_json_get_string (node), WB_CHIT_RATING_MAX);
    }
  return wb_read_get_int (r, obj, "command_rating", TRUE, 0, WB_CHIT_RATING_MAX,
                          &chit->command_rating);
}

static gboolean
read_activation (Reader *r, WbJsonNode *obj, WbChit *chit)
{
  gboolean found;
  int level = 0;
  const char *formation = NULL, *casualty_of = NULL;

  if (!get_word (r, obj, "level", TRUE, parse_level, "cic, division, brigade", &level, &found) ||
      !wb_read_get_ref (r, obj, "formation", level != WB_CHIT_LEVEL_CIC, wb_read_check_formation,
                        &formation) ||
      !read_rating (r, obj, chit) || !wb_read_get_bool (r, obj, "automatic", &chit->automatic) ||
      !wb_read_get_id (r, obj, "casualty_of", FALSE, &casualty_of))
    return FALSE;
  chit->level = level;
  chit->formation = formation;
  if (formation != NULL && wb_game_find_formation (r->game, formation)->side != chit->side)
    {
      wb_read_push_member (r, "formation");
      return fail (r, WB_FORMAT_ERROR_REFERENCE, _("the formation “%s” is not of side “%s”"),
                   formation, chit->side);
    }
  if (chit->automatic && level != WB_CHIT_LEVEL_CIC)
    {
      wb_read_push_member (r, "automatic");
      return fail (r, WB_FORMAT_ERROR_TYPE,
                   _("only a CIC chit activates without a roll (level “%s”)"),
                   wb_chit_level_to_string (level));
    }
  if (casualty_of != NULL)
    {
      /* Declared earlier in the list, like a formation's parent. */
      WbChit *of = wb_game_find_chit (r->game, casualty_of);
      gsize old = wb_read_push_member (r, "casualty_of");

      if (of == NULL)
        return fail (r, WB_FORMAT_ERROR_REFERENCE,
                     _("unknown chit “%s” (the chit a casualty chit replaces is listed before it)"),
                     casualty_of);
      if (of->kind != WB_CHIT_ACTIVATION || of->side != chit->side)
        return fail (r, WB_FORMAT_ERROR_REFERENCE,
                     _("“%s” is not an activation chit of side “%s”"), casualty_of, chit->side);
      if (of == chit)
        return fail (r, WB_FORMAT_ERROR_REFERENCE, _("a chit cannot replace itself"));
      wb_read_pop (r, old);
      chit->casualty_of = of->id;
    }
  return TRUE;
}

static gboolean
read_event (Reader *r, WbJsonNode *obj, WbChit *chit)
{
  WbJsonNode *effect = wb_json_object_get (obj, "effect");
  gboolean found;
  int play = 0;

  if (!get_word (r, obj, "play", TRUE, parse_play, "immediate, immediate-or-hold, hold, ?", &play,
                 &found) ||
      !wb_read_get_text (r, obj, "text", &chit->text))
    return FALSE;
  chit->play = play;
  if (effect != NULL)
    {
      gsize old = wb_read_push_member (r, "effect");
      const char *type;

      if (!wb_read_expect_object (r, effect) ||
          !wb_read_get_string (r, effect, "type", TRUE, &type) ||
          !wb_read_charge (r, count_nodes (effect) * EFFECT_NODE_COST))
        return FALSE;
      if (!wb_read_valid_id (type))
        {
          wb_read_push_member (r, "type");
          return fail (r, WB_FORMAT_ERROR_TYPE, _("“%s” is not a valid effect type (an id)"), type);
        }
      chit->effect = _wb_read_to_json_glib (effect);
      wb_read_pop (r, old);
    }
  return TRUE;
}

gboolean
_wb_read_chit (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "side", "kind", "level", "formation", "command_rating", "automatic",
    "casualty_of", "play", "effect", "text", "wild", "note", "source", NULL
  };
  WbJsonNode *obj;
  const char *id, *side;
  gboolean found;
  int kind = 0, wild = 0;
  WbChit *chit;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id) ||
      !get_word (r, obj, "kind", TRUE, parse_kind, "activation, event, wild", &kind, &found) ||
      !check_kind_members (r, obj, kind) ||
      !wb_read_get_ref (r, obj, "side", kind != WB_CHIT_WILD, wb_read_check_side, &side))
    return FALSE;
  chit = wb_chit_new (id, kind);
  if (!wb_game_add_chit (r->game, chit))
    {
      wb_chit_free (chit);
      return wb_read_duplicate (r, "chit", id);
    }
  chit->side = side;
  if (!wb_read_get_text (r, obj, "name", &chit->name) ||
      !wb_read_get_text (r, obj, "note", &chit->note) ||
      !wb_read_get_text (r, obj, "source", &chit->source))
    return FALSE;
  switch (chit->kind)
    {
    case WB_CHIT_ACTIVATION:
      return read_activation (r, obj, chit);
    case WB_CHIT_EVENT:
      chit->command_rating = WB_CHIT_RATING_NONE;
      return read_event (r, obj, chit);
    case WB_CHIT_WILD:
      chit->command_rating = WB_CHIT_RATING_NONE;
      if (!get_word (r, obj, "wild", TRUE, parse_wild, "fog-of-war, fortunes-of-war", &wild, &found))
        return FALSE;
      chit->wild = wild;
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* ---- the cup ---------------------------------------------------------- */

gboolean
wb_read_check_chit (Reader *r, const char *id)
{
  if (wb_game_find_chit (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown chit “%s”"), id);
}

/* {"union": 1, "confederate": 2}: a count for each side named. */
static gboolean
read_side_counts (Reader *r, WbJsonNode *obj, const char *member, GArray *out)
{
  WbJsonNode *counts = wb_json_object_get (obj, member);
  gsize old;

  if (counts == NULL)
    return TRUE;
  old = wb_read_push_member (r, member);
  if (!wb_read_expect_object (r, counts))
    return FALSE;
  for (guint i = 0; i < counts->len; i++)
    {
      WbJsonMember *m = wb_json_object_get_member (counts, i);
      int count = 0;

      if (!wb_read_check_side (r, m->key))
        return FALSE;
      if (!wb_read_get_int (r, counts, m->key, TRUE, 0, WB_GAME_MAX_ENTITIES, &count))
        return FALSE;
      wb_side_counts_set (out, m->key, count);
    }
  wb_read_pop (r, old);
  return TRUE;
}

/* No chit twice in @ids (the list at @member, already read). */
static gboolean
check_unique (Reader *r, GPtrArray *ids, const char *member)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < ids->len; i++)
    if (!g_hash_table_add (seen, g_ptr_array_index (ids, i)))
      {
        wb_read_push_member (r, member);
        wb_read_push_index (r, i);
        return fail (r, WB_FORMAT_ERROR_DUPLICATE, _("the chit “%s” is listed twice"),
                     (const char *) g_ptr_array_index (ids, i));
      }
  return TRUE;
}

static gboolean
read_cup_add (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "turn", "chits", "note", NULL };
  WbCup *cup = data;
  WbJsonNode *obj;
  int turn = 0;
  WbCupAdd *add;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_int (r, obj, "turn", TRUE, 1, G_MAXINT, &turn))
    return FALSE;
  add = wb_cup_add_new (turn);
  g_ptr_array_add (cup->add, add);
  if (!wb_read_get_text (r, obj, "note", &add->note))
    return FALSE;
  if (wb_json_object_get (obj, "chits") == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “chits” (the chits that join the cup)"));
  if (!wb_read_get_id_list (r, obj, "chits", WB_GAME_MAX_ENTITIES, wb_read_check_chit, add->chits) ||
      !check_unique (r, add->chits, "chits"))
    return FALSE;
  for (guint i = 0; i < add->chits->len; i++)
    if (g_ptr_array_find (cup->chits, g_ptr_array_index (add->chits, i), NULL))
      {
        wb_read_push_member (r, "chits");
        wb_read_push_index (r, i);
        return fail (r, WB_FORMAT_ERROR_DUPLICATE,
                     _("the chit “%s” is in the cup from the start"),
                     (const char *) g_ptr_array_index (add->chits, i));
      }
  return TRUE;
}

/* 5.1, 5.2: a side cannot select or draw more Event chits than it has in
 * the cup. (The excluded count is the text's own number: in Chickasaw
 * Bayou it does not always add up, so it is kept as printed.) */
static gboolean
check_event_counts (Reader *r, WbCup *cup)
{
  GPtrArray *sides = wb_game_get_sides (r->game);

  for (guint i = 0; i < sides->len; i++)
    {
      const char *side = ((WbSide *) g_ptr_array_index (sides, i))->id;
      int key = MAX (wb_side_counts_get (cup->key_chits, side), 0);
      int included = MAX (wb_side_counts_get (cup->included_events, side), 0);
      int events = 0;

      for (guint j = 0; j < cup->chits->len; j++)
        {
          WbChit *c = wb_game_find_chit (r->game, g_ptr_array_index (cup->chits, j));
          events += c->kind == WB_CHIT_EVENT && c->side == side;
        }
      if (key + included > events)
        {
          wb_read_push_member (r, "key_chits");
          return fail (r, WB_FORMAT_ERROR_RANGE,
                       _("side “%s” selects %d Key Chits and draws %d more events, but has %d "
                         "Event chits in the cup"), side, key, included, events);
        }
    }
  return TRUE;
}

static gboolean
read_clarity (Reader *r, WbJsonNode *obj, WbCup *cup)
{
  static const char * const allowed[] = { "chits", "per", NULL };
  WbJsonNode *node = wb_json_object_get (obj, "command_clarity");
  const char *per;
  gsize old;

  if (node == NULL)
    return TRUE;
  old = wb_read_push_member (r, "command_clarity");
  if (!wb_read_expect_object (r, node) || !wb_read_check_members (r, node, allowed) ||
      !wb_read_get_id_list (r, node, "chits", WB_GAME_MAX_ENTITIES, wb_read_check_chit,
                            cup->clarity_chits) ||
      !check_unique (r, cup->clarity_chits, "chits") ||
      !wb_read_get_string (r, node, "per", FALSE, &per))
    return FALSE;
  for (guint i = 0; i < cup->clarity_chits->len; i++)
    {
      WbChit *c = wb_game_find_chit (r->game, g_ptr_array_index (cup->clarity_chits, i));

      if (c->kind != WB_CHIT_ACTIVATION || c->level != WB_CHIT_LEVEL_DIVISION)
        {
          wb_read_push_member (r, "chits");
          wb_read_push_index (r, i);
          return fail (r, WB_FORMAT_ERROR_REFERENCE,
                       _("“%s” is not a Division Activation chit"), c->id);
        }
    }
  if (per != NULL && strcmp (per, "game") != 0 && strcmp (per, "division") != 0)
    {
      wb_read_push_member (r, "per");
      return fail (r, WB_FORMAT_ERROR_TYPE, _("unknown per “%s” (expected one of: game, division)"),
                   per);
    }
  cup->clarity_per_division = per != NULL && strcmp (per, "division") == 0;
  wb_read_pop (r, old);
  return TRUE;
}

gboolean
_wb_read_cup (Reader *r, WbJsonNode *scenario, WbScenario *s)
{
  static const char * const allowed[] = {
    "chits", "key_chits", "included_events", "excluded_events", "command_clarity", "add", "note",
    NULL
  };
  WbJsonNode *obj = wb_json_object_get (scenario, "cup");
  GArray *turns = wb_scenario_get_turns (s);
  WbCup *cup;
  gsize old;

  if (obj == NULL)
    return TRUE;
  old = wb_read_push_member (r, "cup");
  if (!wb_read_expect_object (r, obj) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_charge (r, WB_READ_ELEMENT_COST))
    return FALSE;
  cup = wb_cup_new ();
  wb_cup_free (wb_scenario_replace_cup (s, cup));
  if (!wb_read_get_id_list (r, obj, "chits", WB_GAME_MAX_ENTITIES, wb_read_check_chit, cup->chits) ||
      !check_unique (r, cup->chits, "chits") ||
      !read_side_counts (r, obj, "key_chits", cup->key_chits) ||
      !read_side_counts (r, obj, "included_events", cup->included_events) ||
      !read_side_counts (r, obj, "excluded_events", cup->excluded_events) ||
      !check_event_counts (r, cup) || !read_clarity (r, obj, cup) ||
      !wb_read_for_each (r, obj, "add", WB_GAME_MAX_ENTITIES, FALSE, read_cup_add, cup) ||
      !wb_read_get_text (r, obj, "note", &cup->note))
    return FALSE;
  for (guint i = 0; i < cup->add->len; i++)
    {
      WbCupAdd *add = g_ptr_array_index (cup->add, i);

      if (turns->len > 0 && (guint) add->turn > turns->len)
        {
          wb_read_push_member (r, "add");
          wb_read_push_index (r, i);
          wb_read_push_member (r, "turn");
          return fail (r, WB_FORMAT_ERROR_RANGE, _("turn %d is past the scenario's last (%u)"),
                       add->turn, turns->len);
        }
    }
  wb_read_pop (r, old);
  return TRUE;
}
