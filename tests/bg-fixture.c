/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "bg-fixture.h"

WbGame *
load (const char *name)
{
  g_autofree char *file_name = g_strdup_printf ("%s.warbench", name);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", file_name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

WbGame *
load_edited (const char *name, ...)
{
  g_autofree char *file_name = g_strdup_printf ("%s.warbench", name);
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games", file_name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) edit = NULL;
  g_autoptr(GError) error = NULL;
  const char *find;
  WbGame *game;
  va_list args;

  ck_assert_msg (g_file_get_contents (path, &text, NULL, &error), "%s", error ? error->message : "");
  edit = g_string_new (text);
  va_start (args, name);
  while ((find = va_arg (args, const char *)) != NULL)
    {
      const char *replace = va_arg (args, const char *);
      ck_assert_msg (g_string_replace (edit, find, replace, 0) > 0, "“%s” is not in %s", find, file_name);
    }
  va_end (args);
  game = wb_game_load_from_data (edit->str, -1, file_name, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

void
setup (Fixture *f, const char *game, const char *scenario)
{
  setup_game (f, load (game), scenario);
}

void
setup_game (Fixture *f, WbGame *game, const char *scenario)
{
  g_autoptr(GError) error = NULL;

  memset (f, 0, sizeof *f);
  f->game = game;
  f->m = wb_match_new (f->game, scenario, NULL, 7, &error);
  ck_assert_msg (f->m != NULL, "%s", error ? error->message : "");
  f->family = wb_bg_family ();
  f->data = f->family->prepare (f->game, f->m, &error);
  ck_assert_msg (f->data != NULL, "%s", error ? error->message : "");
  f->family->start (f->data, f->m);
  f->settings = g_hash_table_new (g_str_hash, g_str_equal);
  f->events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
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
apply (Fixture *f, const char *json, GError **error)
{
  g_autoptr(JsonParser) p = json_parser_new ();
  WbRuleContext ctx = { f->settings, f->events, f->family->checks, f->family->n_checks };

  WbMatch *copy = wb_match_copy (f->m);
  WbApplyResult r;

  /* As the engine does: on a copy, kept only when the action is played. */
  ctx.physical_dice = f->physical;
  ctx.hidden_units = f->family->hidden_units;
  ck_assert_msg (json_parser_load_from_data (p, json, -1, NULL), "bad JSON: %s", json);
  r = f->family->apply (f->data, copy, json_node_get_object (json_parser_get_root (p)), &ctx, error);
  if (r == WB_APPLY_DONE)
    {
      wb_match_free (f->m);
      f->m = copy;
    }
  else
    wb_match_free (copy);
  return r;
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
  ck_assert_msg (strstr (error->message, rule) != NULL, "%s: no %s in: %s", json, rule, error->message);
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
  return u->where.kind == WB_WHERE_LOCATION ? u->where.place : "(off map)";
}

/* Puts @id at @loc (NULL: eliminated). */
void
put (Fixture *f, const char *id, const char *loc)
{
  WbUnitState *u = unit (f, id);

  ck_assert (loc == NULL || _wb_bg_loc_id (f->data, loc) >= 0);
  u->where.kind = loc != NULL ? WB_WHERE_LOCATION : WB_WHERE_ELIMINATED;
  u->where.place = loc != NULL ? g_intern_string (loc) : NULL;
}

/* Everyone off the map but @keep (NULL-terminated). */
void
clear_map (Fixture *f, ...)
{
  va_list args;
  g_autoptr(GPtrArray) keep = g_ptr_array_new ();
  const char *id;

  va_start (args, f);
  while ((id = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (keep, (gpointer) g_intern_string (id));
  va_end (args);
  for (guint i = 0; i < f->m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (f->m->units, WbUnitState, i);
      if (!g_ptr_array_find (keep, u->id, NULL))
        {
          u->where.kind = WB_WHERE_WAITING;
          u->where.place = NULL;
        }
    }
}

void
movement (Fixture *f, guint side, int cap)
{
  f->m->step = side == f->m->first_side ? BG_FIRST_MOVEMENT : BG_SECOND_MOVEMENT;
  f->m->active = side;
  bg_state (f->m)->cap[side] = cap;
}

gboolean
logged (Fixture *f, const char *text)
{
  for (guint i = 0; i < f->events->len; i++)
    if (strstr (((WbLogEvent *) g_ptr_array_index (f->events, i))->text, text) != NULL)
      return TRUE;
  return FALSE;
}
