/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-table.h"
#include "rules/wb-json-access.h"
#include "rules/wb-play.h"
#include "rules/wb-hex-movement.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The Fog of War chit's results (series 7.3b, exclusive 7.3b), as
 * rules.params fog_of_war_results says what each code of the table does:
 * Battlefield Chaos (the opposing player marks a hex of the affected side:
 * its units may not move or start combat this turn, neither give nor
 * receive Unit Support, and Defensive Fire with half their SPs), a Wayward
 * Move (the opposing player moves a unit of the affected side one hex),
 * a Possible General Casualty (two dice on the General Casualty Table). */

#define FOG_MAX 32

struct _BsFog
{
  guint       n;
  const char *code[FOG_MAX];     /* interned */
  guint8      effect[FOG_MAX];   /* BsFogEffect */
  gint8       side[FOG_MAX];
  WbTable    *casualty;          /* the General Casualty Table, or NULL */
};

void
_wb_bs_fog_free (BsFog *fog)
{
  g_free (fog);
}

gboolean
_wb_bs_fog_compile (BsData *data, const WbParams *o, GError **error)
{
  g_autoptr(GList) keys = wb_params_keys (o, "fog_of_war_results");
  BsFog *fog = g_new0 (BsFog, 1);

  data->fog_results = fog;
  for (GList *l = keys; l != NULL; l = l->next)
    {
      WbParams v;
      const char *effect;

      if (!wb_params_entry (o, "fog_of_war_results", l->data, &v))
        continue;
      if (fog->n >= FOG_MAX)
        return _wb_bs_fail (error, _("rules.params.fog_of_war_results: at most %d results"), FOG_MAX);
      if (data->fog != NULL && wb_table_find_code (data->fog, l->data) == NULL)
        return _wb_bs_fail (error, _("rules.params.fog_of_war_results: “%s” is no code of the table %s"),
                            (const char *) l->data, wb_table_get_name (data->fog));
      effect = wb_params_string (&v, "effect");
      fog->code[fog->n] = g_intern_string (l->data);
      fog->effect[fog->n] = g_strcmp0 (effect, "battlefield-chaos") == 0 ? BS_FOG_CHAOS
                            : g_strcmp0 (effect, "wayward-move") == 0 ? BS_FOG_WAYWARD : BS_FOG_CASUALTY;
      fog->side[fog->n] = (gint8) _wb_bs_side_index (data->game, wb_params_string (&v, "side"));
      fog->n++;
    }
  if (data->fog != NULL)
    {
      GPtrArray *codes = wb_table_get_codes (data->fog);

      for (guint k = 0; codes != NULL && k < codes->len; k++)
        {
          const WbResultCode *c = g_ptr_array_index (codes, k);

          if (c->test != NULL && fog->casualty == NULL)
            fog->casualty = wb_game_find_table (data->game, c->test);
        }
    }
  return TRUE;
}

/* What @code does, FALSE when rules.params says nothing of it. */
static gboolean
lookup (BsData *data, const char *code, BsFogEffect *effect, int *side)
{
  const char *id = code != NULL ? g_intern_string (code) : NULL;

  for (guint k = 0; data->fog_results != NULL && k < data->fog_results->n; k++)
    if (data->fog_results->code[k] == id)
      {
        *effect = (BsFogEffect) data->fog_results->effect[k];
        *side = data->fog_results->side[k];
        return *side == 0 || *side == 1;
      }
  return FALSE;
}

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

/* Whether @side has a unit of its own at @hex that fights (the chaos's hex). */
static gboolean
side_at (BsData *data, WbMatch *m, guint side, WbOffset hex)
{
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);

      if (u->side == side && u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, hex) &&
          bs_role (data, m, i) != BS_ROLE_MARKER && bs_role (data, m, i) != BS_ROLE_PIONEER)
        return TRUE;
    }
  return FALSE;
}

