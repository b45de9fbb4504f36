/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rules/wb-play.h"

/* A playtest as text (wb_play_transcript): what the golden playtests of
 * tests/golden/playtests/ pin across versions. It is written in a fixed
 * order from ids, never from the game's display names alone, so that a
 * change shows as a line that differs. */

static char *
json_text (JsonObject *o)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), o);
  return json_to_string (node, FALSE);
}

static void
append_event (GString *out, WbMatch *m, const WbLogEvent *e)
{
  g_string_append_printf (out, "  turn %d · %s", e->turn, wb_match_side_name (m, e->side));
  if (e->n_dice > 0)
    {
      g_string_append (out, " · dice");
      for (guint d = 0; d < e->n_dice && d < WB_LOG_MAX_DICE; d++)
        g_string_append_printf (out, " %d/d%d", e->dice[d], e->dice_sides[d]);
    }
  g_string_append_printf (out, ": %s\n", e->text);
  if (e->secret_side >= 0)
    {
      guint n = wb_match_n_sides (m);

      for (guint s = 0; s < n; s++)
        if ((int) s != e->secret_side)
          g_string_append_printf (out, "    (%s reads: %s)\n", wb_match_side_name (m, s),
                                  e->public_text != NULL ? e->public_text : "nothing");
    }
}

static const char *
where_kind (WbWhereKind kind)
{
  switch (kind)
    {
    case WB_WHERE_WAITING: return "waiting";
    case WB_WHERE_HEX: return "hex";
    case WB_WHERE_LOCATION: return "location";
    case WB_WHERE_BOX: return "box";
    case WB_WHERE_ELIMINATED: return "eliminated";
    default: return "?";
    }
}

static void
append_where (GString *out, WbMatch *m, const WbWhere *w)
{
  char buf[32];

  g_string_append (out, where_kind (w->kind));
  if (w->kind == WB_WHERE_HEX && WB_IS_HEX_MAP (m->map))
    {
      wb_hex_map_format_hex (WB_HEX_MAP (m->map), w->hex, buf, sizeof buf);
      g_string_append_printf (out, " %s", buf);
    }
  else if ((w->kind == WB_WHERE_LOCATION || w->kind == WB_WHERE_BOX) && w->place != NULL)
    g_string_append_printf (out, " %s", w->place);
}

/* The state a player could see, and what later actions depend on: the
 * turn and step, VP, the result, the dice's position, the rules set in
 * play, every unit (place, strength, arrival, the engine's flags) and the
 * markers. */
static void
append_state (GString *out, WbPlay *play, WbMatch *m)
{
  g_autofree char *step = wb_play_describe_state (play, m);
  g_autofree char *result = wb_match_result_text (m);
  guint n = wb_match_n_sides (m);
  guint n_checks = 0;
  const WbRuleCheck *checks = wb_play_get_checks (play, &n_checks);

  g_string_append_printf (out, "  step: %s\n", step);
  g_string_append_printf (out, "  turn %d, step %d, active %s, first %s\n", m->turn, m->step,
                          wb_match_side_name (m, m->active), wb_match_side_name (m, m->first_side));
  g_string_append (out, "  VP:");
  for (guint s = 0; s < n && s < WB_MATCH_MAX_SIDES; s++)
    g_string_append_printf (out, "%s %s %d", s ? "," : "", wb_match_side_name (m, s), m->vp[s]);
  g_string_append_c (out, '\n');
  g_string_append_printf (out, "  over: %s%s%s\n", m->over ? "yes" : "no", result ? " · " : "",
                          result ? result : "");
  g_string_append_printf (out, "  dice: state %016" G_GINT64_MODIFIER "x, stream %016" G_GINT64_MODIFIER "x\n",
                          m->rng.state, m->rng.inc);
  for (guint i = 0; i < n_checks && i < WB_MATCH_MAX_RULES; i++)
    if (m->rule_levels[i] != 0)
      g_string_append_printf (out, "  rule %s: %s\n", checks[i].id,
                              m->rule_levels[i] == WB_RULE_OFF + 1 ? "off"
                              : m->rule_levels[i] == WB_RULE_WARN + 1 ? "warn" : "enforce");
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (!(u->flags & WB_UNIT_IN_SCENARIO) && u->where.kind == WB_WHERE_WAITING && u->arrives == 0)
        continue;
      g_string_append_printf (out, "  unit %s (%s): ", u->id, wb_match_side_name (m, u->side));
      append_where (out, m, &u->where);
      g_string_append_printf (out, ", %d half SP", u->halves);
      if (u->arrives)
        g_string_append_printf (out, ", arrives turn %d", u->arrives);
      if (u->flags & WB_UNIT_MOVED)
        g_string_append (out, ", moved");
      if (u->flags & WB_UNIT_ATTACKED)
        g_string_append (out, ", attacked");
      if (u->flags & WB_UNIT_REVEALED)
        g_string_append (out, ", revealed");
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; m->markers != NULL && i < m->markers->len; i++)
    {
      const WbMatchMarker *k = &g_array_index (m->markers, WbMatchMarker, i);
      WbWhere w = { WB_WHERE_HEX, k->hex, NULL };

      g_string_append_printf (out, "  marker %s: ", k->feature);
      append_where (out, m, &w);
      g_string_append_c (out, '\n');
    }
}

