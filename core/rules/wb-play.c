/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-format.h"
#include "wb-unit.h"
#include "rules/wb-family.h"
#include "rules/wb-play.h"
#include "rules/wb-play-reason.h"

/* The answers an automatic or typed-dice action gives for unknown cells at most. */
#define WB_PLAY_MAX_RESULTS 16
#include "rules/wb-deploy-private.h"

/* A snapshot of the state every this many entries along a path. */
#define SNAPSHOT_EVERY 64

struct _WbPlay
{
  GObject     parent_instance;

  WbGame     *game;
  WbJournal  *journal;
  WbMatch    *setup;       /* entry 0 */
  WbMatch    *state;       /* at the cursor */
  GHashTable *snapshots;   /* entry → WbMatch* */
  GHashTable *events;      /* entry → GPtrArray of WbLogEvent* (what it wrote) */
  GPtrArray  *log;         /* the events from the start to the cursor (borrowed) */
  const WbRulesFamily *family;   /* NULL: free play */
  gpointer    family_data;
  guint       family_version;    /* the family's version that played the journal */
  guint       engine_version;    /* the engine's version that played it */
  char       *name;              /* the journal's file in messages, or NULL */
  /* The die the last refused action lacked (physical dice), sides 0: none. */
  guint       needed_index;
  int         needed_sides;
  /* The table cell the last refused action lacked a result for. */
  WbTable    *needed_table;
  int         needed_column;
  int         needed_roll;
  /* Counts the actions played (not owned), or NULL. */
  WbTally    *tally;
};

G_DEFINE_FINAL_TYPE (WbPlay, wb_play, G_TYPE_OBJECT)

static guint changed_signal;

/* The deliberate changes of what the engine plays (WB_ENGINE_VERSION),
 * oldest first. */
static const WbRulesChange engine_changes[] = {
  { 2, TRUE, N_("play opens with a set-up step where the scenario gives units a choice of places") },
  { 0, FALSE, NULL },
};

/* The families the engine played when journals did not record versions
 * (format 1): a version 1 journal of one of them was played by its
 * version 1; of any other family, in free play. */
static const char *const format1_families[] = { "spi-blue-gray", "bg-campaign" };

const char *
wb_log_event_text_for (const WbLogEvent *event, int viewer)
{
  g_return_val_if_fail (event != NULL, NULL);
  if (event->secret_side < 0 || viewer < 0 || viewer == event->secret_side)
    return event->text;
  return event->public_text;
}

void
wb_log_event_free (WbLogEvent *e)
{
  if (e == NULL)
    return;
  g_free (e->public_text);
  g_free (e->text);
  g_free (e);
}

static void
wb_play_finalize (GObject *object)
{
  WbPlay *self = WB_PLAY (object);

  g_clear_object (&self->game);
  g_clear_object (&self->journal);
  g_clear_pointer (&self->name, g_free);
  wb_match_free (self->setup);
  wb_match_free (self->state);
  g_hash_table_unref (self->snapshots);
  g_hash_table_unref (self->events);
  g_ptr_array_unref (self->log);
  if (self->family != NULL && self->family->release != NULL)
    self->family->release (self->family_data);
  G_OBJECT_CLASS (wb_play_parent_class)->finalize (object);
}

static void
wb_play_class_init (WbPlayClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_play_finalize;
  /* WbPlay::changed (WbPlay *play, guint what): the play changed —
   * @what is WbPlayChange flags. Emitted after it happened, once per
   * action, undo, redo or jump, so every view observes the play instead of
   * being refreshed by hand. */
  changed_signal = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                 NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
emit_changed (WbPlay *self, guint what)
{
  g_signal_emit (self, changed_signal, 0, what);
}

static void
wb_play_init (WbPlay *self)
{
  self->snapshots = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) wb_match_free);
  self->events = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  self->log = g_ptr_array_new ();
}

/* --- the engine's own actions ----------------------------------------------- */

static WbUnitState *
action_unit (WbMatch *m, JsonObject *a, GError **error)
{
  const char *id = wb_json_string (a, "unit", NULL);
  WbUnitState *u = wb_match_find_unit (m, id);

  if (u == NULL)
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                 _("No unit “%s” in the game"), id != NULL ? id : "");
  return u;
}

/* Free play: one step per side, in turn order from the first side. */
static void
end_step (WbMatch *m, WbRuleContext *ctx)
{
  guint n = wb_match_n_sides (m);
  g_autofree char *done = g_strdup (wb_match_side_name (m, m->active));

  wb_rule_say (ctx, m, _("%s ends the step."), done);
  for (guint i = 0; i < m->units->len; i++)
    g_array_index (m->units, WbUnitState, i).flags &= ~(guint32) (WB_UNIT_MOVED | WB_UNIT_ATTACKED);
  m->step++;
  if ((guint) m->step >= n)
    {
      m->step = 0;
      m->turn++;
      /* Reinforcements due this turn wait off the map for their owner. */
      if (m->turn > wb_match_n_turns (m))
        {
          m->over = TRUE;
          m->turn = wb_match_n_turns (m);
          wb_rule_say (ctx, m, "%s", _("The last turn is over."));
          return;
        }
    }
  m->active = (m->first_side + (guint) m->step) % n;
}

static gboolean
parse_dice (const char *spec, int *n, int *sides, gboolean *d66)
{
  char *end = NULL;
  gint64 a, b;

  *d66 = g_strcmp0 (spec, "d66") == 0;
  if (*d66)
    {
      *n = 2, *sides = 6;
      return TRUE;
    }
  if (spec == NULL || !g_ascii_isdigit (*spec))
    return FALSE;
  a = g_ascii_strtoll (spec, &end, 10);
  if (*end != 'd' || !g_ascii_isdigit (end[1]))
    return FALSE;
  b = g_ascii_strtoll (end + 1, &end, 10);
  if (*end != '\0' || a < 1 || a > 20 || b < 2 || b > 1000)
    return FALSE;
  *n = (int) a, *sides = (int) b;
  return TRUE;
}

