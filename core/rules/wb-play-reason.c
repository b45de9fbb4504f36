/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rules/wb-play-reason.h"
#include "wb-table-analysis.h"

/* "0616", "the Orange Turnpike", "eliminated": where an action's member
 * @name points, or NULL. */
static char *
where_member (WbMatch *m, JsonObject *action, const char *name)
{
  JsonNode *n = json_object_get_member (action, name);
  WbWhere where;

  if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n) || !wb_match_parse_where (m, json_node_get_object (n), &where, NULL))
    return NULL;
  return wb_match_where_text (m, &where);
}

static char *
unit_member (WbMatch *m, JsonObject *action, const char *name)
{
  const char *id = json_object_get_string_member_with_default (action, name, NULL);
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;

  if (u != NULL)
    return wb_match_unit_text (m, u);
  return g_strdup (id);
}

/* The units or places of an array member, joined: "0616", "Hancock and Barlow". */
static char *
list_member (WbMatch *m, JsonObject *action, const char *name)
{
  JsonNode *n = json_object_get_member (action, name);
  g_autoptr(GString) s = g_string_new (NULL);
  JsonArray *a;

  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return NULL;
  a = json_node_get_array (n);
  for (guint i = 0; i < json_array_get_length (a) && i < 6; i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      const char *id = JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING
                       ? json_node_get_string (e) : NULL;
      WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;
      g_autofree char *text = u != NULL ? wb_match_unit_text (m, u) : g_strdup (id);

      if (text == NULL)
        continue;
      if (s->len > 0)
        g_string_append (s, i + 1 == json_array_get_length (a) ? _(" and ") : ", ");
      g_string_append (s, text);
    }
  return s->len > 0 ? g_strdup (s->str) : NULL;
}

static int
by_count (gconstpointer a, gconstpointer b)
{
  const WbTableOutcome *x = a, *y = b;

  return x->count < y->count ? 1 : x->count > y->count ? -1 : 0;
}

/* "DR 50 %, DE 17 %": the two likeliest results of @column of @table. */
static char *
odds_text (WbTable *table, int column)
{
  g_autoptr(GError) error = NULL;
  WbTableStats *stats = wb_table_stats_new (table, &error);
  g_autoptr(GString) s = g_string_new (NULL);

  if (stats == NULL)
    return NULL;
  for (guint i = 0; i < stats->columns->len; i++)
    {
      WbColumnStats *c = g_ptr_array_index (stats->columns, i);
      g_autoptr(GArray) sorted = NULL;

      if ((int) c->column != column || c->outcomes->len == 0 || stats->dice->total == 0)
        continue;
      sorted = g_array_copy (c->outcomes);
      g_array_sort (sorted, by_count);
      for (guint k = 0; k < sorted->len && k < 2; k++)
        {
          const WbTableOutcome *o = &g_array_index (sorted, WbTableOutcome, k);
          double p = 100.0 * (double) o->count / (double) stats->dice->total;

          if (k > 0)
            g_string_append (s, ", ");
          /* TRANSLATORS: a table result and its chance: "DR 50 %" */
          g_string_append_printf (s, _("%s %.0f %%"), o->result != NULL && *o->result != '\0' ? o->result : "—", p);
        }
      break;
    }
  wb_table_stats_free (stats);
  return s->len > 0 ? g_strdup (s->str) : NULL;
}

char *
wb_play_explain (WbPlay *play, JsonObject *action)
{
  WbMatch *m;
  const char *type;
  g_autofree char *unit = NULL, *to = NULL, *at = NULL, *defenders = NULL, *what = NULL;
  g_autofree char *odds = NULL;
  WbPreview preview = { NULL, NULL, -1 };
  gboolean previewed;

  g_return_val_if_fail (WB_IS_PLAY (play) && action != NULL, NULL);
  m = wb_play_get_state (play);
  type = json_object_get_string_member_with_default (action, "type", "");
  unit = unit_member (m, action, "unit");
  to = where_member (m, action, "to");
  at = where_member (m, action, "at");
  defenders = list_member (m, action, "defenders");
  if (defenders == NULL)
    defenders = list_member (m, action, "targets");

  if (strcmp (type, "move") == 0 && unit != NULL && to != NULL)
    /* TRANSLATORS: the automatic player's action: a unit, a place */
    what = g_strdup_printf (_("moves %s to %s"), unit, to);
  else if (strcmp (type, "enter") == 0 && unit != NULL && at != NULL)
    /* TRANSLATORS: the automatic player's action: a unit, a place */
    what = g_strdup_printf (_("brings %s on at %s"), unit, at);
  else if (strcmp (type, "retreat") == 0 && unit != NULL && to != NULL)
    what = g_strdup_printf (_("retreats %s to %s"), unit, to);
  else if (strcmp (type, "advance") == 0 && unit != NULL && to != NULL)
    what = g_strdup_printf (_("advances %s to %s"), unit, to);
  else if (strcmp (type, "no_advance") == 0)
    what = g_strdup (_("does not advance"));
  else if (strcmp (type, "end_step") == 0)
    what = g_strdup (_("ends the step"));
  else if (defenders != NULL)
    /* TRANSLATORS: the automatic player's attack: the units or hexes attacked */
    what = g_strdup_printf (_("attacks %s"), defenders);
  else
    {
      /* An action of a family this file does not word: its type in
       * words, then what it names. */
      g_autoptr(GString) s = g_string_new (type);

      g_strdelimit (s->str, "_", ' ');
      if (unit != NULL)
        g_string_append_printf (s, " %s", unit);
      if (to != NULL || at != NULL)
        g_string_append_printf (s, " → %s", to != NULL ? to : at);
      what = g_string_free (g_steal_pointer (&s), FALSE);
    }

  previewed = wb_play_preview (play, action, &preview, NULL);
  if (previewed && preview.table != NULL && preview.column >= 0)
    odds = odds_text (preview.table, preview.column);
  if (previewed && preview.text != NULL && *preview.text != '\0')
    {
      char *longer = odds != NULL ? g_strdup_printf ("%s: %s; %s", what, preview.text, odds)
                                  : g_strdup_printf ("%s: %s", what, preview.text);
      g_free (what);
      what = longer;
    }
  g_free (preview.text);
  return g_steal_pointer (&what);
}

void
wb_play_mark_automatic (JsonObject *action, const char *reason)
{
  JsonObject *o = json_object_new ();
  g_autofree char *text = g_strdup (reason != NULL ? reason : "");

  g_return_if_fail (action != NULL);
  if (strlen (text) > WB_PLAY_REASON_MAX)
    {
      const char *end = text + WB_PLAY_REASON_MAX;

      /* Cut at a character boundary: never half a UTF-8 sequence. */
      while (end > text && (*end & 0xC0) == 0x80)
        end--;
      text[end - text] = '\0';
    }
  json_object_set_string_member (o, "reason", text);
  json_object_set_object_member (action, "automatic", o);
}

gboolean
wb_play_action_is_automatic (JsonObject *action, const char **reason)
{
  JsonNode *n = action != NULL ? json_object_get_member (action, "automatic") : NULL;

  if (reason != NULL)
    *reason = NULL;
  if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
    return FALSE;
  if (reason != NULL)
    *reason = json_object_get_string_member_with_default (json_node_get_object (n), "reason", NULL);
  return TRUE;
}