static void
append_header (GString *out, WbPlay *play)
{
  WbJournal *journal = wb_play_get_journal (play);
  const WbPlayHeader *h = wb_journal_get_header (journal);

  g_string_append (out, "# Warbench playtest transcript\n");
  g_string_append_printf (out, "game: %s\n", h->game_id != NULL ? h->game_id : "");
  g_string_append_printf (out, "scenario: %s\n", h->scenario != NULL ? h->scenario : "");
  g_string_append (out, "options:");
  for (guint i = 0; h->options != NULL && h->options[i] != NULL; i++)
    g_string_append_printf (out, " %s", h->options[i]);
  g_string_append_printf (out, "\nseed: %" G_GUINT64_FORMAT "\n", h->seed);
  g_string_append_printf (out, "dice: %s\n", h->physical_dice ? "physical" : "computer");
  g_string_append (out, "settings:");
  if (h->settings != NULL)
    {
      g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (h->settings), (GCompareFunc) strcmp);

      for (GList *l = keys; l != NULL; l = l->next)
        g_string_append_printf (out, " %s=%s", (char *) l->data,
                                (char *) g_hash_table_lookup (h->settings, l->data));
    }
  g_string_append_printf (out, "\nrules: %s\n",
                          wb_play_is_free_play (play) ? "free play" : wb_game_get_rules (wb_play_get_game (play))->family);
  g_string_append_printf (out, "played by: engine version %u, %s version %u\n", h->engine_version,
                          h->family_id != NULL ? h->family_id : "", h->family_version);
  g_string_append_printf (out, "entries: %u, cursor at %u\n", wb_journal_get_n_entries (journal) - 1,
                          wb_journal_get_cursor (journal));
}

