/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <math.h>
#include <string.h>

#include "wb-format-read-private.h"

/* Reading scenarios: turns, boxes, options, set-up, reinforcements, victory. */
/* ---- scenarios ---------------------------------------------------------- */

typedef struct
{
  WbScenario *scenario;
  WbMap      *map;
  GHashTable *option_ids;
} ScenarioCtx;

static gboolean
check_place (Reader *r, ScenarioCtx *ctx, WbPlaceKind kind, const char *ref)
{
  g_autoptr(GError) error = NULL;
  WbOffset hex;

  switch (kind)
    {
    case WB_PLACE_HEX:
      if (!WB_IS_HEX_MAP (ctx->map))
        return fail (r, WB_FORMAT_ERROR_REFERENCE,
                     _("a hex on map “%s”, which is not a hex map"), wb_map_get_id (ctx->map));
      if (!wb_hex_map_parse_hex_number (WB_HEX_MAP (ctx->map), ref, &hex, &error))
        return fail (r, WB_FORMAT_ERROR_TYPE, "%s", error->message);
      if (!wb_hex_map_contains (WB_HEX_MAP (ctx->map), hex))
        return fail (r, WB_FORMAT_ERROR_OFF_MAP, _("hex %s is outside map “%s”"), ref,
                     wb_map_get_id (ctx->map));
      return TRUE;
    case WB_PLACE_LOCATION:
      if (!WB_IS_POINT_MAP (ctx->map))
        return fail (r, WB_FORMAT_ERROR_REFERENCE,
                     _("a location on map “%s”, which is not a point-to-point map"),
                     wb_map_get_id (ctx->map));
      if (!wb_point_map_find_location (WB_POINT_MAP (ctx->map), ref))
        return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown location “%s” on map “%s”"), ref,
                     wb_map_get_id (ctx->map));
      return TRUE;
    case WB_PLACE_BOX:
      {
        GPtrArray *boxes = wb_scenario_get_boxes (ctx->scenario);
        for (guint i = 0; i < boxes->len; i++)
          if (g_strcmp0 (((WbBox *) g_ptr_array_index (boxes, i))->id, ref) == 0)
            return TRUE;
        return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown box “%s”"), ref);
      }
    default:
      g_assert_not_reached ();
    }
}

/* Reads one place given inline ({"hex": …}) from @obj into @places; returns
 * FALSE with an error, or TRUE with @found telling whether one was there. */
static gboolean
read_inline_place (Reader *r, ScenarioCtx *ctx, WbJsonNode *obj, GArray *places, gboolean *found)
{
  static const char *members[] = { "hex", "location", "box" };
  int count = 0;

  *found = FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (members); k++)
    {
      const char *ref;
      gsize old;

      if (!wb_json_object_get (obj, members[k]))
        continue;
      if (++count > 1)
        return fail (r, WB_FORMAT_ERROR_TYPE, _("give only one of “hex”, “location” and “box”"));
      if (!wb_read_get_string (r, obj, members[k], TRUE, &ref))
        return FALSE;
      old = wb_read_push_member (r, members[k]);
      if (!check_place (r, ctx, (WbPlaceKind) k, ref))
        return FALSE;
      wb_read_pop (r, old);
      wb_place_array_add (places, (WbPlaceKind) k, ref);
      *found = TRUE;
    }
  return TRUE;
}

static gboolean
read_choice (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "hex", "location", "box", NULL };
  gpointer *pair = data;
  ScenarioCtx *ctx = pair[0];
  GArray *places = pair[1];
  WbJsonNode *obj;
  gboolean found;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !read_inline_place (r, ctx, obj, places, &found))
    return FALSE;
  if (!found)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("expected a place: “hex”, “location” or “box”"));
  return TRUE;
}

static gboolean
read_places (Reader *r, ScenarioCtx *ctx, WbJsonNode *obj, GArray *places, gboolean required)
{
  gboolean found;
  gpointer pair[2] = { ctx, places };

  if (!read_inline_place (r, ctx, obj, places, &found))
    return FALSE;
  if (wb_json_object_get (obj, "choices"))
    {
      if (found)
        return fail (r, WB_FORMAT_ERROR_TYPE, _("give either one place or “choices”, not both"));
      if (!wb_read_for_each (r, obj, "choices", 1000, TRUE, read_choice, pair))
        return FALSE;
      found = places->len > 0;
    }
  if (!found && required)
    return fail (r, WB_FORMAT_ERROR_MISSING,
                 _("expected a place: “hex”, “location”, “box” or “choices”"));
  return TRUE;
}