static const char *level_names[] = { "off", "warn", "enforce" };

static gboolean
apply_engine (WbMatch *m, JsonObject *a, WbRuleContext *ctx, const char *family, gboolean free_play,
              GError **error)
{
  const char *type = wb_json_string (a, "type", "");

  if (strcmp (type, "set_rule") == 0)
    {
      const char *rule = wb_json_string (a, "rule", "");
      const char *level = wb_json_string (a, "level", "");
      int index = -1, lv = -1;

      for (guint i = 0; i < ctx->n_checks && i < G_N_ELEMENTS (m->rule_levels); i++)
        if (strcmp (ctx->checks[i].id, rule) == 0)
          index = (int) i;
      for (guint i = 0; i < G_N_ELEMENTS (level_names); i++)
        if (strcmp (level_names[i], level) == 0)
          lv = (int) i;
      if (index < 0 || lv < 0)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("“%s” is not a rule of this game, or “%s” not enforce, warn or off"), rule, level);
          return FALSE;
        }
      m->rule_levels[index] = (guint8) (lv + 1);
      /* TRANSLATORS: a designer changing a rule during a playtest; the rule, its level */
      wb_rule_say (ctx, m, _("rule %s (%s) set to %s (designer)"), rule, _(ctx->checks[index].title), level);
      return TRUE;
    }

  if (m->over && strcmp (type, "override_vp") != 0)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("The game is over"));
      return FALSE;
    }
  if (strcmp (type, "end_step") == 0 && free_play)
    {
      end_step (m, ctx);
      return TRUE;
    }
  if (strcmp (type, "override_move") == 0)
    {
      WbUnitState *u = action_unit (m, a, error);
      JsonNode *to = json_object_get_member (a, "to");
      g_autofree char *from = NULL, *dest = NULL, *name = NULL;
      WbWhere w;

      if (u == NULL)
        return FALSE;
      if (to == NULL || !JSON_NODE_HOLDS_OBJECT (to) ||
          !wb_match_parse_where (m, json_node_get_object (to), &w, error))
        {
          if (error != NULL && *error == NULL)
            g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                                 _("An override move needs “to”: a place"));
          return FALSE;
        }
      from = wb_match_where_text (m, &u->where);
      dest = wb_match_where_text (m, &w);
      name = wb_match_unit_text (m, u);
      u->where = w;
      u->flags |= WB_UNIT_IN_SCENARIO;
      wb_rule_say (ctx, m, _("%s moved from %s to %s (designer override)"), name, from, dest);
      return TRUE;
    }
  if (strcmp (type, "override_strength") == 0)
    {
      WbUnitState *u = action_unit (m, a, error);
      gint64 halves = wb_json_int (a, "halves", -1);
      g_autofree char *before = NULL, *after = NULL;

      if (u == NULL)
        return FALSE;
      if (halves < 0 || halves > 2 * 1000)
        {
          g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                               _("A strength is 0 to 1000 SP, in half SP"));
          return FALSE;
        }
      before = wb_match_unit_text (m, u);
      u->halves = (gint16) halves;
      if (halves == 0)
        u->where.kind = WB_WHERE_ELIMINATED;
      after = wb_match_unit_text (m, u);
      wb_rule_say (ctx, m, _("%s is now %s (designer override)"), before, after);
      return TRUE;
    }
  if (strcmp (type, "override_vp") == 0)
    {
      gint64 side = wb_json_int (a, "side", -1);
      gint64 vp = wb_json_int (a, "vp", G_MININT64);

      if (side < 0 || side >= wb_match_n_sides (m) || vp < -100000 || vp > 100000)
        {
          g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                               _("An override of VP names a side and −100000 to 100000 VP"));
          return FALSE;
        }
      m->vp[side] = (int) vp;
      wb_rule_say (ctx, m, _("%s has %d VP (designer override)"), wb_match_side_name (m, (guint) side),
           (int) vp);
      return TRUE;
    }
  if (strcmp (type, "override_marker") == 0)
    {
      const char *id = wb_json_string (a, "feature", "");
      const char *text = wb_json_string (a, "hex", "");
      gboolean remove = wb_json_bool (a, "remove", FALSE);
      WbFeatureType *f = wb_game_find_feature (m->game, id);
      WbMatchMarker k;
      int at;

      if (f == NULL || f->where != WB_FEATURE_HEX)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                       _("“%s” is not a hex feature of the game (a marker is one)"), id);
          return FALSE;
        }
      if (!WB_IS_HEX_MAP (m->map) || !wb_hex_map_parse_hex (WB_HEX_MAP (m->map), text, &k.hex) ||
          !wb_hex_map_contains (WB_HEX_MAP (m->map), k.hex))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("A marker goes on a hex of the map: “%s” is not one"), text);
          return FALSE;
        }
      k.feature = g_intern_string (f->id);
      at = wb_match_find_marker (m, k.feature, k.hex);
      if (remove != (at >= 0))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       remove ? _("There is no %s marker at %s") : _("There is a %s marker at %s already"),
                       f->name != NULL ? f->name : f->id, text);
          return FALSE;
        }
      if (remove)
        {
          g_array_remove_index (m->markers, (guint) at);
          wb_rule_say (ctx, m, _("%s marker taken off %s (designer override)"), f->name != NULL ? f->name : f->id,
                       text);
        }
      else
        {
          g_array_append_val (m->markers, k);
          wb_rule_say (ctx, m, _("%s marker put at %s (designer override)"), f->name != NULL ? f->name : f->id,
                       text);
        }
      return TRUE;
    }
  if (strcmp (type, "roll") == 0)
    {
      const char *spec = wb_json_string (a, "dice", "1d6");
      const char *why = wb_json_string (a, "why", NULL);
      int n, sides, total = 0;
      gboolean d66;
      g_autoptr(GString) faces = g_string_new (NULL);

      if (!parse_dice (spec, &n, &sides, &d66))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("“%s” is not dice to roll (expected NdM such as 2d6, or d66)"), spec);
          return FALSE;
        }
      for (int i = 0; i < n; i++)
        {
          int face;

          if (!wb_rule_die (ctx, m, a, (guint) i, sides, &face, error))
            return FALSE;
          total = d66 ? total * 10 + face : total + face;
          g_string_append_printf (faces, "%s%d", i ? " " : "", face);
        }
      if (why != NULL && *why != '\0')
        wb_rule_say (ctx, m, _("rolled %s for %s: %s → %d"), spec, why, faces->str, total);
      else
        wb_rule_say (ctx, m, _("rolled %s: %s → %d"), spec, faces->str, total);
      return TRUE;
    }
  if (family != NULL)
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 /* TRANSLATORS: the action's type, the rules family's id */
                 _("Unknown action “%s”: neither the “%s” rules nor the engine play it (the engine's: "
                   "override_move, override_strength, override_vp, override_marker, roll, set_rule)"),
                 type, family);
  else
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 _("Unknown action “%s” (the rules of this game are played in free play: end_step, "
                   "override_move, override_strength, override_vp, override_marker, roll)"), type);
  return FALSE;
}