char *
wb_play_transcript (WbPlay *self, GError **error)
{
  WbJournal *journal;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GArray) leaves = NULL;
  g_autoptr(GHashTable) events = NULL;   /* entry → GPtrArray of WbLogEvent* */
  g_autoptr(GPtrArray) logs = NULL;      /* each leaf's log: owns the events */
  g_autoptr(GPtrArray) ends = NULL;      /* each leaf's state */
  g_autoptr(GHashTable) owner = g_hash_table_new (NULL, NULL);   /* entry → leaf + 1 */
  guint n;

  g_return_val_if_fail (WB_IS_PLAY (self), NULL);
  journal = wb_play_get_journal (self);
  n = wb_journal_get_n_entries (journal);
  leaves = wb_journal_leaves (journal);
  events = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  logs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  ends = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_match_free);

  /* Every branch replayed afresh; each entry's lines are the same on every
   * path through it. */
  for (guint i = 0; i < leaves->len; i++)
    {
      guint32 leaf = g_array_index (leaves, guint32, i);
      GPtrArray *log = NULL;
      WbMatch *end = wb_play_replay (self, leaf, &log, error);

      if (end == NULL)
        return NULL;
      g_ptr_array_add (ends, end);
      g_ptr_array_add (logs, log);
      for (guint k = 0; k < log->len; k++)
        {
          WbLogEvent *e = g_ptr_array_index (log, k);
          GPtrArray *of = g_hash_table_lookup (events, GUINT_TO_POINTER (e->entry));
          gpointer first;

          /* An entry's lines come from the first branch through it. */
          if (of == NULL)
            {
              of = g_ptr_array_new ();
              g_hash_table_insert (events, GUINT_TO_POINTER (e->entry), of);
              g_hash_table_insert (owner, GUINT_TO_POINTER (e->entry), GUINT_TO_POINTER (i + 1));
            }
          first = g_hash_table_lookup (owner, GUINT_TO_POINTER (e->entry));
          if (GPOINTER_TO_UINT (first) == i + 1)
            g_ptr_array_add (of, e);
        }
    }

  append_header (out, self);
  g_string_append (out, "\n## entries\n");
  for (guint32 id = 1; id < n; id++)
    {
      const WbJournalEntry *e = wb_journal_get_entry (journal, id);
      g_autofree char *action = json_text (e->action);
      GPtrArray *of = g_hash_table_lookup (events, GUINT_TO_POINTER (id));

      g_string_append_printf (out, "entry %u after %u: %s\n", id, e->parent, action);
      for (guint k = 0; of != NULL && k < of->len; k++)
        append_event (out, ends->pdata[0], g_ptr_array_index (of, k));
    }
  g_string_append (out, "\n## bookmarks and notes\n");
  for (guint32 id = 0; id < n; id++)
    {
      const WbJournalEntry *e = wb_journal_get_entry (journal, id);

      if (e->bookmark != NULL)
        g_string_append_printf (out, "bookmark at %u: %s\n", id, e->bookmark);
      if (e->note != NULL)
        g_string_append_printf (out, "note at %u: %s\n", id, e->note);
    }
  for (guint i = 0; i < leaves->len; i++)
    {
      guint32 leaf = g_array_index (leaves, guint32, i);

      g_string_append_printf (out, "\n## branch %u of %u: ends at entry %u, %u actions deep\n", i + 1,
                              leaves->len, leaf, wb_journal_get_entry (journal, leaf)->depth);
      append_state (out, self, ends->pdata[i]);
    }
  {
    g_autoptr(GPtrArray) offers = wb_play_offers (self);
    WbMatch *now = wb_play_get_state (self);

    guint32 cursor = wb_journal_get_cursor (journal);
    guint branch = 0;

    for (guint i = 0; i < leaves->len && branch == 0; i++)
      if (g_array_index (leaves, guint32, i) == cursor)
        branch = i + 1;
    /* The state at a branch's end is written above. */
    if (branch > 0)
      g_string_append_printf (out, "\n## at the cursor (entry %u, the end of branch %u)\n", cursor, branch);
    else
      {
        g_string_append_printf (out, "\n## at the cursor (entry %u)\n", cursor);
        append_state (out, self, now);
      }
    g_string_append_printf (out, "  player: %s\n", wb_match_side_name (now, wb_play_player (self)));
    g_string_append_printf (out, "  awaiting: %s\n", wb_play_awaiting (self));
    g_string_append_printf (out, "  hint: %s\n", wb_play_hint (self));
    for (guint i = 0; i < offers->len; i++)
      {
        WbOffer *o = g_ptr_array_index (offers, i);
        g_autofree char *action = json_text (o->action);

        g_string_append_printf (out, "  offer: %s %s\n", o->label, action);
      }
  }
  return g_strdup (out->str);
}