gboolean
_wb_bs_fog_result (BsData *data, WbMatch *m, const char *code, JsonObject *action, WbRuleContext *ctx,
                   GError **error)
{
  BsState *st = bs_state (m);
  BsFogEffect effect;
  int side;

  if (!lookup (data, code, &effect, &side))
    return FALSE;
  switch (effect)
    {
    case BS_FOG_CHAOS:
    case BS_FOG_WAYWARD:
      {
        gboolean any = FALSE;

        for (guint i = 0; i < data->n_units && !any; i++)
          any = unit_at (m, i)->side == (guint) side && unit_at (m, i)->where.kind == WB_WHERE_HEX &&
                bs_role (data, m, i) != BS_ROLE_MARKER && bs_role (data, m, i) != BS_ROLE_PIONEER;
        if (!any)
          {
            /* TRANSLATORS: 7.3b: the affected side has no unit on the map */
            wb_rule_say (ctx, m, _("%s has no unit on the map: no effect (7.3b)."), wb_match_side_name (m, side));
            return FALSE;
          }
        st->fog_side = (guint8) side;
        st->fog_resume_active = (guint8) m->active;
        m->step = effect == BS_FOG_CHAOS ? BS_CHAOS : BS_WAYWARD;
        /* The opposing player chooses (7.3b). */
        m->active = 1u - (guint) side;
        return TRUE;
      }
    case BS_FOG_CASUALTY:
    default:
      {
        int c, w;

        /* A die missing (physical dice): @error says which; not waiting. */
        if (!wb_rule_die (ctx, m, action, 1, 6, &c, error) || !wb_rule_die (ctx, m, action, 2, 6, &w, error))
          return FALSE;
        /* TRANSLATORS: 7.3b: the General Casualty roll; the table is on the player aid */
        wb_rule_say (ctx, m, _("%s rolls %d%d on the %s: its results are on the player aid, not in the rulebook "
                               "text: the players apply it with the designer's overrides (7.3b)."),
                     wb_match_side_name (m, side), c, w,
                     data->fog_results->casualty != NULL ? wb_table_get_name (data->fog_results->casualty)
                                                         : _("General Casualty Table"));
        return FALSE;
      }
    }
}

/* ---- The opposing player's choice ---- */

static int
unit_index (WbMatch *m, const char *id)
{
  gpointer v = id != NULL ? g_hash_table_lookup (m->index, g_intern_string (id)) : NULL;

  return v != NULL ? GPOINTER_TO_INT (v) - 1 : -1;
}

/* The hexes a Wayward Move may take @u to: one hex, where it could move
 * (prohibited terrain, stacking, the artillery's engagement, 7.3b). */
static GArray *
wayward_hexes (BsData *data, WbMatch *m, guint u)
{
  g_autoptr(GArray) reach = NULL;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbDestination));
  const WbUnitState *s = unit_at (m, u);

  if (s->where.kind != WB_WHERE_HEX || bs_role (data, m, u) == BS_ROLE_PIONEER ||
      bs_role (data, m, u) == BS_ROLE_MARKER)
    return out;
  reach = _wb_bs_reach (data, m, u, 400 * WB_MOVE_QUARTERS, FALSE, TRUE);
  for (guint k = 0; reach != NULL && k < reach->len; k++)
    {
      WbDestination d = g_array_index (reach, WbDestination, k);

      if (d.where.kind == WB_WHERE_HEX && wb_hex_distance (data->layout, d.where.hex, s->where.hex) == 1)
        {
          d.cost = 0;
          g_array_append_val (out, d);
        }
    }
  return out;
}

static void
fog_done (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  m->active = st->fog_resume_active;
  _wb_bs_fog_finished (data, m, ctx);
}

static WbApplyResult
refused (GError **error, const char *message)
{
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return WB_APPLY_REFUSED;
}

