/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-family"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "rules/wb-family.h"
#include "rules/wb-play.h"

static int
check_index (const WbRuleContext *ctx, const char *id)
{
  for (guint i = 0; ctx != NULL && i < ctx->n_checks && i < WB_MATCH_MAX_RULES; i++)
    if (strcmp (ctx->checks[i].id, id) == 0)
      return (int) i;
  return -1;
}

WbRuleLevel
wb_rule_level (const WbRuleContext *ctx, const char *id)
{
  const char *level = ctx != NULL && ctx->settings != NULL ? g_hash_table_lookup (ctx->settings, id) : NULL;
  int i = check_index (ctx, id);

  if (i >= 0 && ctx->match != NULL && ctx->match->rule_levels[i] != 0)
    return (WbRuleLevel) (ctx->match->rule_levels[i] - 1);

  if (g_strcmp0 (level, "off") == 0)
    return WB_RULE_OFF;
  if (g_strcmp0 (level, "warn") == 0)
    return WB_RULE_WARN;
  return WB_RULE_ENFORCE;
}

static const WbRuleCheck *
find_check (const WbRuleContext *ctx, const char *id)
{
  for (guint i = 0; ctx != NULL && i < ctx->n_checks; i++)
    if (strcmp (ctx->checks[i].id, id) == 0)
      return &ctx->checks[i];
  return NULL;
}

static WbLogEvent *
say (WbRuleContext *ctx, WbMatch *m, const char *format, va_list args)
{
  WbLogEvent *e = g_new0 (WbLogEvent, 1);
  g_autofree char *turn = wb_match_turn_text (m, m->turn);
  g_autofree char *body = g_strdup_vprintf (format, args);

  e->secret_side = -1;
  e->turn = m->turn;
  e->side = m->active;
  /* TRANSLATORS: a log line: the turn, the active side, what happened */
  e->text = g_strdup_printf (_("%s, %s: %s"), turn, wb_match_side_name (m, m->active), body);
  e->n_dice = MIN (ctx->n_rolled, WB_LOG_MAX_DICE);
  memcpy (e->dice, ctx->rolled, e->n_dice * sizeof (int));
  memcpy (e->dice_sides, ctx->rolled_sides, e->n_dice * sizeof (int));
  ctx->n_rolled = 0;
  g_ptr_array_add (ctx->events, e);
  return e;
}

void
wb_rule_say (WbRuleContext *ctx, WbMatch *m, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  say (ctx, m, format, args);
  va_end (args);
}

void
wb_rule_say_dice (WbRuleContext *ctx, WbMatch *m, guint n_dice, const char *format, ...)
{
  guint total = ctx->n_rolled, take = MIN (n_dice, total);
  va_list args;

  ctx->n_rolled = take;
  va_start (args, format);
  say (ctx, m, format, args);
  va_end (args);
  memmove (ctx->rolled, ctx->rolled + take, (total - take) * sizeof ctx->rolled[0]);
  memmove (ctx->rolled_sides, ctx->rolled_sides + take, (total - take) * sizeof ctx->rolled_sides[0]);
  ctx->n_rolled = total - take;
}

void
wb_rule_say_secret (WbRuleContext *ctx, WbMatch *m, guint side, const char *public_text,
                    const char *format, ...)
{
  g_autofree char *turn = wb_match_turn_text (m, m->turn);
  WbLogEvent *e;
  va_list args;

  va_start (args, format);
  e = say (ctx, m, format, args);
  va_end (args);
  e->secret_side = (int) side;
  if (public_text != NULL)
    e->public_text = g_strdup_printf (_("%s, %s: %s"), turn, wb_match_side_name (m, m->active), public_text);
}

gboolean
wb_rule_check (WbRuleContext *ctx, WbMatch *m, const char *id, gboolean ok, GError **error,
               const char *format, ...)
{
  WbRuleLevel level;
  const WbRuleCheck *check;
  g_autofree char *message = NULL;
  va_list args;

  if (ctx != NULL && G_UNLIKELY (ctx->tally != NULL))
    _wb_tally_check (ctx->tally, id, !ok, ok ? WB_RULE_ENFORCE : wb_rule_level (ctx, id));
  if (ok || (level = wb_rule_level (ctx, id)) == WB_RULE_OFF)
    return TRUE;
  check = find_check (ctx, id);
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (level == WB_RULE_WARN)
    {
      if (ctx != NULL && ctx->hidden_units && m != NULL)
        {
          /* TRANSLATORS: a rule broken with the rule set to warn, as the other side reads it in a game of
           * hidden units: the rule's id */
          g_autofree char *seen = g_strdup_printf (_("rule broken (warned) [%s]"), id);
          /* TRANSLATORS: a rule broken with the rule set to warn: the message, the rule's id */
          wb_rule_say_secret (ctx, m, m->active, seen, _("rule broken (warned): %s [%s]"), message, id);
        }
      else
        wb_rule_say (ctx, m, _("rule broken (warned): %s [%s]"), message, id);
      return TRUE;
    }
  if (check != NULL && check->rule != NULL)
    /* TRANSLATORS: a refusal: why, the rule's id, where the rulebook says it */
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_BROKEN, _("%s (rule %s, %s)"), message,
                 id, check->rule);
  else
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_BROKEN, _("%s (rule %s)"), message, id);
  return FALSE;
}

