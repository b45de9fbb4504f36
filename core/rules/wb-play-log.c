/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play-log"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-file-private.h"
#include "wb-game.h"
#include "rules/wb-play-log.h"

gboolean
wb_log_filter_matches (const WbLogFilter *filter, const WbLogEvent *event)
{
  const char *text;

  g_return_val_if_fail (event != NULL, FALSE);

  if (filter == NULL)
    return TRUE;
  text = wb_log_event_text_for (event, filter->viewer);
  if (text == NULL)
    return FALSE;
  if (filter->turn_min > 0 && event->turn < filter->turn_min)
    return FALSE;
  if (filter->turn_max > 0 && event->turn > filter->turn_max)
    return FALSE;
  if (filter->side >= 0 && event->side != (guint) filter->side)
    return FALSE;
  if (filter->unit != NULL && filter->unit[0] != '\0')
    {
      g_autofree char *needle = g_utf8_casefold (filter->unit, -1);
      g_autofree char *hay = g_utf8_casefold (text, -1);

      if (strstr (hay, needle) == NULL)
        return FALSE;
    }
  return TRUE;
}

char *
wb_play_log_event_body_for (WbPlay *play, const WbLogEvent *event, int viewer)
{
  WbLogEvent seen;

  g_return_val_if_fail (event != NULL, NULL);
  seen = *event;
  seen.text = (char *) wb_log_event_text_for (event, viewer);
  return seen.text != NULL ? wb_play_log_event_body (play, &seen) : NULL;
}

char *
wb_play_log_event_body (WbPlay *play, const WbLogEvent *event)
{
  WbMatch *m;
  g_autofree char *turn = NULL;
  g_autofree char *prefix = NULL;

  g_return_val_if_fail (WB_IS_PLAY (play), NULL);
  g_return_val_if_fail (event != NULL, NULL);

  /* The prefix exactly as wb_rule_say writes it (the same translation). */
  m = wb_play_get_state (play);
  turn = wb_match_turn_text (m, event->turn);
  if (event->side < wb_match_n_sides (m))
    prefix = g_strdup_printf (_("%s, %s: %s"), turn, wb_match_side_name (m, event->side), "");
  if (prefix != NULL && g_str_has_prefix (event->text, prefix))
    return g_strdup (event->text + strlen (prefix));
  return g_strdup (event->text);
}

const char *
wb_log_format_extension (WbLogFormat format)
{
  switch (format)
    {
    case WB_LOG_FORMAT_TEXT:
      return "txt";
    case WB_LOG_FORMAT_HTML:
      return "html";
    case WB_LOG_FORMAT_JSON:
      return "json";
    default:
      g_return_val_if_reached ("txt");
    }
}

static const char *
side_name (WbMatch *m, guint side)
{
  return side < wb_match_n_sides (m) ? wb_match_side_name (m, side) : "";
}

static const char *
scenario_name (WbPlay *play)
{
  const WbPlayHeader *h = wb_journal_get_header (wb_play_get_journal (play));
  WbScenario *s = wb_game_find_scenario (wb_play_get_game (play), h->scenario);

  return s != NULL ? wb_scenario_get_name (s) : h->scenario;
}

static void
append_escaped (GString *out, const char *text)
{
  g_autofree char *e = g_markup_escape_text (text, -1);

  g_string_append (out, e);
}