/* --- replay ------------------------------------------------------------------ */

/* A value quoted in a message (“…”) longer than this many characters is
 * cut, so that a file's 100 KB id does not fill the screen or the log. */
#define QUOTE_MAX 64

/* Cuts every “quoted” value of @message longer than QUOTE_MAX characters
 * to its start and "…" (transfer full). */
static char *
cut_quotes (const char *message)
{
  GString *out = g_string_new (NULL);
  const char *p = message;

  for (;;)
    {
      const char *open = strstr (p, "“");
      const char *start, *close;

      if (open == NULL)
        break;
      start = open + strlen ("“");
      close = strstr (start, "”");
      if (close == NULL)
        break;
      g_string_append_len (out, p, start - p);
      if (g_utf8_strlen (start, close - start) > QUOTE_MAX)
        {
          const char *cut = g_utf8_offset_to_pointer (start, QUOTE_MAX);
          g_string_append_len (out, start, cut - start);
          g_string_append (out, "…");
        }
      else
        g_string_append_len (out, start, close - start);
      p = close;
      g_string_append (out, "”");
      p += strlen ("”");
    }
  g_string_append (out, p);
  return g_string_free (out, FALSE);
}

static void
cut_long_quotes (GError **error)
{
  char *cut;

  if (error == NULL || *error == NULL)
    return;
  cut = cut_quotes ((*error)->message);
  g_free ((*error)->message);
  (*error)->message = cut;
}

/* Where an entry is, for an error replaying it: FILE:LINE when the play
 * knows its file, else the entry. */
static void
prefix_replay_error (WbPlay *self, const WbJournalEntry *e, GError **error)
{
  const char *file = wb_journal_get_path (self->journal) != NULL ? wb_journal_get_path (self->journal)
                                                                 : self->name;

  if (file != NULL && e->line > 0)
    g_prefix_error (error, _("%s:%u: entry %u does not replay: "), file, e->line, e->id);
  else
    g_prefix_error (error, _("Replaying entry %u: "), e->id);
}

/* Plays @action on @m: the family's actions, then the engine's; the events
 * it writes go to @events. With @preview, only what it would do. */
/* The automatic player's reason (wb-play-reason.h), in the log before
 * the action's own lines; a secret of the acting side when the family
 * hides units (the reason names them). */
static gboolean
say_automatic (WbRuleContext *ctx, WbMatch *m, JsonObject *action, GError **error)
{
  JsonNode *n = json_object_get_member (action, "automatic"), *r = NULL;
  const char *reason;

  if (n == NULL)
    return TRUE;
  if (JSON_NODE_HOLDS_OBJECT (n))
    r = json_object_get_member (json_node_get_object (n), "reason");
  if (r == NULL || !JSON_NODE_HOLDS_VALUE (r) || json_node_get_value_type (r) != G_TYPE_STRING ||
      strlen (reason = json_node_get_string (r)) > 2 * WB_PLAY_REASON_MAX)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("“automatic” must be an object with a “reason” text of at most %d bytes"),
                   2 * WB_PLAY_REASON_MAX);
      return FALSE;
    }
  if (ctx->hidden_units)
    /* TRANSLATORS: the log line of the automatic player's action as the other side reads it */
    wb_rule_say_secret (ctx, m, m->active, _("the automatic player acts"),
                        /* TRANSLATORS: the automatic player's reason for its next action */
                        _("automatic player: %s"), reason);
  else
    wb_rule_say (ctx, m, _("automatic player: %s"), reason);
  return TRUE;
}

static gboolean
apply_full (WbPlay *self, WbMatch *m, JsonObject *action, GPtrArray *events, WbPreview *preview,
            WbTally *tally, GError **error)
{
  const WbPlayHeader *h = wb_journal_get_header (self->journal);
  WbRuleContext ctx = { h->settings, events, NULL, 0, h->physical_dice, m, preview };

  gboolean ok = FALSE;

  if (self->family != NULL)
    {
      ctx.checks = self->family->checks;
      ctx.n_checks = self->family->n_checks;
      ctx.hidden_units = self->family->hidden_units;
      ctx.family_version = self->family_version;
    }
  ctx.tally = tally;
  if (preview == NULL && !say_automatic (&ctx, m, action, error))
    goto out;
  if (m->deploying > 0 && !m->over)
    switch (_wb_deploy_apply (m, action, &ctx, error))
      {
      case WB_APPLY_DONE:
        ok = TRUE;
        goto out;
      case WB_APPLY_REFUSED:
        goto out;
      case WB_APPLY_NOT_MINE:
      default:
        ok = apply_engine (m, action, &ctx, self->family != NULL ? self->family->id : NULL, FALSE, error);
        goto out;
      }
  if (self->family != NULL)
    {
      switch (self->family->apply (self->family_data, m, action, &ctx, error))
        {
        case WB_APPLY_DONE:
          ok = TRUE;
          goto out;
        case WB_APPLY_REFUSED:
          goto out;
        case WB_APPLY_NOT_MINE:
        default:
          break;
        }
    }
  ok = apply_engine (m, action, &ctx, self->family != NULL ? self->family->id : NULL, self->family == NULL,
                     error);
out:
  if (!ok)
    cut_long_quotes (error);
  self->needed_index = ctx.needed_index;
  self->needed_sides = ok ? 0 : ctx.needed_sides;
  self->needed_table = ok ? NULL : ctx.needed_table;
  self->needed_column = ctx.needed_column;
  self->needed_roll = ctx.needed_roll;
  return ok;
}

