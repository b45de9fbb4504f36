/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "bs-fixture.h"

WbGame *
load (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "chickasaw-bayou.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

void
setup_options (Fixture *f, WbGame *game, const char *scenario, const char * const *options, guint64 seed)
{
  g_autoptr(GError) error = NULL;

  memset (f, 0, sizeof *f);
  f->game = game;
  f->m = wb_match_new (f->game, scenario, options, seed, &error);
  ck_assert_msg (f->m != NULL, "%s", error ? error->message : "");
  f->family = wb_rules_family_find ("blind-swords");
  ck_assert_ptr_nonnull (f->family);
  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
  f->family->start (f->data, f->m);
  f->settings = g_hash_table_new (g_str_hash, g_str_equal);
  f->events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
  f->physical = TRUE;
}

void
setup_game (Fixture *f, WbGame *game, const char *scenario, guint64 seed)
{
  setup_options (f, game, scenario, NULL, seed);
}

void
setup (Fixture *f, const char *scenario)
{
  setup_game (f, load (), scenario, 7);
}

void
teardown (Fixture *f)
{
  f->family->release (f->data);
  wb_match_free (f->m);
  g_object_unref (f->game);
  g_hash_table_unref (f->settings);
  g_ptr_array_unref (f->events);
}

WbApplyResult
act (Fixture *f, JsonObject *action, GError **error)
{
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };
  WbMatch *copy = wb_match_copy (f->m);
  WbApplyResult r;

  ctx.physical_dice = f->physical;
  r = f->family->apply (f->data, copy, action, &ctx, error);
  f->needed_table = ctx.needed_table;
  if (r == WB_APPLY_DONE)
    {
      wb_match_free (f->m);
      f->m = copy;
    }
  else
    wb_match_free (copy);
  return r;
}

WbApplyResult
apply (Fixture *f, const char *json, GError **error)
{
  g_autoptr(JsonParser) p = json_parser_new ();

  ck_assert_msg (json_parser_load_from_data (p, json, -1, NULL), "bad JSON: %s", json);
  return act (f, json_node_get_object (json_parser_get_root (p)), error);
}

void
ok (Fixture *f, const char *json)
{
  g_autoptr(GError) error = NULL;

  ck_assert_msg (apply (f, json, &error) == WB_APPLY_DONE, "%s: %s", json, error ? error->message : "");
}

void
refused (Fixture *f, const char *json, const char *rule)
{
  g_autoptr(GError) error = NULL;

  ck_assert_msg (apply (f, json, &error) == WB_APPLY_REFUSED, "played: %s", json);
  ck_assert_msg (strstr (error->message, rule) != NULL, "%s: no “%s” in: %s", json, rule, error->message);
}

void
set_rule (Fixture *f, const char *id, const char *level)
{
  g_hash_table_insert (f->settings, (gpointer) id, (gpointer) level);
}

/* The log line holding @text, as @viewer reads it (-1: all). */
const char *
logged_for (Fixture *f, const char *text, int viewer)
{
  for (guint i = 0; i < f->events->len; i++)
    {
      const char *line = wb_log_event_text_for (g_ptr_array_index (f->events, i), viewer);

      if (line != NULL && strstr (line, text) != NULL)
        return line;
    }
  return NULL;
}

gboolean
logged (Fixture *f, const char *text)
{
  return logged_for (f, text, -1) != NULL;
}

BsState *
st (Fixture *f)
{
  return bs_state (f->m);
}


guint
unit_index (Fixture *f, const char *id)
{
  gpointer v = g_hash_table_lookup (f->m->index, g_intern_string (id));

  ck_assert_msg (v != NULL, "no unit %s", id);
  return (guint) GPOINTER_TO_INT (v) - 1;
}

WbUnitState *
unit (Fixture *f, const char *id)
{
  return &g_array_index (f->m->units, WbUnitState, unit_index (f, id));
}

WbOffset
hex (Fixture *f, const char *text)
{
  WbOffset h;

  ck_assert_msg (wb_hex_map_parse_hex (f->data->map, text, &h), "no hex %s", text);
  return h;
}

const char *
hex_text (Fixture *f, WbOffset h)
{
  static char buf[32];

  wb_hex_map_format_hex (f->data->map, h, buf, sizeof buf);
  return buf;
}

void
put (Fixture *f, const char *id, const char *at)
{
  WbUnitState *u = unit (f, id);

  if (at == NULL)
    {
      u->where.kind = WB_WHERE_WAITING;
      u->where.place = NULL;
      u->arrives = 0;
      return;
    }
  u->where.kind = WB_WHERE_HEX;
  u->where.hex = hex (f, at);
  u->where.place = NULL;
  u->flags |= WB_UNIT_IN_SCENARIO;
}