static char *
export_html (WbPlay *play, GPtrArray *events)
{
  WbMatch *m = wb_play_get_state (play);
  const char *title = wb_game_get_title (wb_play_get_game (play));
  GString *out = g_string_new (NULL);

  g_string_append (out, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>");
  /* TRANSLATORS: the title of an exported battle log: the game's title */
  {
    g_autofree char *t = g_strdup_printf (_("%s — battle log"), title);
    append_escaped (out, t);
  }
  g_string_append (out, "</title>\n<style>\n"
                   "body { font-family: sans-serif; margin: 2em; color: #222; }\n"
                   "h1 { font-size: 1.5em; margin-bottom: 0.2em; }\n"
                   "p.scenario { color: #555; margin-top: 0; }\n"
                   "table { border-collapse: collapse; width: 100%; }\n"
                   "th, td { text-align: left; vertical-align: top; padding: 0.3em 0.6em;"
                   " border-bottom: 1px solid #ddd; }\n"
                   "th { background: #eee; }\n"
                   "td.turn, td.side { white-space: nowrap; }\n"
                   "</style>\n</head>\n<body>\n<h1>");
  append_escaped (out, title);
  g_string_append (out, "</h1>\n<p class=\"scenario\">");
  append_escaped (out, scenario_name (play));
  g_string_append (out, "</p>\n<table>\n<thead><tr><th>");
  append_escaped (out, _("Turn"));
  g_string_append (out, "</th><th>");
  append_escaped (out, _("Side"));
  g_string_append (out, "</th><th>");
  append_escaped (out, _("Event"));
  g_string_append (out, "</th></tr></thead>\n<tbody>\n");
  for (guint i = 0; i < events->len; i++)
    {
      WbLogEvent *e = g_ptr_array_index (events, i);
      g_autofree char *turn = wb_match_turn_text (m, e->turn);
      g_autofree char *body = wb_play_log_event_body (play, e);

      g_string_append_printf (out, "<tr id=\"entry-%u\"><td class=\"turn\">", e->entry);
      append_escaped (out, turn);
      g_string_append (out, "</td><td class=\"side\">");
      append_escaped (out, side_name (m, e->side));
      g_string_append (out, "</td><td>");
      append_escaped (out, body);
      g_string_append (out, "</td></tr>\n");
    }
  g_string_append (out, "</tbody>\n</table>\n</body>\n</html>\n");
  return g_string_free (out, FALSE);
}

static char *
export_json (WbPlay *play, GPtrArray *events)
{
  WbMatch *m = wb_play_get_state (play);
  const WbPlayHeader *h = wb_journal_get_header (wb_play_get_journal (play));
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "game");
  json_builder_add_string_value (b, wb_game_get_title (wb_play_get_game (play)));
  json_builder_set_member_name (b, "scenario");
  json_builder_add_string_value (b, scenario_name (play));
  /* A string: a 64-bit seed does not survive a double. */
  json_builder_set_member_name (b, "seed");
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, h->seed);
    json_builder_add_string_value (b, seed);
  }
  json_builder_set_member_name (b, "events");
  json_builder_begin_array (b);
  for (guint i = 0; i < events->len; i++)
    {
      WbLogEvent *e = g_ptr_array_index (events, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "entry");
      json_builder_add_int_value (b, e->entry);
      json_builder_set_member_name (b, "turn");
      json_builder_add_int_value (b, e->turn);
      json_builder_set_member_name (b, "side");
      json_builder_add_string_value (b, side_name (m, e->side));
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, e->text);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  text = json_generator_to_data (gen, NULL);
  return g_strconcat (text, "\n", NULL);
}

char *
wb_play_log_export (WbPlay *play, WbLogFormat format, const WbLogFilter *filter)
{
  GPtrArray *log;
  g_autoptr(GPtrArray) events = g_ptr_array_new ();
  g_autoptr(GPtrArray) seen_copies = g_ptr_array_new_with_free_func (g_free);
  GString *out;

  g_return_val_if_fail (WB_IS_PLAY (play), NULL);
  g_return_val_if_fail (format <= WB_LOG_FORMAT_JSON, NULL);

  log = wb_play_get_log (play);
  for (guint i = 0; i < log->len; i++)
    {
      WbLogEvent *e = g_ptr_array_index (log, i);

      if (!wb_log_filter_matches (filter, e))
        continue;
      /* As the viewer reads it: a copy with the text that side sees. */
      if (filter != NULL && wb_log_event_text_for (e, filter->viewer) != e->text)
        {
          WbLogEvent *seen = g_memdup2 (e, sizeof *e);

          seen->text = (char *) wb_log_event_text_for (e, filter->viewer);
          g_ptr_array_add (seen_copies, seen);
          e = seen;
        }
      g_ptr_array_add (events, e);
    }

  switch (format)
    {
    case WB_LOG_FORMAT_HTML:
      return export_html (play, events);
    case WB_LOG_FORMAT_JSON:
      return export_json (play, events);
    case WB_LOG_FORMAT_TEXT:
    default:
      out = g_string_new (NULL);
      for (guint i = 0; i < events->len; i++)
        {
          const char *text = ((WbLogEvent *) g_ptr_array_index (events, i))->text;

          /* One line per event, whatever the text holds. */
          for (const char *p = text; *p != '\0'; p++)
            g_string_append_c (out, *p == '\n' || *p == '\r' ? ' ' : *p);
          g_string_append_c (out, '\n');
        }
      return g_string_free (out, FALSE);
    }
}

gboolean
wb_play_log_save (WbPlay            *play,
                  const char        *path,
                  WbLogFormat        format,
                  const WbLogFilter *filter,
                  GError           **error)
{
  g_autofree char *data = NULL;

  g_return_val_if_fail (WB_IS_PLAY (play), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = wb_play_log_export (play, format, filter);
  return wb_file_write_atomic (path, data, strlen (data), error);
}