static gboolean
apply (WbPlay *self, WbMatch *m, JsonObject *action, GPtrArray *events, GError **error)
{
  return apply_full (self, m, action, events, NULL, NULL, error);
}

static GPtrArray *
new_events (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
}

/* The state at @entry, from the nearest snapshot on its path; with
 * @set_log, the log along the path goes to self->log. */
static WbMatch *
state_at (WbPlay *self, guint32 entry, gboolean set_log, GError **error)
{
  g_autoptr(GArray) path = wb_journal_path_to (self->journal, entry);
  g_autoptr(WbMatch) m = NULL;
  guint start = 0;

  for (guint i = path->len; i-- > 0; )
    if (g_hash_table_contains (self->snapshots, GUINT_TO_POINTER (g_array_index (path, guint32, i))))
      {
        start = i;
        break;
      }
  m = wb_match_copy (start == 0 ? self->setup
                                : g_hash_table_lookup (self->snapshots,
                                                       GUINT_TO_POINTER (g_array_index (path, guint32, start))));
  for (guint i = start + 1; i < path->len; i++)
    {
      guint32 id = g_array_index (path, guint32, i);
      const WbJournalEntry *e = wb_journal_get_entry (self->journal, id);
      g_autoptr(GPtrArray) events = new_events ();

      if (!apply (self, m, e->action, events, error))
        {
          prefix_replay_error (self, e, error);
          return NULL;
        }
      for (guint k = 0; k < events->len; k++)
        ((WbLogEvent *) g_ptr_array_index (events, k))->entry = id;
      if (!g_hash_table_contains (self->events, GUINT_TO_POINTER (id)))
        g_hash_table_insert (self->events, GUINT_TO_POINTER (id), g_ptr_array_ref (events));
      if (i % SNAPSHOT_EVERY == 0)
        g_hash_table_replace (self->snapshots, GUINT_TO_POINTER (id), wb_match_copy (m));
    }
  if (!set_log)
    return g_steal_pointer (&m);
  g_ptr_array_set_size (self->log, 0);
  for (guint i = 1; i < path->len; i++)
    {
      GPtrArray *events = g_hash_table_lookup (self->events,
                                               GUINT_TO_POINTER (g_array_index (path, guint32, i)));
      for (guint k = 0; events != NULL && k < events->len; k++)
        g_ptr_array_add (self->log, g_ptr_array_index (events, k));
    }
  return g_steal_pointer (&m);
}

static gboolean
move_to_cursor (WbPlay *self, GError **error)
{
  WbMatch *m = state_at (self, wb_journal_get_cursor (self->journal), TRUE, error);

  if (m == NULL)
    return FALSE;
  wb_match_free (self->state);
  self->state = m;
  return TRUE;
}

WbMatch *
wb_play_state_at (WbPlay *self, guint32 entry, GError **error)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  if (wb_journal_get_entry (self->journal, entry) == NULL)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE,
                   _("The journal has no entry %u"), entry);
      return NULL;
    }
  return state_at (self, entry, FALSE, error);
}

WbMatch *
wb_play_replay (WbPlay *self, guint32 entry, GPtrArray **log, GError **error)
{
  g_autoptr(GArray) path = NULL;
  g_autoptr(WbMatch) m = NULL;
  g_autoptr(GPtrArray) all = new_events ();

  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  path = wb_journal_path_to (self->journal, entry);
  m = wb_match_copy (self->setup);
  for (guint i = 1; i < path->len; i++)
    {
      const WbJournalEntry *e = wb_journal_get_entry (self->journal, g_array_index (path, guint32, i));
      g_autoptr(GPtrArray) events = new_events ();

      if (!apply (self, m, e->action, events, error))
        {
          prefix_replay_error (self, e, error);
          return NULL;
        }
      for (guint k = 0; k < events->len; k++)
        ((WbLogEvent *) g_ptr_array_index (events, k))->entry = e->id;
      while (events->len > 0)
        g_ptr_array_add (all, g_ptr_array_steal_index (events, 0));
    }
  if (log)
    *log = g_steal_pointer (&all);
  return g_steal_pointer (&m);
}

/* --- the play ---------------------------------------------------------------- */

/* The game's rules family, prepared for this match, and the set-up adjusted
 * by it; without one the match is free play. */
static guint
family_version (const WbRulesFamily *family)
{
  return family == NULL ? 0 : MAX (family->version, 1);
}

/* @played: the family version of the journal; G_MAXUINT for a new match
 * (the version here), 0 for a match played in free play. */
static gboolean
prepare_family (WbPlay *self, guint played, GError **error)
{
  self->family = played == 0 ? NULL : wb_rules_family_find (wb_game_get_rules (self->game)->family);
  self->family_version = played == G_MAXUINT ? family_version (self->family) : played;
  if (self->family != NULL)
    {
      self->family_data = self->family->prepare (self->game, self->setup, error);
      if (self->family_data == NULL && error != NULL && *error != NULL)
        {
          self->family = NULL;
          return FALSE;
        }
      if (self->family->start != NULL)
        self->family->start (self->family_data, self->setup);
    }
  /* Engine version 2: the set-up step where the scenario gives a choice. */
  if (self->engine_version >= 2)
    _wb_deploy_begin (self->setup);
  return TRUE;
}

/* Each rule setting names a check of the family (its id, as `replay` and
 * the Rules pane list them): a misspelt one would leave the rule enforced
 * while the playtest says otherwise. */