void
clear_map (Fixture *f)
{
  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

      u->where.kind = WB_WHERE_WAITING;
      u->where.place = NULL;
      u->arrives = 0;
    }
}

void
activate (Fixture *f, const char *brigade, const char *order)
{
  BsState *s = st (f);
  int b = _wb_bs_brigade_index (f->data, brigade);
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };

  ck_assert_msg (b >= 0, "no brigade %s", brigade);
  f->m->active = f->data->brigade_side[b];
  s->acting = (guint8) (b + 1);
  s->activation = order != NULL ? BS_ACT_FULL : BS_ACT_LIMITED;
  s->order = 0;
  for (guint o = 0; order != NULL && o < f->data->n_orders; o++)
    if (strcmp (f->data->orders[o], order) == 0)
      s->order = (guint8) (o + 1);
  ck_assert (order == NULL || s->order > 0);
  _wb_bs_begin_steps (f->data, f->m, &ctx);
}

WbHexMap *
plain_map (WbGame *game)
{
  WbHexMap *map = WB_HEX_MAP (g_ptr_array_index (wb_game_get_maps (game), 0));
  g_autoptr(GArray) sides = wb_hex_map_list_sides (map);
  g_autoptr(GArray) hexes = wb_hex_map_list_detailed_hexes (map);

  for (int r = 0; r < wb_hex_map_get_rows (map); r++)
    for (int c = 0; c < wb_hex_map_get_cols (map); c++)
      {
        WbOffset h = { c, r };

        wb_hex_map_set_terrain (map, h, "clear");
        wb_hex_map_set_elevation (map, h, 1);
      }
  for (guint k = 0; k < sides->len; k++)
    {
      WbHexside *s = &g_array_index (sides, WbHexside, k);
      g_autoptr(GPtrArray) feats = g_ptr_array_copy (wb_hex_map_get_side_features (map, s->hex, s->dir), NULL, NULL);

      for (guint j = 0; j < feats->len; j++)
        wb_hex_map_remove_side_feature (map, s->hex, s->dir, g_ptr_array_index (feats, j));
    }
  for (guint k = 0; k < hexes->len; k++)
    {
      WbOffset h = g_array_index (hexes, WbOffset, k);
      GPtrArray *have = wb_hex_map_get_hex_features (map, h);
      g_autoptr(GPtrArray) feats = have != NULL ? g_ptr_array_copy (have, NULL, NULL) : g_ptr_array_new ();

      for (guint j = 0; j < feats->len; j++)
        wb_hex_map_remove_hex_feature (map, h, g_ptr_array_index (feats, j));
    }
  return map;
}

void
counter (Fixture *f, const char *id, int sp_fr, int sp_bw, int cr_fr, int cr_bw)
{
  guint i = unit_index (f, id);
  WbUnitState *u = unit (f, id);
  BsCounter *c = &f->data->counter[i];

  c->sp[0] = (guint8) sp_fr;
  c->sp[1] = (guint8) sp_bw;
  c->cr[0] = (guint8) cr_fr;
  c->cr[1] = (guint8) cr_bw;
  c->fragile = FALSE;
  u->halves = (gint16) ((u->flags & BS_UNIT_WORN) ? sp_bw : sp_fr);
}

char *
action_text (JsonObject *a)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, a);
  return json_to_string (node, FALSE);
}

void
end_activation (Fixture *f)
{
  while (f->m->step > BS_ORDERS && f->m->step != BS_ART_HEX && f->m->step != BS_ART_RALLY)
    ok (f, "{\"type\": \"end_step\"}");
}

WbOffset
nb (Fixture *f, WbOffset h, int dir)
{
  return wb_hex_neighbour (f->data->layout, h, dir);
}

void
setup_plain (Fixture *f, const char *scenario, void (*terrain) (WbHexMap *))
{
  WbGame *game = load ();
  WbHexMap *map = plain_map (game);

  if (terrain != NULL)
    terrain (map);
  setup_game (f, game, scenario, 7);
  clear_map (f);
}

void
put_at (Fixture *f, const char *id, WbOffset h)
{
  put (f, id, hex_text (f, h));
}

void
add_marker (Fixture *f, const char *feature, WbOffset h)
{
  WbMatchMarker mk = { g_intern_string (feature), h };

  g_array_append_val (f->m->markers, mk);
}

void
okf (Fixture *f, const char *format, ...)
{
  va_list args;
  g_autofree char *json = NULL;

  va_start (args, format);
  json = g_strdup_vprintf (format, args);
  va_end (args);
  ok (f, json);
}

void
refusedf (Fixture *f, const char *rule, const char *format, ...)
{
  va_list args;
  g_autofree char *json = NULL;

  va_start (args, format);
  json = g_strdup_vprintf (format, args);
  va_end (args);
  refused (f, json, rule);
}
