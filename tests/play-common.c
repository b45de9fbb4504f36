/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <check.h>

#include "play-common.h"

JsonObject *
parse_action (const char *json)
{
  g_autoptr(JsonParser) p = json_parser_new ();

  ck_assert_msg (json_parser_load_from_data (p, json, -1, NULL), "bad JSON: %s", json);
  ck_assert_msg (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (p)), "not an object: %s", json);
  return json_object_ref (json_node_get_object (json_parser_get_root (p)));
}

GError *
play_act (WbPlay *play, const char *json)
{
  g_autoptr(JsonObject) a = parse_action (json);
  GError *error = NULL;

  if (wb_play_act (play, a, &error))
    return NULL;
  ck_assert_ptr_nonnull (error);
  return error;
}

void
play_ok (WbPlay *play, const char *json)
{
  g_autoptr(GError) error = play_act (play, json);

  ck_assert_msg (error == NULL, "%s: %s", json, error ? error->message : "");
}

GError *
play_fails (WbPlay *play, const char *json)
{
  guint n = wb_journal_get_n_entries (wb_play_get_journal (play));
  GError *error = play_act (play, json);

  ck_assert_msg (error != NULL, "played: %s", json);
  ck_assert_uint_eq (wb_journal_get_n_entries (wb_play_get_journal (play)), n);
  return error;
}

const char *
play_last_log (WbPlay *play)
{
  GPtrArray *log = wb_play_get_log (play);

  ck_assert_uint_gt (log->len, 0);
  return ((WbLogEvent *) g_ptr_array_index (log, log->len - 1))->text;
}

void
play_finish_setup (WbPlay *play)
{
  for (int i = 0; i < 8 && g_strcmp0 (wb_play_awaiting (play), "deploy") == 0; i++)
    play_ok (play, "{\"type\": \"end_step\"}");
  ck_assert_str_ne (wb_play_awaiting (play), "deploy");
}