static gboolean
check_settings (WbPlay *self, GHashTable *settings, GError **error)
{
  GHashTableIter iter;
  gpointer key;

  if (settings == NULL || self->family == NULL)
    return TRUE;
  g_hash_table_iter_init (&iter, settings);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autoptr(GString) ids = g_string_new (NULL);
      gboolean found = FALSE;

      for (guint i = 0; i < self->family->n_checks && !found; i++)
        found = strcmp (self->family->checks[i].id, key) == 0;
      if (found)
        continue;
      for (guint i = 0; i < self->family->n_checks; i++)
        g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "", self->family->checks[i].id);
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                   _("The rules “%s” have no rule check “%.64s” to set (expected one of: %s)"),
                   self->family->id, (const char *) key, ids->len > 0 ? ids->str : _("none"));
      return FALSE;
    }
  return TRUE;
}

char *
wb_play_game_sha256 (WbGame *game)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  text = wb_game_to_data (game, NULL);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

WbPlay *
wb_play_new (WbGame             *game,
             const char         *game_path,
             const char         *scenario,
             const char * const *options,
             guint64             seed,
             GError            **error)
{
  return wb_play_new_full (game, game_path, scenario, options, seed, FALSE, NULL, error);
}

WbPlay *
wb_play_new_full (WbGame             *game,
                  const char         *game_path,
                  const char         *scenario,
                  const char * const *options,
                  guint64             seed,
                  gboolean            physical_dice,
                  GHashTable         *settings,
                  GError            **error)
{
  g_autoptr(WbPlay) self = NULL;
  WbPlayHeader h = { 0 };
  g_autofree char *sha = NULL, *text = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  self = g_object_new (WB_TYPE_PLAY, NULL);
  self->game = g_object_ref (game);
  self->engine_version = WB_ENGINE_VERSION;
  self->setup = wb_match_new (game, scenario, options, seed, error);
  if (self->setup == NULL || !prepare_family (self, G_MAXUINT, error) || !check_settings (self, settings, error))
    return NULL;
  /* The journal carries the game it is played with (format 3), so it
   * replays wherever it is copied. */
  text = wb_game_to_data (game, NULL);
  sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  h.game_text = text;
  h.engine_version = WB_ENGINE_VERSION;
  h.warbench_version = (char *) PACKAGE_VERSION;
  h.family_id = (char *) wb_game_get_rules (game)->family;
  h.family_version = self->family_version;
  h.game_id = (char *) wb_game_get_id (game);
  h.game_title = (char *) wb_game_get_title (game);
  h.game_sha256 = sha;
  h.game_path = (char *) game_path;
  h.scenario = (char *) scenario;
  h.options = (char **) options;
  h.seed = seed;
  h.physical_dice = physical_dice;
  h.settings = settings;
  self->journal = wb_journal_new (&h);
  self->state = wb_match_copy (self->setup);
  return g_steal_pointer (&self);
}

WbPlay *
wb_play_open (WbGame      *game,
              const char  *path,
              char       **warning,
              GError     **error)
{
  g_autoptr(WbJournal) journal = NULL;
  g_autofree char *crash = NULL;
  WbPlay *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  if (warning)
    *warning = NULL;
  journal = wb_journal_open (path, &crash, error);
  if (journal == NULL)
    return NULL;
  self = wb_play_open_journal (game, journal, path, warning, error);
  if (self != NULL && crash != NULL && warning != NULL)
    {
      char *both = *warning != NULL ? g_strconcat (crash, "\n", *warning, NULL) : g_strdup (crash);
      g_free (*warning);
      *warning = both;
    }
  return self;
}

/* Whether the engine and the game's family here replay a journal with
 * header @h: @played is the family version it was played by (0: free
 * play). */
static gboolean
versions_check (WbPlay *self, const WbPlayHeader *h, guint *played, GError **error)
{
  const char *id = wb_game_get_rules (self->game)->family;
  const WbRulesFamily *family = wb_rules_family_find (id);

  if (!wb_rules_version_check (_("the engine"), h->engine_version, WB_ENGINE_VERSION, engine_changes,
                               G_N_ELEMENTS (engine_changes) - 1, error))
    return FALSE;
  *played = h->family_version;
  if (h->family_version == WB_FAMILY_VERSION_UNKNOWN)
    {
      *played = 0;
      for (guint i = 0; i < G_N_ELEMENTS (format1_families); i++)
        if (g_strcmp0 (id, format1_families[i]) == 0)
          *played = 1;
      return TRUE;
    }
  if (h->family_id != NULL && g_strcmp0 (h->family_id, id) != 0)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE,
                   /* TRANSLATORS: the rules family of the playtest, the game's now */
                   _("This playtest was played with the “%s” rules, and the game now names “%s”: it "
                     "cannot replay"), h->family_id, id != NULL ? id : "");
      return FALSE;
    }
  /* Played in free play: it replays in free play, whatever the engine
   * plays now. */
  if (*played == 0)
    return TRUE;
  if (family == NULL)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_NEW,
                   _("This playtest was played with the “%s” rules (version %u), which this Warbench does "
                     "not play"), id != NULL ? id : "", *played);
      return FALSE;
    }
  return wb_rules_version_check (family->id, *played, family_version (family), family->changes,
                                 family->n_changes, error);
}

