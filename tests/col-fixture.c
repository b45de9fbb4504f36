/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "col-fixture.h"

WbGame *
load (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "shenandoah.warbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

void
setup (Fixture *f)
{
  setup_with (f, NULL, 7);
}

void
setup_with (Fixture *f, const char * const *options, guint64 seed)
{
  g_autoptr(GError) error = NULL;

  memset (f, 0, sizeof *f);
  f->game = load ();
  f->m = wb_match_new (f->game, "campaign", options, seed, &error);
  ck_assert_msg (f->m != NULL, "%s", error ? error->message : "");
  f->family = wb_col_family ();
  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
  f->family->start (f->data, f->m);
  f->settings = g_hash_table_new (g_str_hash, g_str_equal);
  f->events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
}

void
setup_battle (Fixture *f)
{
  setup (f);
  f->physical = TRUE;
  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

      u->where.kind = WB_WHERE_WAITING;
      u->where.place = NULL;
    }
}

void
setup_winchester (Fixture *f)
{
  setup_battle (f);
  place (f, "banks-artillery", "winchester", 3);
  place (f, "banks", "winchester", 3);
  place (f, "donnelly", "winchester", 3);
  place (f, "gordon", "winchester", 4);
  attack (f, "jackson", "newtown", "winchester", 3);
  attack (f, "jackson-artillery", "newtown", "winchester", 4);
  attack (f, "munford", "newtown", "winchester", 2);
  attack (f, "winder", "newtown", "winchester", 4);
  attack (f, "campbell", "newtown", "winchester", 3);
  to_battles (f, "jackson");
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
  ctx.hidden_units = f->family->hidden_units;
  ctx.family_version = f->family_version;
  r = f->family->apply (f->data, copy, action, &ctx, error);
  f->needed_sides = ctx.needed_sides;
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
ok_action (Fixture *f, JsonObject *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), action);
  g_autofree char *text = json_to_string (node, FALSE);

  ck_assert_msg (act (f, action, &error) == WB_APPLY_DONE, "%s: %s", text, error ? error->message : "");
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

gboolean
logged (Fixture *f, const char *text)
{
  for (guint i = 0; i < f->events->len; i++)
    if (strstr (((WbLogEvent *) g_ptr_array_index (f->events, i))->text, text) != NULL)
      return TRUE;
  return FALSE;
}

WbUnitState *
unit (Fixture *f, const char *id)
{
  WbUnitState *u = wb_match_find_unit (f->m, id);

  ck_assert_msg (u != NULL, "no unit %s", id);
  return u;
}

const char *
where (Fixture *f, const char *id)
{
  WbUnitState *u = unit (f, id);

  return u->where.kind == WB_WHERE_LOCATION ? u->where.place
         : u->where.kind == WB_WHERE_ELIMINATED ? "(eliminated)" : "(off map)";
}

void
put (Fixture *f, const char *id, const char *loc)
{
  WbUnitState *u = unit (f, id);

  ck_assert_msg (loc == NULL || _wb_col_loc_id (f->data, loc) >= 0, "no location %s", loc);
  u->where.kind = loc != NULL ? WB_WHERE_LOCATION : WB_WHERE_ELIMINATED;
  u->where.place = loc != NULL ? g_intern_string (loc) : NULL;
}

void
place (Fixture *f, const char *id, const char *loc, int strength)
{
  ck_assert (loc != NULL);
  put (f, id, loc);
  unit (f, id)->halves = strength * 2;
}

void
attack (Fixture *f, const char *id, const char *from, const char *to, int strength)
{
  WbUnitState *u = unit (f, id);
  ColState *st = col_state (f->m);
  int a = _wb_col_loc_id (f->data, from), b = _wb_col_loc_id (f->data, to);
  const ColEdge *e = _wb_col_edge (f->data, a, b);
  guint k;

  ck_assert_msg (e != NULL, "%s-%s", from, to);
  place (f, id, to, strength);
  u->flags |= COL_ATTACKER | WB_UNIT_MOVED;
  u->data[COL_DATA_FROM] = a + 1;
  u->data[COL_DATA_CONN] = e->conn + 1;
  for (k = 0; k < st->n_battles && st->battles[k].loc != b + 1; k++)
    ;
  if (k == st->n_battles)
    {
      st->battles[k] = (ColBattle) { .loc = (gint16) (b + 1), .attacker = (guint8) u->side,
                                     .by_player = u->side == f->m->first_side ? 1 : 2,
                                     .main_conn = (gint16) (e->conn + 1) };
      st->n_battles++;
    }
  else
    u->flags |= COL_REINFORCE;
}

void
to_battles (Fixture *f, const char *player1)
{
  f->m->first_side = unit (f, player1)->side;
  f->m->step = COL_MOVE_2;
  f->m->active = 1 - f->m->first_side;
  /* Player 2 first pins as many of its blocks as attack it (5.4): its
   * first blocks in the town, which fight all the same. */
  for (int n = 0, loc; (loc = _wb_col_pin_due (f->data, f->m, &n)) >= 0;)
    {
      WbLocation *l = g_ptr_array_index (f->data->locs, loc);
      g_autoptr(GString) json = g_string_new (NULL);
      int k = 0;

      g_string_printf (json, "{\"type\": \"pin\", \"location\": \"%s\", \"units\": [", l->id);
      for (guint i = 0; i < f->m->units->len && k < n; i++)
        {
          WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);

          if (u->side == f->m->active && u->where.kind == WB_WHERE_LOCATION &&
              g_strcmp0 (u->where.place, l->id) == 0)
            g_string_append_printf (json, "%s\"%s\"", k++ ? ", " : "", u->id);
        }
      g_string_append (json, "]}");
      ok (f, json->str);
    }
  ok (f, "{\"type\": \"end_step\"}");
  ck_assert_int_eq (f->m->step, COL_BATTLE);
}

const char *
awaiting (Fixture *f)
{
  return f->family->awaiting (f->data, f->m);
}

WbStep *
step_of (Fixture *f, const WbPicks *picks)
{
  WbStep *step = wb_step_new ();

  f->family->step (f->data, f->m, picks, step);
  return step;
}

gboolean
has_button (const WbStep *step, const char *label)
{
  for (guint i = 0; i < step->buttons->len; i++)
    if (g_strcmp0 (((WbStepButton *) g_ptr_array_index (step->buttons, i))->label, label) == 0)
      return TRUE;
  return FALSE;
}

char *
action_text (Fixture *f, const WbPicks *picks)
{
  g_autoptr(JsonObject) a = f->family->step_action (f->data, f->m, picks);
  g_autoptr(JsonNode) node = NULL;

  if (a == NULL)
    return NULL;
  node = json_node_init_object (json_node_alloc (), a);
  return json_to_string (node, FALSE);
}