void
wb_rule_needs_result (WbRuleContext *ctx, WbTable *table, int column, int roll, GError **error)
{
  GPtrArray *columns = wb_table_get_columns (table);
  const char *label = column >= 0 && (guint) column < columns->len
                      ? ((WbTableColumn *) g_ptr_array_index (columns, column))->label : "?";

  g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_RESULT,
               _("%s does not give the result of a %d on %s: the players give it (\"result\": a code of the "
                 "table)"), wb_table_get_name (table), roll, label);
  if (ctx != NULL)
    {
      ctx->needed_table = table;
      ctx->needed_column = column;
      ctx->needed_roll = roll;
    }
}

const char *
wb_rule_result (JsonObject *action, guint k)
{
  JsonNode *n;
  JsonArray *a;

  if (action == NULL)
    return NULL;
  if (k == 0)
    {
      n = json_object_get_member (action, "result");
      return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
             ? json_node_get_string (n) : NULL;
    }
  n = json_object_get_member (action, "results");
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return NULL;
  a = json_node_get_array (n);
  if (k - 1 >= json_array_get_length (a))
    return NULL;
  n = json_array_get_element (a, k - 1);
  return JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n) : NULL;
}

guint
wb_rule_n_results (JsonObject *action)
{
  JsonNode *n;

  if (action == NULL || !json_object_has_member (action, "result"))
    return 0;
  n = json_object_get_member (action, "results");
  return 1 + (n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_array_get_length (json_node_get_array (n)) : 0);
}

void
wb_rule_add_result (JsonObject *action, const char *code)
{
  JsonNode *n;

  if (!json_object_has_member (action, "result"))
    {
      json_object_set_string_member (action, "result", code);
      return;
    }
  n = json_object_get_member (action, "results");
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    {
      json_object_set_array_member (action, "results", json_array_new ());
      n = json_object_get_member (action, "results");
    }
  json_array_add_string_element (json_node_get_array (n), code);
}

static void
remember_roll (WbRuleContext *ctx, int face, int sides)
{
  if (ctx == NULL || ctx->n_rolled >= G_N_ELEMENTS (ctx->rolled))
    return;
  ctx->rolled[ctx->n_rolled] = face;
  ctx->rolled_sides[ctx->n_rolled] = sides;
  ctx->n_rolled++;
}

gboolean
wb_rule_die (WbRuleContext *ctx, WbMatch *m, JsonObject *action, guint index, int sides, int *face,
             GError **error)
{
  JsonNode *n;
  JsonArray *a;
  gint64 v;

  if (ctx == NULL || !ctx->physical_dice)
    {
      *face = wb_rng_die (&m->rng, sides);
      remember_roll (ctx, *face, sides);
      return TRUE;
    }
  n = action != NULL ? json_object_get_member (action, "rolls") : NULL;
  a = n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
  if (a == NULL || index >= json_array_get_length (a) ||
      json_node_get_value_type (json_array_get_element (a, index)) != G_TYPE_INT64)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_ROLL,
                   _("The players roll: give die %u of %d faces (\"rolls\": [n, …])"), index + 1, sides);
      ctx->needed_index = index;
      ctx->needed_sides = sides;
      return FALSE;
    }
  v = json_array_get_int_element (a, index);
  if (v < 1 || v > sides)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("A die of %d faces shows 1 to %d, not %lld"), sides, sides, (long long) v);
      return FALSE;
    }
  *face = (int) v;
  remember_roll (ctx, *face, sides);
  return TRUE;
}

void
wb_track_add (GPtrArray  *tracks,
              int         side,
              const char *label,
              const char *value,
              const char *tooltip)
{
  WbTrack *t = g_new0 (WbTrack, 1);

  t->side = side;
  t->label = g_strdup (label);
  t->value = g_strdup (value);
  t->tooltip = g_strdup (tooltip);
  g_ptr_array_add (tracks, t);
}

void
wb_track_free (WbTrack *track)
{
  if (track == NULL)
    return;
  g_free (track->label);
  g_free (track->value);
  g_free (track->tooltip);
  g_free (track);
}