WbPlay *
wb_play_open_journal (WbGame      *game,
                      WbJournal   *journal,
                      const char  *name,
                      char       **warning,
                      GError     **error)
{
  g_autoptr(WbPlay) self = NULL;
  g_autofree char *sha = NULL, *at = NULL;
  const WbPlayHeader *h;
  guint played;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_JOURNAL (journal), NULL);
  if (warning)
    *warning = NULL;
  if (name == NULL)
    name = wb_journal_get_path (journal);
  self = g_object_new (WB_TYPE_PLAY, NULL);
  self->game = g_object_ref (game);
  self->journal = g_object_ref (journal);
  self->name = g_strdup (name);
  /* The header is the file's first line. */
  at = name != NULL ? g_strdup_printf ("%s:1: ", name) : g_strdup (_("The playtest: "));
  h = wb_journal_get_header (self->journal);
  if (h->game_id == NULL)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING,
                   _("%snames no game (“game”: {“id”: …}), so it is not a playtest of this game (“%s”)"), at,
                   wb_game_get_title (game));
      return NULL;
    }
  if (g_strcmp0 (h->game_id, wb_game_get_id (game)) != 0)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE,
                   _("%sa playtest of “%s”, not of this game (“%s”)"), at,
                   h->game_title != NULL ? h->game_title : h->game_id, wb_game_get_title (game));
      cut_long_quotes (error);
      return NULL;
    }
  if (h->scenario == NULL || *h->scenario == '\0')
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_MISSING,
                   _("%snames no scenario (“scenario”: the id of one of the game's scenarios)"), at);
      return NULL;
    }
  if (!versions_check (self, h, &played, error))
    return NULL;
  self->engine_version = MAX (h->engine_version, 1);
  self->setup = wb_match_new (game, h->scenario, (const char * const *) h->options, h->seed, error);
  if (self->setup == NULL)
    {
      g_prefix_error (error, "%s", at);
      cut_long_quotes (error);
      return NULL;
    }
  if (!prepare_family (self, played, error) || !check_settings (self, h->settings, error) ||
      !move_to_cursor (self, error))
    return NULL;
  if (h->family_version == WB_FAMILY_VERSION_UNKNOWN)
    wb_journal_set_played_by (self->journal, h->engine_version, wb_game_get_rules (game)->family, played);
  {
    g_autofree char *text = wb_game_to_data (game, NULL);

    sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
    /* Migration: a journal older than format 3 carries no game. Replayed
     * with the very game it was played with, it carries that game once it
     * is saved again (in today's format). */
    if (h->game_text == NULL && h->game_sha256 != NULL && g_ascii_strcasecmp (sha, h->game_sha256) == 0)
      wb_journal_set_game_text (self->journal, text);
  }
  if (warning != NULL)
    {
      g_autoptr(GString) w = g_string_new (NULL);

      if (g_strcmp0 (sha, h->game_sha256) != 0)
        g_string_append (w, _("The game has changed since this playtest began: the replay uses the "
                              "game as it is now."));
      /* Changes since that keep the old reading: say the match keeps it. */
      for (guint i = 0; self->family != NULL && i < self->family->n_changes; i++)
        if (self->family->changes[i].version > played && self->family->changes[i].old_kept)
          {
            if (w->len > 0)
              g_string_append_c (w, '\n');
            /* TRANSLATORS: the family, the version that played the playtest, the version
             * that changed, what changed */
            g_string_append_printf (w, _("Played by %s version %u: it replays and goes on as that version "
                                         "played, without the change of version %u (%s)."),
                                    self->family->id, played, self->family->changes[i].version,
                                    _(self->family->changes[i].text));
          }
      if (w->len > 0)
        *warning = g_strdup (w->str);
    }
  return g_steal_pointer (&self);
}

WbGame *
wb_play_get_game (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  return self->game;
}

WbJournal *
wb_play_get_journal (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  return self->journal;
}

WbMatch *
wb_play_get_state (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  return self->state;
}

GPtrArray *
wb_play_get_log (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  return self->log;
}

char *
wb_play_describe_state (WbPlay *self, WbMatch *state)
{
  g_autofree char *turn = NULL;

  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);
  turn = wb_match_turn_text (state, state->turn);
  if (state->over)
    return g_strdup_printf (_("%s · game over"), turn);
  if (state->deploying > 0)
    {
      g_autofree char *step = _wb_deploy_describe (state);
      return g_strdup_printf ("%s · %s · %s", turn, wb_match_side_name (state, state->active), step);
    }
  if (self->family != NULL && self->family->describe_step != NULL)
    {
      g_autofree char *step = self->family->describe_step (self->family_data, state);
      return g_strdup_printf ("%s · %s · %s", turn,
                              wb_match_side_name (state, state->active), step);
    }
  return g_strdup_printf ("%s · %s%s", turn, wb_match_side_name (state, state->active),
                          wb_match_turn_is_night (state, state->turn) ? _(" · night") : "");
}

char *
wb_play_describe_step (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  return wb_play_describe_state (self, self->state);
}

JsonObject *
wb_play_suggest (WbPlay *self, WbRng *policy)
{
  g_return_val_if_fail (WB_IS_PLAY (self) && policy != NULL, NULL);
  if (self->state->deploying > 0 && !self->state->over)
    return _wb_deploy_suggest (self->state, policy);
  if (self->family == NULL || self->family->suggest == NULL || self->state->over)
    return NULL;
  return self->family->suggest (self->family_data, self->state, policy);
}

GArray *
wb_play_destinations (WbPlay *self, const char *unit)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  if (self->state->deploying > 0)
    return _wb_deploy_destinations (self->state, unit);
  if (self->family == NULL || self->family->destinations == NULL)
    return NULL;
  return self->family->destinations (self->family_data, self->state, unit);
}

gboolean
wb_play_is_free_play (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), TRUE);
  return self->family == NULL;
}