WbApplyResult
_wb_bs_fog_apply (BsData *data, WbMatch *m, const char *type, JsonObject *action, WbRuleContext *ctx,
                  GError **error)
{
  BsState *st = bs_state (m);

  if (m->step == BS_CHAOS && strcmp (type, "chaos") == 0)
    {
      const char *text = wb_json_string (action, "hex", "");
      WbOffset hex;
      guint n = 0;

      if (!wb_hex_map_parse_hex (data->map, text, &hex) || !wb_hex_map_contains (data->map, hex))
        return refused (error, _("The map has no such hex"));
      if (!wb_rule_check (ctx, m, "bs.fog-of-war", side_at (data, m, st->fog_side, hex), error,
                          _("Battlefield Chaos marks a hex of %s's units (7.3b)"),
                          wb_match_side_name (m, st->fog_side)))
        return WB_APPLY_REFUSED;
      if (ctx->preview != NULL)
        return WB_APPLY_DONE;
      for (guint i = 0; i < data->n_units; i++)
        {
          WbUnitState *u = unit_at (m, i);

          if (u->side == st->fog_side && u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, hex))
            {
              u->flags |= BS_UNIT_CHAOS;
              n++;
            }
        }
      st->chaos_hex = hex;
      st->chaos_on = 1;
      /* TRANSLATORS: 7.3b: the Fog of War chit placed on a hex */
      wb_rule_say (ctx, m, g_dngettext (GETTEXT_PACKAGE,
                                        "places the Fog of War chit at %s: Battlefield Chaos for %u unit until the "
                                        "end of the turn (7.3b).",
                                        "places the Fog of War chit at %s: Battlefield Chaos for %u units until "
                                        "the end of the turn (7.3b).", n), text, n);
      fog_done (data, m, ctx);
      return WB_APPLY_DONE;
    }
  if (m->step == BS_WAYWARD && strcmp (type, "wayward") == 0)
    {
      int u = unit_index (m, wb_json_string (action, "unit", ""));
      const char *text = wb_json_string (action, "hex", "");
      WbOffset hex;
      g_autoptr(GArray) hexes = NULL;
      gboolean ok = FALSE;

      if (u < 0 || (guint) u >= data->n_units)
        return refused (error, _("The game has no such unit"));
      if (!wb_hex_map_parse_hex (data->map, text, &hex))
        return refused (error, _("The map has no such hex"));
      hexes = unit_at (m, (guint) u)->side == st->fog_side ? wayward_hexes (data, m, (guint) u) : NULL;
      for (guint k = 0; hexes != NULL && k < hexes->len; k++)
        ok |= wb_offset_equal (g_array_index (hexes, WbDestination, k).where.hex, hex);
      if (!wb_rule_check (ctx, m, "bs.fog-of-war", ok, error,
                          _("A Wayward Move takes a unit of %s (not a pioneer) one hex where it may go (7.3b)"),
                          wb_match_side_name (m, st->fog_side)))
        return WB_APPLY_REFUSED;
      if (ctx->preview != NULL)
        return WB_APPLY_DONE;
      {
        WbUnitState *s = unit_at (m, (guint) u);
        g_autofree char *name = wb_match_unit_text (m, s);
        char from[32];

        wb_hex_map_format_hex (data->map, s->where.hex, from, sizeof from);
        s->where.hex = hex;
        /* TRANSLATORS: 7.3b: a Wayward Move; its Opportunity Fire is not played */
        wb_rule_say (ctx, m, _("moves %s from %s to %s: a Wayward Move (7.3b)."), name, from, text);
      }
      fog_done (data, m, ctx);
      return WB_APPLY_DONE;
    }
  if ((m->step == BS_CHAOS || m->step == BS_WAYWARD) && strcmp (type, "end_step") == 0)
    {
      /* The chooser may find no legal choice (every unit hemmed in). */
      gboolean any = FALSE;

      for (guint i = 0; i < data->n_units && !any && m->step == BS_WAYWARD; i++)
        if (unit_at (m, i)->side == st->fog_side)
          {
            g_autoptr(GArray) h = wayward_hexes (data, m, i);

            any = h->len > 0;
          }
      if (!wb_rule_check (ctx, m, "bs.fog-of-war", m->step == BS_WAYWARD && !any, error,
                          _("The Fog of War result is applied: choose %s"),
                          m->step == BS_CHAOS ? _("a hex of the affected side") : _("a unit and its hex")))
        return WB_APPLY_REFUSED;
      wb_rule_say (ctx, m, _("No unit can make the Wayward Move (7.3b)."));
      fog_done (data, m, ctx);
      return WB_APPLY_DONE;
    }
  return WB_APPLY_NOT_MINE;
}

/* Battlefield Chaos lasts while its units stay in the hex, unbroken, and
 * until the end of the turn (7.3b). */
void
_wb_bs_chaos_update (BsData *data, WbMatch *m, gboolean end_of_turn)
{
  BsState *st = bs_state (m);

  for (guint i = 0; i < data->n_units; i++)
    {
      WbUnitState *u = unit_at (m, i);

      if ((u->flags & BS_UNIT_CHAOS) &&
          (end_of_turn || !st->chaos_on || u->where.kind != WB_WHERE_HEX || !wb_offset_equal (u->where.hex, st->chaos_hex)))
        u->flags &= ~(guint32) BS_UNIT_CHAOS;
    }
  if (end_of_turn)
    st->chaos_on = 0;
}

/* ---- The play UI and the automatic player ---- */