static gboolean
check_option (Reader *r, const char *id)
{
  if (g_hash_table_contains (((ScenarioCtx *) r->scenario_ctx)->option_ids, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown option “%s” (options are listed in “options”)"), id);
}

static gboolean
read_option_tags (Reader *r, ScenarioCtx *ctx, WbJsonNode *obj, const char **option,
                  const char **unless)
{
  r->scenario_ctx = ctx;
  return wb_read_get_ref (r, obj, "option", FALSE, check_option, option) &&
         wb_read_get_ref (r, obj, "unless", FALSE, check_option, unless);
}

static gboolean
read_setup (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "unit", "hex", "location", "box", "choices", "option", "unless", "note", NULL
  };
  ScenarioCtx *ctx = data;
  WbJsonNode *obj;
  const char *unit;
  WbSetup *s;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_ref (r, obj, "unit", TRUE, wb_read_check_unit, &unit))
    return FALSE;
  s = wb_setup_new (unit);
  g_ptr_array_add (wb_scenario_get_setup (ctx->scenario), s);
  return read_places (r, ctx, obj, s->at, TRUE) &&
         read_option_tags (r, ctx, obj, &s->option, &s->unless) &&
         wb_read_get_text (r, obj, "note", &s->note);
}

/* A hex feature for a scenario marker. */
static gboolean
check_marker_feature (Reader *r, const char *id)
{
  WbFeatureType *f = wb_game_find_feature (r->game, id);

  if (f == NULL)
    return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown feature “%s”"), id);
  if (f->where != WB_FEATURE_HEX)
    return fail (r, WB_FORMAT_ERROR_REFERENCE,
                 _("feature “%s” is not a hex feature: a marker stands in a hex or at a location"), id);
  return TRUE;
}

static gboolean
read_marker (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "feature", "hex", "location", "option", "unless", "note", NULL
  };
  ScenarioCtx *ctx = data;
  WbJsonNode *obj;
  const char *feature;
  WbMarker *m;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_ref (r, obj, "feature", TRUE, check_marker_feature, &feature))
    return FALSE;
  m = wb_marker_new (feature);
  g_ptr_array_add (wb_scenario_get_markers (ctx->scenario), m);
  return read_places (r, ctx, obj, m->at, TRUE) &&
         read_option_tags (r, ctx, obj, &m->option, &m->unless) &&
         wb_read_get_text (r, obj, "note", &m->note);
}

static gboolean
check_mark_in_current (Reader *r, const char *id)
{
  if (WB_IS_HEX_MAP (((ScenarioCtx *) r->scenario_ctx)->map) &&
      wb_hex_map_find_mark (WB_HEX_MAP (((ScenarioCtx *) r->scenario_ctx)->map), id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown map mark “%s”"), id);
}

static gboolean
read_reinforcement (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "turn", "hex", "location", "box", "choices", "area", "units", "option", "unless",
    "condition", "note", NULL
  };
  ScenarioCtx *ctx = data;
  int turns = (int) wb_scenario_get_turns (ctx->scenario)->len;
  WbJsonNode *obj;
  WbReinforcement *re;
  int turn = 0;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_int (r, obj, "turn", TRUE, 1, MAX (turns, 1), &turn))
    return FALSE;
  re = wb_reinforcement_new (turn);
  g_ptr_array_add (wb_scenario_get_reinforcements (ctx->scenario), re);
  r->scenario_ctx = ctx;
  if (!read_places (r, ctx, obj, re->at, FALSE) ||
      !wb_read_get_ref (r, obj, "area", FALSE, check_mark_in_current, &re->area))
    return FALSE;
  if (re->at->len == 0 && re->area == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING,
                 _("expected where the units enter: “hex”, “location”, “box”, “choices” or “area”"));
  if (!wb_json_object_get (obj, "units"))
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “units” (an array)"));
  return wb_read_get_id_list (r, obj, "units", WB_GAME_MAX_UNITS, wb_read_check_unit, re->units) &&
         read_option_tags (r, ctx, obj, &re->option, &re->unless) &&
         wb_read_get_text (r, obj, "condition", &re->condition) &&
         wb_read_get_text (r, obj, "note", &re->note);
}