gboolean
wb_play_act (WbPlay *self, JsonObject *action, GError **error)
{
  g_autoptr(WbMatch) m = NULL;
  g_autoptr(GPtrArray) events = new_events ();
  guint32 id;
  guint depth;

  g_return_val_if_fail (WB_IS_PLAY (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  m = wb_match_copy (self->state);
  /* Only the actions played count in a tally, not their replays. */
  if (self->tally != NULL)
    {
      gboolean kept;

      _wb_tally_begin_action (self->tally);
      kept = apply_full (self, m, action, events, NULL, self->tally, error) &&
             wb_journal_append (self->journal, action, &id, error);
      _wb_tally_end_action (self->tally, kept);
      if (!kept)
        return FALSE;
    }
  else if (!apply (self, m, action, events, error) || !wb_journal_append (self->journal, action, &id, error))
    return FALSE;
  for (guint k = 0; k < events->len; k++)
    {
      ((WbLogEvent *) g_ptr_array_index (events, k))->entry = id;
      g_ptr_array_add (self->log, g_ptr_array_index (events, k));
    }
  g_hash_table_insert (self->events, GUINT_TO_POINTER (id), g_ptr_array_ref (events));
  depth = wb_journal_get_entry (self->journal, id)->depth;
  if (depth % SNAPSHOT_EVERY == 0)
    g_hash_table_replace (self->snapshots, GUINT_TO_POINTER (id), wb_match_copy (m));
  wb_match_free (self->state);
  self->state = g_steal_pointer (&m);
  emit_changed (self, WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR | WB_PLAY_CHANGED_LOG |
                      WB_PLAY_CHANGED_BRANCHES);
  return TRUE;
}

/* Plays @a as the players at the table would: a die the action lacks
 * (physical dice) is rolled and typed into its "rolls", a cell the
 * rulebook does not give is answered with one of the table's codes, and
 * the action is played again. */
gboolean
wb_play_act_as_players (WbPlay *self, JsonObject *action, WbRng *dice, WbRng *policy, GError **error)
{
  g_return_val_if_fail (WB_IS_PLAY (self) && action != NULL && dice != NULL && policy != NULL, FALSE);
  for (int tries = 0; tries < 1000; tries++)
    {
      g_autoptr(GError) local = NULL;
      guint index;
      int sides, column, roll;
      WbTable *table;

      if (wb_play_act (self, action, &local))
        return TRUE;
      if (wb_play_needs_roll (self, &index, &sides))
        {
          JsonNode *n = json_object_get_member (action, "rolls");
          JsonArray *rolls = n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;

          if (rolls == NULL)
            {
              rolls = json_array_new ();
              json_object_set_array_member (action, "rolls", rolls);
            }
          if (json_array_get_length (rolls) != index)
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          json_array_add_int_element (rolls, wb_rng_die (dice, sides));
          continue;
        }
      if (wb_play_needs_result (self, &table, &column, &roll) && wb_table_get_codes (table)->len > 0 &&
          wb_rule_n_results (action) < WB_PLAY_MAX_RESULTS)
        {
          GPtrArray *codes = wb_table_get_codes (table);
          guint pick = wb_rng_bounded (policy, codes->len);

          wb_rule_add_result (action, ((WbResultCode *) g_ptr_array_index (codes, pick))->code);
          continue;
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("The action still lacks a roll after the players typed theirs"));
  return FALSE;
}

gboolean
wb_play_needs_roll (WbPlay *self, guint *index, int *sides)
{
  g_return_val_if_fail (WB_IS_PLAY (self), FALSE);
  if (self->needed_sides <= 0)
    return FALSE;
  if (index != NULL)
    *index = self->needed_index;
  if (sides != NULL)
    *sides = self->needed_sides;
  return TRUE;
}

gboolean
wb_play_needs_result (WbPlay *self, WbTable **table, int *column, int *roll)
{
  g_return_val_if_fail (WB_IS_PLAY (self), FALSE);
  if (self->needed_table == NULL)
    return FALSE;
  if (table != NULL)
    *table = self->needed_table;
  if (column != NULL)
    *column = self->needed_column;
  if (roll != NULL)
    *roll = self->needed_roll;
  return TRUE;
}

GPtrArray *
wb_play_last_events (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  return g_hash_table_lookup (self->events, GUINT_TO_POINTER (wb_journal_get_cursor (self->journal)));
}

static void
offer_free (WbOffer *o)
{
  g_free (o->label);
  g_clear_pointer (&o->action, json_object_unref);
  g_free (o);
}

GPtrArray *
wb_play_offers (WbPlay *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) offer_free);

  g_return_val_if_fail (WB_IS_PLAY (self), out);
  if (self->family != NULL && self->family->offers != NULL && !self->state->over && self->state->deploying == 0)
    self->family->offers (self->family_data, self->state, out);
  return out;
}

guint
wb_play_screen_holder (WbPlay *self, guint before)
{
  g_return_val_if_fail (WB_IS_PLAY (self), before);
  /* A roll and nothing else: rolled where the screen is. */
  if (g_strcmp0 (wb_play_awaiting (self), "roll") == 0)
    return before;
  return wb_play_player (self);
}

GPtrArray *
wb_play_tracks (WbPlay *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_track_free);

  g_return_val_if_fail (WB_IS_PLAY (self), out);
  if (self->family != NULL && self->family->tracks != NULL && self->state->deploying == 0)
    self->family->tracks (self->family_data, self->state, out);
  return out;
}

gboolean
wb_play_undo (WbPlay *self, GError **error)
{
  g_return_val_if_fail (WB_IS_PLAY (self), FALSE);
  if (!wb_journal_undo (self->journal, error) || !move_to_cursor (self, error))
    return FALSE;
  emit_changed (self, WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR | WB_PLAY_CHANGED_LOG);
  return TRUE;
}

gboolean
wb_play_redo (WbPlay *self, GError **error)
{
  g_return_val_if_fail (WB_IS_PLAY (self), FALSE);
  if (!wb_journal_redo (self->journal, error) || !move_to_cursor (self, error))
    return FALSE;
  emit_changed (self, WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR | WB_PLAY_CHANGED_LOG);
  return TRUE;
}

gboolean
wb_play_go_to (WbPlay *self, guint32 entry, GError **error)
{
  g_return_val_if_fail (WB_IS_PLAY (self), FALSE);
  if (!wb_journal_go_to (self->journal, entry, error) || !move_to_cursor (self, error))
    return FALSE;
  emit_changed (self, WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR | WB_PLAY_CHANGED_LOG);
  return TRUE;
}

gboolean
wb_play_save (WbPlay *self, const char *path, GError **error)
{
  g_return_val_if_fail (WB_IS_PLAY (self), FALSE);
  return wb_journal_save (self->journal, path, error);
}