void
_wb_bs_fog_step (BsData *data, WbMatch *m, const WbPicks *picks, WbStep *step)
{
  BsState *st = bs_state (m);

  if (m->step == BS_CHAOS)
    {
      WbPickList *hexes = wb_step_add_list (step, WB_PICK_HEX, 0, 1, 1);

      for (guint i = 0; i < data->n_units; i++)
        {
          const WbUnitState *u = unit_at (m, i);
          g_autofree char *hex = NULL;

          if (u->side != st->fog_side || !side_at (data, m, st->fog_side, u->where.kind == WB_WHERE_HEX
                                                                          ? u->where.hex : (WbOffset) { -1, -1 }))
            continue;
          hex = wb_step_place_value (m, &u->where, NULL);
          if (hex != NULL && wb_pick_list_find (hexes, hex) == NULL)
            wb_pick_list_add (hexes, hex, &u->where, -1);
        }
      step->auto_act = TRUE;
      return;
    }
  if (m->step == BS_WAYWARD)
    {
      WbPickList *units = wb_step_add_list (step, WB_PICK_UNIT, WB_PICK_LEADS, 1, 1);
      WbPickList *hexes = wb_step_add_list (step, WB_PICK_HEX, 0, 1, 1);
      int picked = wb_picks_count (picks, 0) > 0 ? unit_index (m, wb_picks_get (picks, 0, 0)) : -1;

      for (guint i = 0; i < data->n_units; i++)
        {
          const WbUnitState *u = unit_at (m, i);
          g_autoptr(GArray) h = NULL;

          if (u->side != st->fog_side || u->where.kind != WB_WHERE_HEX)
            continue;
          h = wayward_hexes (data, m, i);
          if (h->len > 0)
            wb_pick_list_add (units, u->id, &u->where, -1);
          for (guint k = 0; (int) i == picked && k < h->len; k++)
            {
              WbDestination *d = &g_array_index (h, WbDestination, k);
              g_autofree char *hex = wb_step_place_value (m, &d->where, NULL);

              wb_pick_list_add (hexes, hex, &d->where, 0);
            }
        }
      step->auto_act = TRUE;
    }
}

JsonObject *
_wb_bs_fog_step_action (BsData *data, WbMatch *m, const WbPicks *picks)
{
  JsonObject *a;

  (void) data;
  if (m->step == BS_CHAOS && wb_picks_count (picks, 0) > 0)
    {
      a = json_object_new ();
      json_object_set_string_member (a, "type", "chaos");
      json_object_set_string_member (a, "hex", wb_picks_get (picks, 0, 0));
      return a;
    }
  if (m->step == BS_WAYWARD && wb_picks_count (picks, 0) > 0 && wb_picks_count (picks, 1) > 0)
    {
      a = json_object_new ();
      json_object_set_string_member (a, "type", "wayward");
      json_object_set_string_member (a, "unit", wb_picks_get (picks, 0, 0));
      json_object_set_string_member (a, "hex", wb_picks_get (picks, 1, 0));
      return a;
    }
  return NULL;
}

/* The automatic player: Battlefield Chaos on the affected side's largest
 * stack; a Wayward Move of its unit nearest the enemy, one hex away from
 * its friends' objective: here simply its first hex. */
JsonObject *
_wb_bs_fog_suggest (BsData *data, WbMatch *m, WbRng *rng)
{
  BsState *st = bs_state (m);
  JsonObject *a = json_object_new ();
  char buf[32];

  (void) rng;
  if (m->step == BS_CHAOS)
    {
      int best = -1, best_sp = -1;

      for (guint i = 0; i < data->n_units; i++)
        {
          const WbUnitState *u = unit_at (m, i);
          int sp = 0;

          if (u->side != st->fog_side || u->where.kind != WB_WHERE_HEX || !side_at (data, m, st->fog_side, u->where.hex))
            continue;
          for (guint j = 0; j < data->n_units; j++)
            if (unit_at (m, j)->side == st->fog_side && unit_at (m, j)->where.kind == WB_WHERE_HEX &&
                wb_offset_equal (unit_at (m, j)->where.hex, u->where.hex))
              sp += unit_at (m, j)->halves;
          if (sp > best_sp)
            {
              best_sp = sp;
              best = (int) i;
            }
        }
      json_object_set_string_member (a, "type", "chaos");
      wb_hex_map_format_hex (data->map, unit_at (m, (guint) MAX (best, 0))->where.hex, buf, sizeof buf);
      json_object_set_string_member (a, "hex", buf);
      return a;
    }
  for (guint i = 0; i < data->n_units; i++)
    {
      g_autoptr(GArray) h = NULL;

      if (unit_at (m, i)->side != st->fog_side)
        continue;
      h = wayward_hexes (data, m, i);
      if (h->len == 0)
        continue;
      json_object_set_string_member (a, "type", "wayward");
      json_object_set_string_member (a, "unit", unit_at (m, i)->id);
      wb_hex_map_format_hex (data->map, g_array_index (h, WbDestination, 0).where.hex, buf, sizeof buf);
      json_object_set_string_member (a, "hex", buf);
      return a;
    }
  json_object_set_string_member (a, "type", "end_step");
  return a;
}