static gboolean
read_victory (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "kind", "side", "vp", "places", "units", "text", NULL };
  ScenarioCtx *ctx = data;
  WbJsonNode *obj;
  const char *kind_name;
  WbVictoryKind kind;
  WbVictory *v;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_string (r, obj, "kind", TRUE, &kind_name))
    return FALSE;
  if (!wb_victory_kind_from_string (kind_name, &kind))
    {
      gsize old = wb_read_push_member (r, "kind");
      fail (r, WB_FORMAT_ERROR_TYPE,
            _("unknown victory condition “%s” (expected vp_per_sp, occupy, destroy or text)"),
            kind_name);
      wb_read_pop (r, old);
      return FALSE;
    }
  v = wb_victory_new (kind);
  g_ptr_array_add (wb_scenario_get_victory (ctx->scenario), v);
  if (!wb_read_get_ref (r, obj, "side", kind != WB_VICTORY_TEXT, wb_read_check_side, &v->side) ||
      !wb_read_get_int (r, obj, "vp", FALSE, -100000, 100000, &v->vp) ||
      !wb_read_get_text (r, obj, "text", &v->text))
    return FALSE;
  if (wb_json_object_get (obj, "places"))
    {
      gpointer pair[2] = { ctx, v->places };
      if (!wb_read_for_each (r, obj, "places", 100000, TRUE, read_choice, pair))
        return FALSE;
    }
  if (!wb_read_get_id_list (r, obj, "units", WB_GAME_MAX_UNITS, wb_read_check_unit, v->units))
    return FALSE;
  if (kind == WB_VICTORY_OCCUPY && v->places->len == 0)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("an occupy condition needs “places”"));
  if (kind == WB_VICTORY_DESTROY && v->units->len == 0)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("a destroy condition needs “units”"));
  if (kind == WB_VICTORY_TEXT && v->text == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("a text condition needs “text”"));
  return TRUE;
}

static gboolean
read_box (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "side", NULL };
  ScenarioCtx *ctx = data;
  GPtrArray *boxes = wb_scenario_get_boxes (ctx->scenario);
  WbJsonNode *obj;
  const char *id;
  WbBox *box;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  for (guint i = 0; i < boxes->len; i++)
    if (((WbBox *) g_ptr_array_index (boxes, i))->id == id)
      return wb_read_duplicate (r, "box", id);
  box = g_new0 (WbBox, 1);
  box->id = id;
  g_ptr_array_add (boxes, box);
  return wb_read_get_text (r, obj, "name", &box->name) &&
         wb_read_get_ref (r, obj, "side", FALSE, wb_read_check_side, &box->side);
}

static gboolean
read_option (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "name", "text", NULL };
  ScenarioCtx *ctx = data;
  WbJsonNode *obj;
  const char *id;
  WbOption *o;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  if (g_hash_table_contains (ctx->option_ids, id))
    return wb_read_duplicate (r, "option", id);
  g_hash_table_add (ctx->option_ids, (gpointer) id);
  o = g_new0 (WbOption, 1);
  o->id = id;
  g_ptr_array_add (wb_scenario_get_options (ctx->scenario), o);
  return wb_read_get_text (r, obj, "name", &o->name) && wb_read_get_text (r, obj, "text", &o->text);
}

static gboolean
read_special_rule (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = { "id", "title", "text", NULL };
  ScenarioCtx *ctx = data;
  WbJsonNode *obj;
  const char *id;
  GPtrArray *rules = wb_scenario_get_special_rules (ctx->scenario);
  WbSpecialRule *rule;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  for (guint i = 0; i < rules->len; i++)
    if (((WbSpecialRule *) g_ptr_array_index (rules, i))->id == id)
      return wb_read_duplicate (r, "special rule", id);
  rule = g_new0 (WbSpecialRule, 1);
  rule->id = id;
  g_ptr_array_add (rules, rule);
  return wb_read_get_text (r, obj, "title", &rule->title) && wb_read_get_text (r, obj, "text", &rule->text);
}