static void
branch_clear (WbBranch *b)
{
  g_clear_pointer (&b->step, g_free);
}

GArray *
wb_play_branches (WbPlay *self, GError **error)
{
  g_autoptr(GArray) leaves = NULL;
  g_autoptr(GArray) out = g_array_new (FALSE, TRUE, sizeof (WbBranch));

  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  g_array_set_clear_func (out, (GDestroyNotify) branch_clear);
  leaves = wb_journal_leaves (self->journal);
  for (guint i = 0; i < leaves->len; i++)
    {
      guint32 leaf = g_array_index (leaves, guint32, i);
      /* The log stays the cursor's. */
      g_autoptr(WbMatch) end = state_at (self, leaf, FALSE, error);
      WbBranch b = { 0 };

      if (end == NULL)
        return NULL;
      b.leaf = leaf;
      b.depth = wb_journal_get_entry (self->journal, leaf)->depth;
      memcpy (b.vp, end->vp, sizeof b.vp);
      b.over = end->over;
      b.turn = end->turn;
      b.step = wb_play_describe_state (self, end);
      for (guint32 c = leaf; b.bookmark == NULL; c = wb_journal_get_entry (self->journal, c)->parent)
        {
          b.bookmark = wb_journal_get_entry (self->journal, c)->bookmark;
          if (c == 0)
            break;
        }
      g_array_append_val (out, b);
    }
  return g_steal_pointer (&out);
}

void
wb_play_set_tally (WbPlay *self, WbTally *tally)
{
  g_return_if_fail (WB_IS_PLAY (self));
  self->tally = tally;
}

const WbRuleCheck *
wb_play_get_checks (WbPlay *self, guint *n_checks)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  if (n_checks)
    *n_checks = self->family != NULL ? self->family->n_checks : 0;
  return self->family != NULL ? self->family->checks : NULL;
}

GArray *
wb_play_path (WbPlay *self, const char *unit, WbOffset hex)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  if (self->family == NULL || self->family->path == NULL)
    return NULL;
  return self->family->path (self->family_data, self->state, unit, hex);
}

GArray *
wb_play_route (WbPlay *self, const char *unit, const WbWhere *to)
{
  g_autoptr(GArray) hexes = NULL;
  GArray *out;

  g_return_val_if_fail (WB_IS_PLAY (self) && to != NULL, NULL);
  if (self->family == NULL)
    return NULL;
  if (self->family->route != NULL)
    return self->family->route (self->family_data, self->state, unit, to);
  if (to->kind != WB_WHERE_HEX || self->family->path == NULL ||
      (hexes = self->family->path (self->family_data, self->state, unit, to->hex)) == NULL)
    return NULL;
  out = g_array_sized_new (FALSE, TRUE, sizeof (WbWhere), hexes->len);
  for (guint i = 0; i < hexes->len; i++)
    {
      WbWhere w = { WB_WHERE_HEX, g_array_index (hexes, WbOffset, i), NULL };
      g_array_append_val (out, w);
    }
  return out;
}

gboolean
wb_play_preview (WbPlay *self, JsonObject *action, WbPreview *preview, GError **error)
{
  g_autoptr(WbMatch) m = NULL;
  g_autoptr(GPtrArray) events = NULL;

  g_return_val_if_fail (WB_IS_PLAY (self) && action != NULL && preview != NULL, FALSE);
  memset (preview, 0, sizeof *preview);
  preview->column = -1;
  m = wb_match_copy (self->state);
  events = new_events ();
  return apply_full (self, m, action, events, preview, NULL, error);
}

guint
wb_play_player (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), 0);
  if (self->state->deploying > 0)
    return self->state->active;
  if (self->family != NULL && self->family->player != NULL)
    return self->family->player (self->family_data, self->state);
  return self->state->active;
}

const char *
wb_play_hint (WbPlay *self)
{
  const char *hint = NULL;

  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  if (self->state->over)
    return _("The game is over.");
  if (self->state->deploying > 0)
    return _wb_deploy_hint (self->state);
  if (self->family == NULL)
    return _("Free play: the engine does not play these rules yet; move units (Override) and roll as the rules "
             "say.");
  if (self->family->hint != NULL)
    hint = self->family->hint (self->family_data, self->state);
  return hint != NULL ? hint : _("Play as the step asks; End Step when done.");
}

WbStep *
wb_play_step (WbPlay *self, const WbPicks *picks)
{
  g_autoptr(WbPicks) none = NULL;
  WbStep *step = wb_step_new ();

  g_return_val_if_fail (WB_IS_PLAY (self), step);
  if (picks == NULL)
    picks = none = wb_picks_new ();
  if (self->state->over)
    step->refusal = g_strdup (_("The game is over"));
  else if (self->state->deploying > 0)
    _wb_deploy_step (self->state, picks, step);
  else if (self->family != NULL && self->family->step != NULL)
    self->family->step (self->family_data, self->state, picks, step);
  else if (self->family != NULL)
    step->refusal = g_strdup (_("This step is played with the buttons of the prompt"));
  if (step->hint == NULL)
    step->hint = g_strdup (wb_play_hint (self));
  return step;
}

JsonObject *
wb_play_step_action (WbPlay *self, const WbPicks *picks)
{
  g_return_val_if_fail (WB_IS_PLAY (self) && picks != NULL, NULL);
  if (!self->state->over && self->state->deploying > 0)
    return _wb_deploy_step_action (self->state, picks);
  if (self->state->over || self->family == NULL || self->family->step_action == NULL)
    return NULL;
  return self->family->step_action (self->family_data, self->state, picks);
}

WbBoard *
wb_play_board (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  if (self->family == NULL || self->family->board == NULL)
    return NULL;
  return self->family->board (self->family_data, self->state);
}

const char *
wb_play_awaiting (WbPlay *self)
{
  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  if (self->state->over)
    return "over";
  if (self->state->deploying > 0)
    return "deploy";
  if (self->family == NULL || self->family->awaiting == NULL)
    return "any";
  return self->family->awaiting (self->family_data, self->state);
}
