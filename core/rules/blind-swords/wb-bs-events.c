/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-table.h"
#include "wb-table-resolve.h"
#include "rules/wb-json-access.h"
#include "rules/wb-play.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The Events whose effect the game file gives as data (the chit's
 * `effect`, docs/file-format.md; the Unique Event descriptions are on the
 * player aid): a marker placed on a hex of the owner's units
 * (`place-marker`: an Epaulement, excl. 2.2b), and CRT modifiers
 * (`crt-modifiers`: the CRT's modifiers named) either on a hex of the
 * owner's units until the end of the turn (`"on": "hex"`, not in a hex
 * with a feature of `not_in`: Good Ground, excl. 9.3 xvi, 11.0c xviii) or
 * for the owner's next Close Combat of the turn (`"on":
 * "next-close-combat"`: Huzzah!, 11.0c xiv). Any other Event is logged
 * with its text for the players to apply. */

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

static JsonObject *
effect_of (BsData *data, guint c)
{
  JsonNode *n = data->chit[c]->effect;

  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

static gboolean
in_list (JsonObject *o, const char *member, const char *id)
{
  JsonNode *n = json_object_get_member (o, member);
  JsonArray *a = n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;

  for (guint k = 0; a != NULL && k < json_array_get_length (a); k++)
    if (g_strcmp0 (wb_json_array_string (a, k), id) == 0)
      return TRUE;
  return FALSE;
}

/* Whether Event @c may go at @hex: a hex of its owner's units, with no
 * feature of its `not_in` (terrain features or markers). */
static gboolean
hex_ok (BsData *data, WbMatch *m, guint c, WbOffset hex)
{
  JsonObject *e = effect_of (data, c);
  gboolean own = FALSE;
  GPtrArray *features;

  for (guint i = 0; i < data->n_units && !own; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      own = (int) u->side == data->owner[c] && u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, hex) &&
            data->counter[i].role != BS_ROLE_MARKER && data->counter[i].role != BS_ROLE_PIONEER;
    }
  if (!own || e == NULL)
    return own;
  features = wb_hex_map_get_hex_features (data->map, hex);
  for (guint k = 0; features != NULL && k < features->len; k++)
    if (in_list (e, "not_in", g_ptr_array_index (features, k)))
      return FALSE;
  for (guint k = 0; m->markers != NULL && k < m->markers->len; k++)
    {
      const WbMatchMarker *mk = &g_array_index (m->markers, WbMatchMarker, k);

      if (wb_offset_equal (mk->hex, hex) && in_list (e, "not_in", mk->feature))
        return FALSE;
    }
  return TRUE;
}

static gboolean
any_hex (BsData *data, WbMatch *m, guint c)
{
  for (guint i = 0; i < data->n_units; i++)
    if ((int) unit_at (m, i)->side == data->owner[c] && unit_at (m, i)->where.kind == WB_WHERE_HEX &&
        hex_ok (data, m, c, unit_at (m, i)->where.hex))
      return TRUE;
  return FALSE;
}

/* Whether Event @c is placed on a hex (a marker, or modifiers on a hex). */
static gboolean
needs_hex (BsData *data, guint c)
{
  JsonObject *e = effect_of (data, c);
  const char *type = e != NULL ? wb_json_string (e, "type", "") : "";

  return strcmp (type, "place-marker") == 0 ||
         (strcmp (type, "crt-modifiers") == 0 && g_strcmp0 (wb_json_string (e, "on", NULL), "hex") == 0);
}

gboolean
_wb_bs_event_play (BsData *data, WbMatch *m, guint c, guint8 resume, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);
  JsonObject *e = effect_of (data, c);
  const char *type = e != NULL ? wb_json_string (e, "type", "") : "";
  const char *name = data->chit[c]->name != NULL ? data->chit[c]->name : data->chit[c]->id;

  if (needs_hex (data, c))
    {
      if (!any_hex (data, m, c))
        {
          /* TRANSLATORS: an Event placed on a hex, with no hex to place it on */
          wb_rule_say (ctx, m, _("plays the Event %s: no hex of its units may take it; no effect."), name);
          return FALSE;
        }
      wb_rule_say (ctx, m, _("plays the Event %s: %s"), name, data->chit[c]->text != NULL ? data->chit[c]->text : "");
      st->event_chit = (guint8) (c + 1);
      st->event_resume = resume;
      st->event_active = (guint8) m->active;
      m->step = BS_EVENT_HEX;
      m->active = (guint) data->owner[c];
      return TRUE;
    }
  if (strcmp (type, "crt-modifiers") == 0 && data->owner[c] >= 0 &&
      g_strcmp0 (wb_json_string (e, "on", NULL), "next-close-combat") == 0)
    {
      st->pending_close[data->owner[c]] = (guint8) (c + 1);
      /* TRANSLATORS: 11.0c xiv: Huzzah! for the side's next Close Combat */
      wb_rule_say (ctx, m, _("plays the Event %s: its shift goes with %s's next Close Combat this turn."), name,
                   wb_match_side_name (m, (guint) data->owner[c]));
      return FALSE;
    }
  /* TRANSLATORS: 7.3: an Event played; its effect is applied by the players */
  wb_rule_say (ctx, m, _("plays the Event %s: %s Its effect is on the player aid: the players apply it with the "
                         "designer's overrides."), name, data->chit[c]->text != NULL ? data->chit[c]->text : "");
  return FALSE;
}

WbApplyResult
_wb_bs_event_apply (BsData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx,
                    GError **error)
{
  BsState *st = bs_state (m);
  guint c;
  WbOffset hex;
  const char *text;
  JsonObject *e;

  if (m->step != BS_EVENT_HEX || st->event_chit == 0)
    return WB_APPLY_NOT_MINE;
  c = st->event_chit - 1u;
  if (strcmp (type, "place") != 0)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("Choose the hex the Event goes to (\"place\")"));
      return WB_APPLY_REFUSED;
    }
  text = wb_json_string (action, "hex", "");
  if (!wb_hex_map_parse_hex (data->map, text, &hex) || !wb_hex_map_contains (data->map, hex))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("The map has no hex “%s”"), text);
      return WB_APPLY_REFUSED;
    }
  if (!wb_rule_check (ctx, m, "bs.event", hex_ok (data, m, c, hex), error,
                      _("%s goes on a hex of its side's units, not where its rule forbids it"),
                      data->chit[c]->name))
    return WB_APPLY_REFUSED;
  if (ctx->preview != NULL)
    return WB_APPLY_DONE;
  e = effect_of (data, c);
  if (g_strcmp0 (wb_json_string (e, "type", ""), "place-marker") == 0)
    {
      WbMatchMarker mk = { g_intern_string (wb_json_string (e, "feature", "")), hex };

      g_array_append_val (m->markers, mk);
      /* TRANSLATORS: excl. 2.2b: the Epaulement marker placed */
      wb_rule_say (ctx, m, _("places the %s marker at %s."), data->chit[c]->name, text);
    }
  else if (st->n_placed < G_N_ELEMENTS (st->placed_chit))
    {
      st->placed_chit[st->n_placed] = (guint8) (c + 1);
      st->placed_hex[st->n_placed] = hex;
      st->n_placed++;
      /* TRANSLATORS: Good Ground placed on a hex until the end of the turn */
      wb_rule_say (ctx, m, _("places %s at %s until the end of the turn."), data->chit[c]->name, text);
    }
  st->event_chit = 0;
  m->active = st->event_active;
  _wb_bs_event_resume (data, m, st->event_resume, ctx);
  return WB_APPLY_DONE;
}

static void
add_modifiers (BsData *data, guint c, const char *applies, BsShifts *out)
{
  JsonObject *e = effect_of (data, c);
  JsonNode *n = e != NULL ? json_object_get_member (e, "modifiers") : NULL;
  JsonArray *a = n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;

  for (guint k = 0; a != NULL && k < json_array_get_length (a) && out->n < BS_MAX_SHIFTS; k++)
    {
      const WbTableModifier *mod = wb_table_find_modifier (data->tables->crt, wb_json_array_string (a, k));

      if (mod == NULL || (mod->applies != NULL && strcmp (mod->applies, applies) != 0) || mod->columns == 0)
        continue;
      out->s[out->n].what = g_intern_string (data->chit[c]->name != NULL ? data->chit[c]->name : data->chit[c]->id);
      out->s[out->n].shift = (gint8) CLAMP (mod->columns, -20, 20);
      out->n++;
    }
}

void
_wb_bs_event_shifts (BsData *data, WbMatch *m, WbBsCombatKind kind, WbOffset target, int attacker_side,
                     BsShifts *out)
{
  BsState *st = bs_state (m);
  const char *applies = kind == WB_BS_CLOSE ? "close" : "fire";

  for (guint k = 0; k < st->n_placed; k++)
    if (wb_offset_equal (st->placed_hex[k], target))
      add_modifiers (data, st->placed_chit[k] - 1u, applies, out);
  if (kind == WB_BS_CLOSE && attacker_side >= 0 && attacker_side < 2 && st->pending_close[attacker_side] > 0)
    add_modifiers (data, st->pending_close[attacker_side] - 1u, applies, out);
}

void
_wb_bs_events_close_done (BsData *data, WbMatch *m, guint side)
{
  (void) data;
  if (side < 2)
    bs_state (m)->pending_close[side] = 0;
}

void
_wb_bs_events_end_turn (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);

  (void) data;
  st->n_placed = 0;
  st->pending_close[0] = st->pending_close[1] = 0;
}

/* ---- The play UI and the automatic player ---- */

void
_wb_bs_event_step (BsData *data, WbMatch *m, WbStep *step)
{
  BsState *st = bs_state (m);
  WbPickList *hexes = wb_step_add_list (step, WB_PICK_HEX, 0, 1, 1);
  guint c = st->event_chit - 1u;

  for (guint i = 0; st->event_chit > 0 && i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      g_autofree char *hex = NULL;

      if (u->where.kind != WB_WHERE_HEX || !hex_ok (data, m, c, u->where.hex))
        continue;
      hex = wb_step_place_value (m, &u->where, NULL);
      if (hex != NULL && wb_pick_list_find (hexes, hex) == NULL)
        wb_pick_list_add (hexes, hex, &u->where, -1);
    }
  step->auto_act = TRUE;
}

JsonObject *
_wb_bs_event_step_action (BsData *data, WbMatch *m, const WbPicks *picks)
{
  JsonObject *a;

  (void) data;
  (void) m;
  if (wb_picks_count (picks, 0) == 0)
    return NULL;
  a = json_object_new ();
  json_object_set_string_member (a, "type", "place");
  json_object_set_string_member (a, "hex", wb_picks_get (picks, 0, 0));
  return a;
}

/* The automatic player: the hex of its units nearest the enemy. */
JsonObject *
_wb_bs_event_suggest (BsData *data, WbMatch *m)
{
  BsState *st = bs_state (m);
  guint c = st->event_chit - 1u;
  int best = -1, best_d = G_MAXINT;
  JsonObject *a = json_object_new ();
  char buf[32];

  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (u->where.kind != WB_WHERE_HEX || !hex_ok (data, m, c, u->where.hex))
        continue;
      for (guint j = 0; j < data->n_units; j++)
        {
          const WbUnitState *v = unit_at (m, j);
          int d;

          if (v->side == u->side || v->where.kind != WB_WHERE_HEX)
            continue;
          d = wb_hex_distance (data->layout, u->where.hex, v->where.hex);
          if (d < best_d)
            {
              best_d = d;
              best = (int) i;
            }
        }
      if (best < 0)
        best = (int) i;
    }
  json_object_set_string_member (a, "type", "place");
  wb_hex_map_format_hex (data->map, unit_at (m, (guint) MAX (best, 0))->where.hex, buf, sizeof buf);
  json_object_set_string_member (a, "hex", buf);
  return a;
}