static gboolean
read_turns (Reader *r, WbJsonNode *obj, WbScenario *scenario)
{
  static const char * const allowed[] = { "count", "labels", "night", NULL };
  WbJsonNode *node = wb_json_object_get (obj, "turns");
  GArray *turns;
  WbJsonNode *t;
  WbJsonNode *labels, *night;
  int count = 0;
  gsize old;

  if (node == NULL)
    return fail (r, WB_FORMAT_ERROR_MISSING, _("missing member “turns”"));
  old = wb_read_push_member (r, "turns");
  if (!(t = wb_read_expect_object (r, node)) || !wb_read_check_members (r, t, allowed) ||
      !wb_read_get_int (r, t, "count", TRUE, 1, WB_SCENARIO_MAX_TURNS, &count) ||
      !wb_read_get_array (r, t, "labels", (guint) count, FALSE, &labels) ||
      !wb_read_get_array (r, t, "night", (guint) count, FALSE, &night))
    return FALSE;
  if (!wb_read_charge (r, (guint64) count * WB_READ_TURN_COST))
    return FALSE;
  wb_scenario_set_turn_count (scenario, count);
  turns = wb_scenario_get_turns (scenario);
  for (guint i = 0; labels && i < wb_json_array_get_length (labels); i++)
    {
      WbJsonNode *l = wb_json_array_get (labels, i);
      gsize o2 = wb_read_push_member (r, "labels");
      wb_read_push_index (r, i);
      if (!wb_read_is_string (l))
        return fail (r, WB_FORMAT_ERROR_TYPE, _("expected a string, found %s"), wb_read_node_type_name (l));
      g_array_index (turns, WbTurn, i).label = g_strdup (wb_json_get_string (l));
      wb_read_pop (r, o2);
    }
  for (guint i = 0; night && i < wb_json_array_get_length (night); i++)
    {
      WbJsonNode *n = wb_json_array_get (night, i);
      gsize o2 = wb_read_push_member (r, "night");
      double v;
      wb_read_push_index (r, i);
      if (!wb_read_is_number (n) || (v = wb_read_number_of (n)) < 1 || v > count || v != floor (v))
        return fail (r, WB_FORMAT_ERROR_RANGE, _("expected a turn number from 1 to %d"), count);
      g_array_index (turns, WbTurn, (guint) v - 1).night = TRUE;
      wb_read_pop (r, o2);
    }
  wb_read_pop (r, old);
  return TRUE;
}

static gboolean
check_map (Reader *r, const char *id)
{
  if (wb_game_find_map (r->game, id))
    return TRUE;
  return fail (r, WB_FORMAT_ERROR_REFERENCE, _("unknown map “%s”"), id);
}

gboolean
_wb_read_scenario (Reader *r, WbJsonNode *node, guint index, gpointer data)
{
  static const char * const allowed[] = {
    "id", "name", "description", "map", "first_side", "turns", "boxes", "options", "setup",
    "reinforcements", "markers", "victory", "victory_text", "special_rules", "cup", NULL
  };
  g_autoptr(WbScenario) scenario = NULL;
  g_autoptr(GHashTable) option_ids = g_hash_table_new (NULL, NULL);
  ScenarioCtx ctx;
  WbJsonNode *obj;
  const char *id, *map, *first, *s;

  if (!(obj = wb_read_expect_object (r, node)) || !wb_read_check_members (r, obj, allowed) ||
      !wb_read_get_id (r, obj, "id", TRUE, &id))
    return FALSE;
  if (wb_game_find_scenario (r->game, id))
    return wb_read_duplicate (r, "scenario", id);
  scenario = wb_scenario_new (id);
  if (!wb_read_get_ref (r, obj, "map", TRUE, check_map, &map) ||
      !wb_read_get_ref (r, obj, "first_side", FALSE, wb_read_check_side, &first))
    return FALSE;
  wb_scenario_set_map (scenario, map);
  wb_scenario_set_first_side (scenario, first);
#define TEXT(member, setter)                         \
  if (!wb_read_get_string (r, obj, member, FALSE, &s))       \
    return FALSE;                                    \
  setter (scenario, s);
  TEXT ("name", wb_scenario_set_name)
  TEXT ("description", wb_scenario_set_description)
  TEXT ("victory_text", wb_scenario_set_victory_text)
#undef TEXT
  ctx.scenario = scenario;
  ctx.map = wb_game_find_map (r->game, map);
  ctx.option_ids = option_ids;
  if (!read_turns (r, obj, scenario) ||
      !wb_read_for_each (r, obj, "boxes", WB_GAME_MAX_ENTITIES, FALSE, read_box, &ctx) ||
      !wb_read_for_each (r, obj, "options", WB_GAME_MAX_ENTITIES, FALSE, read_option, &ctx) ||
      !wb_read_for_each (r, obj, "setup", WB_GAME_MAX_UNITS, FALSE, read_setup, &ctx) ||
      !wb_read_for_each (r, obj, "reinforcements", WB_GAME_MAX_UNITS, FALSE, read_reinforcement, &ctx) ||
      !wb_read_for_each (r, obj, "markers", WB_GAME_MAX_ENTITIES, FALSE, read_marker, &ctx) ||
      !wb_read_for_each (r, obj, "victory", WB_GAME_MAX_ENTITIES, FALSE, read_victory, &ctx) ||
      !wb_read_for_each (r, obj, "special_rules", WB_GAME_MAX_ENTITIES, FALSE, read_special_rule, &ctx) ||
      !_wb_read_cup (r, obj, scenario))
    return FALSE;
  wb_game_add_scenario (r->game, g_steal_pointer (&scenario));
  return TRUE;
}

