/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-unit.h"
#include "wb-error.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/wb-hex-movement.h"

/* Blue & Gray Campaign movement (Base 10): activation with CAP, the
 * allowance after weather and supply, stops, cavalry screening, cavalry
 * and leaders alone, free movement, rail and amphibious movement, the
 * leaders' special moves (J&S 10), trenches (GG 3), the Charles City
 * crossing (GG 2) and Lee's reaction (GG 10); supply (Base 5) and
 * replacements (Base 8). */

static WbLocation *
loc_at (BgData *data, int l)
{
  return g_ptr_array_index (data->locs, l);
}

static gboolean
refuse (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, message);
  return FALSE;
}

static char *
unit_text (WbMatch *m, const WbUnitState *u)
{
  return wb_match_unit_text (m, u);
}

/* A log line naming @side's blocks: the enemy sees only their backs
 * (issue 7: the log respects this), so it reads @public_text (NULL:
 * nothing) and @side the full line. Both are plain text here. */
static void
say_hidden (WbRuleContext *ctx, WbMatch *m, guint side, const char *public_text, const char *text)
{
  wb_rule_say_secret (ctx, m, side, public_text, "%s", text);
}

/* Whether @loc holds units of @side's enemy that block supply (Base 5:
 * infantry or garrisons). */
static gboolean
supply_blocked (BgData *data, WbMatch *m, int loc, guint side)
{
  int foot;

  _wb_bg_count (data, m, loc, 1 - side, NULL, &foot, NULL);
  return foot > 0;
}

static gboolean
is_supply_source (BgData *data, WbMatch *m, int loc, guint side)
{
  int mine;

  if (data->supply[side][loc])
    return TRUE;
  if (!data->supply_ports[side] || !loc_at (data, loc)->port)
    return FALSE;
  /* GG 5: any port the Union occupies. */
  _wb_bg_count (data, m, loc, side, &mine, NULL, NULL);
  return mine > 0;
}

/* Base 5: a line of connected locations, free of enemy infantry and
 * garrisons, to a supply location; J&S 5: along roads in the Valley. */
static gboolean
supply_from (BgData *data, WbMatch *m, int start, guint side)
{
  g_autofree guint8 *seen = NULL;
  g_autoptr(GArray) queue = NULL;

  if (start < 0 || side > 1)
    return FALSE;
  if (is_supply_source (data, m, start, side) && !supply_blocked (data, m, start, side))
    return TRUE;
  seen = g_new0 (guint8, data->n_loc);
  queue = g_array_new (FALSE, FALSE, sizeof (int));
  seen[start] = 1;
  g_array_append_val (queue, start);
  for (guint q = 0; q < queue->len; q++)
    {
      int l = g_array_index (queue, int, q);

      for (guint e = 0; e < data->adj[l]->len; e++)
        {
          BgEdge *edge = &g_array_index (data->adj[l], BgEdge, e);

          if (seen[edge->to] || !edge->trace || supply_blocked (data, m, edge->to, side))
            continue;
          if (is_supply_source (data, m, edge->to, side))
            return TRUE;
          seen[edge->to] = 1;
          g_array_append_val (queue, edge->to);
        }
    }
  return FALSE;
}

gboolean
_wb_bg_in_supply (BgData *data, WbMatch *m, const WbUnitState *u)
{
  return supply_from (data, m, _wb_bg_loc (data, &u->where), u->side);
}

static int
weather_mp (BgData *data, WbMatch *m)
{
  switch (bg_state (m)->weather)
    {
    case BG_RAIN:
      return data->rain_mp;
    case BG_RAIN_TWICE:
      return data->rain2_mp;
    default:
      return 0;
    }
}

int
_wb_bg_allowance (BgData *data, WbMatch *m, const WbUnitState *u)
{
  int mp = data->allowance[_wb_bg_kind (data, u)] - weather_mp (data, m);

  if (!_wb_bg_in_supply (data, m, u))
    mp -= data->oos_mp;
  return MAX (mp, 0);
}

static const BgEdge *
find_edge (BgData *data, int from, int to)
{
  if (from < 0 || to < 0)
    return NULL;
  for (guint e = 0; e < data->adj[from]->len; e++)
    if (g_array_index (data->adj[from], BgEdge, e).to == to)
      return &g_array_index (data->adj[from], BgEdge, e);
  return NULL;
}

/* GG 2: the Charles City-City Point road is closed until the turn after
 * Union infantry ended its move in both. */
static gboolean
crossing_closed (BgData *data, WbMatch *m, int a, int b)
{
  gboolean is_crossing = data->crossing[0] >= 0 &&
                         ((a == data->crossing[0] && b == data->crossing[1]) ||
                          (a == data->crossing[1] && b == data->crossing[0]));

  return is_crossing && (bg_state (m)->crossing_open == 0 || m->turn < bg_state (m)->crossing_open);
}

static gboolean
is_screened (WbMatch *m, int loc)
{
  for (guint k = 0; k < BG_MAX_SCREENED; k++)
    if (bg_state (m)->screened[k] == loc + 1)
      return TRUE;
  return FALSE;
}

static void
mark_screened (WbMatch *m, int loc)
{
  int *screened = bg_state (m)->screened;

  for (guint k = 0; k < BG_MAX_SCREENED; k++)
    if (screened[k] == 0 || screened[k] == loc + 1)
      {
        screened[k] = loc + 1;
        return;
      }
  memmove (&screened[0], &screened[1], (BG_MAX_SCREENED - 1) * sizeof screened[0]);
  screened[BG_MAX_SCREENED - 1] = loc + 1;
}

/* Distances (in locations) from @side's supply locations, for retreats. */
static int *
supply_distances (BgData *data, guint side)
{
  int *dist = g_new (int, data->n_loc);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint l = 0; l < data->n_loc; l++)
    {
      dist[l] = data->supply[side][l] ? 0 : G_MAXINT;
      if (dist[l] == 0)
        g_array_append_val (queue, l);
    }
  for (guint q = 0; q < queue->len; q++)
    {
      int l = g_array_index (queue, int, q);
      for (guint e = 0; e < data->adj[l]->len; e++)
        {
          int to = g_array_index (data->adj[l], BgEdge, e).to;
          if (dist[to] == G_MAXINT)
            {
              dist[to] = dist[l] + 1;
              g_array_append_val (queue, to);
            }
        }
    }
  return dist;
}

/* A screening cavalry unit retreats @steps locations (Base 10, 11.4): each
 * into a location without enemy units, never back where the enemy came
 * from, towards its own supply (the nearest first, then the map's order).
 * Eliminated when it has nowhere to go. The owner's choice of route is
 * not asked. */
static void
retreat_cavalry (BgData *data, WbMatch *m, WbUnitState *cav, int from, int steps, WbRuleContext *ctx)
{
  g_autofree int *dist = supply_distances (data, cav->side);
  int at = _wb_bg_loc (data, &cav->where);
  g_autofree char *name = unit_text (m, cav);

  for (int s = 0; s < steps; s++)
    {
      int best = -1;

      for (guint e = 0; e < data->adj[at]->len; e++)
        {
          int to = g_array_index (data->adj[at], BgEdge, e).to, theirs;

          _wb_bg_count (data, m, to, 1 - cav->side, &theirs, NULL, NULL);
          if (to == from || theirs > 0)
            continue;
          if (best < 0 || dist[to] < dist[best])
            best = to;
        }
      if (best < 0)
        {
          if (s == 0)
            {
              cav->where.kind = WB_WHERE_ELIMINATED;
              cav->where.place = NULL;
              g_autofree char *full = NULL, *hidden = NULL;

              /* TRANSLATORS: a screening cavalry unit with no retreat (Base 11.4) */
              full = g_strdup_printf (_("%s has no retreat and is eliminated (Base 11.4)."), name);
              /* TRANSLATORS: the same for the enemy, who sees only the block's back; %s the side ("Union") */
              hidden = g_strdup_printf (_("A %s block has no retreat and is eliminated (Base 11.4)."),
                                        wb_match_side_name (m, cav->side));
              say_hidden (ctx, m, cav->side, hidden, full);
              return;
            }
          break;
        }
      from = at;
      at = best;
    }
  cav->where.kind = WB_WHERE_LOCATION;
  cav->where.place = loc_at (data, at)->id;
  {
    g_autofree char *full = g_strdup_printf (_("%s retreats to %s."), name, loc_at (data, at)->name);
    /* TRANSLATORS: a hidden block retreats: the side ("Union"), the place */
    g_autofree char *hidden = g_strdup_printf (_("A %s block retreats to %s."), wb_match_side_name (m, cav->side),
                                               loc_at (data, at)->name);

    say_hidden (ctx, m, cav->side, hidden, full);
  }
}

static int
screen_value (BgData *data, const WbUnitState *u)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  const WbAttrValue *v = unit != NULL ? wb_unit_get_attr (unit, "screen") : NULL;

  /* The number in the lower left corner (attribute "screen"); J&S 3:
   * the 1864 cavalry's SP is its screen number. */
  if (v != NULL && v->type == WB_ATTR_INT)
    return (int) v->i;
  return MAX (u->halves / 2, 1);
}

/* Cavalry screens; the J&S 1864 cavalry that fights as infantry only when
 * its owner said so (J&S 3). */
static gboolean
may_screen (BgData *data, const WbUnitState *u)
{
  if (_wb_bg_kind (data, u) != BG_CAVALRY)
    return FALSE;
  return !_wb_bg_is_foot (data, u) || (u->flags & BG_SCREENS);
}

static void
screeners (BgData *data, WbMatch *m, int loc, guint side, int *n)
{
  *n = 0;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u->side == side && _wb_bg_loc (data, &u->where) == loc && may_screen (data, u))
        (*n)++;
    }
}

WbApplyResult
_wb_bg_set_screen (BgData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", "");
  gboolean on = wb_json_bool (action, "screen", TRUE);
  WbUnitState *u = wb_match_find_unit (m, id);
  g_autofree char *name = NULL;

  if (u == NULL)
    {
      refuse (error, _("“%s” is not a unit of the game"), id);
      return WB_APPLY_REFUSED;
    }
  name = unit_text (m, u);
  if (!wb_rule_check (ctx, m, "bg.screen-choice",
                      _wb_bg_is_movement (m) && u->side == m->active && _wb_bg_kind (data, u) == BG_CAVALRY &&
                      _wb_bg_is_foot (data, u),
                      error, _("%s has no choice between screening and fighting"), name))
    return WB_APPLY_REFUSED;
  if (on)
    u->flags |= BG_SCREENS;
  else
    u->flags &= ~(guint32) BG_SCREENS;
  /* TRANSLATORS: J&S 3: the owner's choice for his fast cavalry */
  {
    g_autofree char *full = g_strdup_printf (on ? _("%s will screen (J&S 3).") : _("%s will fight (J&S 3)."), name);

    /* The owner's choice: the enemy reads nothing. */
    say_hidden (ctx, m, u->side, NULL, full);
  }
  return WB_APPLY_DONE;
}

typedef struct {
  GPtrArray *movers;     /* WbUnitState* moving together */
  gboolean   foot;       /* any infantry or garrison among them */
  gboolean   by_location;   /* a count of locations, not MP (J&S 10 leader moves) */
  int        mp;         /* quarter MP left (WB_MOVE_QUARTERS to a location by_location) */
  int        start;
  int        at;
  gboolean   stopped;
} Walk;

/* Base 10: enter @next. FALSE when refused; walk->stopped when the move
 * ends there. @die counts the dice rolled so far in the action. */
static gboolean
enter (BgData *data, WbMatch *m, Walk *w, int next, gboolean last, JsonObject *action, guint *die,
       WbRuleContext *ctx, GError **error)
{
  guint side = ((WbUnitState *) g_ptr_array_index (w->movers, 0))->side;
  WbLocation *nl = loc_at (data, next);
  int theirs, their_foot, their_cav, mine, prev, cost;

  /* Not a rule a designer turns off: units go along connections (the
   * designer override puts a unit anywhere). */
  if (find_edge (data, w->at, next) == NULL)
    return refuse (error, _("%s is not connected to %s by a road or railroad (rule bg.adjacent)"), nl->name,
                   loc_at (data, w->at)->name);
  /* What the legend says the connection costs the mover's class. */
  cost = w->by_location ? WB_MOVE_QUARTERS
                        : _wb_bg_step_cost (data, g_ptr_array_index (w->movers, 0), w->at, next);
  if (cost < 0)
    return refuse (error, _("The way from %s to %s may not be used by this unit (the legend forbids it)"),
                   loc_at (data, w->at)->name, nl->name);
  if (!wb_rule_check (ctx, m, "bg.crossing", !crossing_closed (data, m, w->at, next), error,
                      _("The crossing between %s and %s is not open yet"), loc_at (data, w->at)->name, nl->name))
    return FALSE;
  if (!wb_rule_check (ctx, m, "bg.allowance", w->mp >= cost, error,
                      _("No movement points are left to enter %s"), nl->name))
    return FALSE;
  if (!wb_rule_check (ctx, m, "bg.screened", w->at == w->start || !is_screened (m, w->at), error,
                      _("%s was screened: units may enter it but not move through"), loc_at (data, w->at)->name))
    return FALSE;
  _wb_bg_count (data, m, next, 1 - side, &theirs, NULL, NULL);
  _wb_bg_count (data, m, next, side, &mine, NULL, NULL);
  screeners (data, m, next, 1 - side, &their_cav);
  their_foot = theirs - their_cav;
  if (!wb_rule_check (ctx, m, "bg.cavalry-alone", w->foot || theirs == 0 || mine > 0, error,
                      _("Cavalry and leaders by themselves may not enter %s, held only by the enemy"), nl->name))
    return FALSE;
  prev = w->at;
  w->mp = MAX (w->mp - cost, 0);
  w->at = next;
  for (guint i = 0; i < w->movers->len; i++)
    {
      WbUnitState *u = g_ptr_array_index (w->movers, i);
      u->where.kind = WB_WHERE_LOCATION;
      u->where.place = nl->id;
      u->data[BG_DATA_FROM] = prev + 1;
    }
  if (theirs == 0)
    return TRUE;
  /* Screening: only enemy cavalry there, and movement points left (even
   * when the move was to end there: the cavalry retreats either way). */
  if (their_foot == 0 && their_cav == theirs && w->mp > 0)
    {
      for (guint i = 0; i < m->units->len && !w->stopped; i++)
        {
          WbUnitState *c = &g_array_index (m->units, WbUnitState, i);
          g_autofree char *name = NULL;
          int face, value;

          if (c->side == side || _wb_bg_loc (data, &c->where) != next || (c->flags & BG_NO_SCREEN) ||
              !may_screen (data, c))
            continue;
          if (!wb_rule_die (ctx, m, action, (*die)++, 6, &face, error))
            return FALSE;
          value = screen_value (data, c);
          name = unit_text (m, c);
          if (face <= value)
            {
              /* TRANSLATORS: Base 10 screening: the die, the cavalry, its screen value, the place */
              g_autofree char *full = g_strdup_printf (
                _("rolls %d against %s's screen of %d: screened, the move ends at %s (Base 10)."), face, name, value,
                nl->name);
              /* TRANSLATORS: the same for the mover, who does not see which block screens */
              g_autofree char *hidden = g_strdup_printf (
                _("rolls %d against a cavalry screen of %d: screened, the move ends at %s (Base 10)."), face, value,
                nl->name);

              say_hidden (ctx, m, c->side, hidden, full);
              w->stopped = TRUE;
              mark_screened (m, next);
              retreat_cavalry (data, m, c, prev, data->screen_retreat_ok, ctx);
            }
          else
            {
              g_autofree char *full = g_strdup_printf (
                _("rolls %d against %s's screen of %d: the screen fails (Base 10)."), face, name, value);
              g_autofree char *hidden = g_strdup_printf (
                _("rolls %d against a cavalry screen of %d: the screen fails (Base 10)."), face, value);

              say_hidden (ctx, m, c->side, hidden, full);
              c->flags |= BG_NO_SCREEN;
              retreat_cavalry (data, m, c, prev, data->screen_retreat_fail, ctx);
            }
        }
      _wb_bg_count (data, m, next, 1 - side, &theirs, NULL, NULL);
      if (theirs == 0 || w->stopped)
        return TRUE;
    }
  w->stopped = TRUE;
  /* A path through the enemy is refused; one the dice changed (a
   * screening cavalry unit retreating onto the way) just stops. */
  return *die > 0 || wb_rule_check (ctx, m, "bg.enemy-stop", last, error,
                                    _("The move stops at %s, where the enemy is"), nl->name);
}

static const BgLeaderMove *
leader_move_of (BgData *data, const WbUnitState *u)
{
  for (guint i = 0; i < data->leader_moves->len; i++)
    {
      const BgLeaderMove *lm = &g_array_index (data->leader_moves, BgLeaderMove, i);
      if (lm->unit == u->id && lm->side == u->side)
        return lm;
    }
  return NULL;
}

static gboolean
has_friend (BgData *data, WbMatch *m, int loc, guint side)
{
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u->side == side && _wb_bg_kind (data, u) != BG_LEADER && _wb_bg_loc (data, &u->where) == loc)
        return TRUE;
    }
  return FALSE;
}

/* Base 10: infantry or garrisons activating let the cavalry and leaders
 * with them or next to them move without CAP. */
static void
open_free_movement (BgData *data, WbMatch *m, const WbUnitState *u, int start)
{
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *c = &g_array_index (m->units, WbUnitState, i);
      int at = _wb_bg_loc (data, &c->where);

      if (c->side != u->side || c == u || (c->flags & WB_UNIT_MOVED) || !_wb_bg_is_escort (data, c) || at < 0)
        continue;
      if (at == start || find_edge (data, start, at) != NULL)
        c->flags |= BG_FREE;
    }
}

/* A location named by @member: its id, or a place as the engine writes
 * it ({"location": ID}, what the play window sends). */
static const char *
location_member (JsonObject *action, const char *member)
{
  JsonNode *n = json_object_get_member (action, member);

  if (n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    return wb_json_string (json_node_get_object (n), "location", NULL);
  return wb_json_string (action, member, NULL);
}

static gboolean
read_path (BgData *data, WbMatch *m, JsonObject *action, const WbUnitState *u, GArray *path, GError **error)
{
  JsonNode *n = json_object_get_member (action, "path");
  const char *to = location_member (action, "to");

  if (n != NULL && JSON_NODE_HOLDS_ARRAY (n))
    {
      JsonArray *a = json_node_get_array (n);

      for (guint i = 0; i < json_array_get_length (a) && i < 1000; i++)
        {
          const char *id = wb_json_array_string (a, i);
          int l = _wb_bg_loc_id (data, id);

          if (l < 0)
            return refuse (error, _("“%s” is not a location of the map"), id ? id : "");
          g_array_append_val (path, l);
        }
      return TRUE;
    }
  if (to != NULL)
    {
      g_autoptr(GPtrArray) p = _wb_bg_path (data, m, u->id, to);

      if (_wb_bg_loc_id (data, to) < 0)
        return refuse (error, _("“%s” is not a location of the map"), to);
      if (p == NULL)
        return refuse (error, _("%s cannot reach %s this turn"), wb_match_find_unit (m, u->id)->id,
                       loc_at (data, _wb_bg_loc_id (data, to))->name);
      for (guint i = 1; i < p->len; i++)
        {
          int l = _wb_bg_loc_id (data, g_ptr_array_index (p, i));
          g_array_append_val (path, l);
        }
      return TRUE;
    }
  return wb_json_bool (action, "trench", FALSE)
         ? TRUE : refuse (error, _("A move needs a \"path\" of location ids or a \"to\" location"));
}

static int
spend_cap (WbMatch *m, guint side, int cost, WbRuleContext *ctx, GError **error)
{
  if (!wb_rule_check (ctx, m, "bg.cap", bg_state (m)->cap[side] >= cost, error,
                      _("The move costs %d CAP and %d are left"), cost, bg_state (m)->cap[side]))
    return FALSE;
  bg_state (m)->cap[side] = MAX (bg_state (m)->cap[side] - cost, 0);
  return TRUE;
}

/* Base 10 rail movement. */
static gboolean
rail_move (BgData *data, WbMatch *m, WbUnitState *u, GArray *path, WbRuleContext *ctx, GError **error)
{
  guint side = u->side;
  int at = _wb_bg_loc (data, &u->where);

  if (!wb_rule_check (ctx, m, "bg.rail", (data->rail_sides & (1u << side)) != 0, error,
                      _("The %s may not move by rail"), wb_match_side_name (m, side)) ||
      !wb_rule_check (ctx, m, "bg.rail", bg_state (m)->rail_used[side] < data->rail_units, error,
                      _("%d units already moved by rail this turn"), bg_state (m)->rail_used[side]) ||
      (path->len == 0 && !refuse (error, _("A rail move goes somewhere"))) ||
      !spend_cap (m, side, data->rail_cap, ctx, error))
    return FALSE;
  for (guint i = 0; i < path->len; i++)
    {
      int next = g_array_index (path, int, i), theirs, their_cav;
      const BgEdge *e = find_edge (data, at, next);

      if (e == NULL)
        return refuse (error, _("%s and %s are not connected"), loc_at (data, at)->name, loc_at (data, next)->name);
      if (!wb_rule_check (ctx, m, "bg.rail", e->rail && data->rail_ok[e->conn], error,
                          _("%s to %s is not a railroad the %s control"), loc_at (data, at)->name,
                          loc_at (data, next)->name, wb_match_side_name (m, side)))
        return FALSE;
      _wb_bg_count (data, m, next, 1 - side, &theirs, NULL, &their_cav);
      if (!wb_rule_check (ctx, m, "bg.rail", their_cav == 0 || i + 1 == path->len, error,
                          _("Enemy cavalry at %s blocks rail movement through it"), loc_at (data, next)->name) ||
          !wb_rule_check (ctx, m, "bg.rail", theirs == 0, error,
                          _("A unit moving by rail may not attack %s"), loc_at (data, next)->name))
        return FALSE;
      at = next;
    }
  bg_state (m)->rail_used[side]++;
  u->where.kind = WB_WHERE_LOCATION;
  u->where.place = loc_at (data, at)->id;
  u->flags |= BG_RAIL;
  return TRUE;
}

/* Base 10 amphibious movement. */
static gboolean
amphibious_move (BgData *data, WbMatch *m, WbUnitState *u, GArray *path, WbRuleContext *ctx, GError **error)
{
  guint side = u->side;
  int at = _wb_bg_loc (data, &u->where), to, theirs;

  if (!wb_rule_check (ctx, m, "bg.amphibious", (data->amphib_sides & (1u << side)) != 0, error,
                      _("The %s makes no amphibious moves"), wb_match_side_name (m, side)) ||
      !wb_rule_check (ctx, m, "bg.amphibious", bg_state (m)->amphib_used[side] < data->amphib_units, error,
                      _("One unit a turn moves by sea")) ||
      (path->len != 1 && !refuse (error, _("An amphibious move goes straight to one port"))))
    return FALSE;
  to = g_array_index (path, int, 0);
  _wb_bg_count (data, m, to, 1 - side, &theirs, NULL, NULL);
  if (!wb_rule_check (ctx, m, "bg.amphibious", loc_at (data, at)->port, error,
                      _("%s is not a port"), loc_at (data, at)->name) ||
      !wb_rule_check (ctx, m, "bg.amphibious", loc_at (data, to)->port && to != at, error,
                      _("%s is not another port"), loc_at (data, to)->name) ||
      !wb_rule_check (ctx, m, "bg.amphibious", theirs == 0, error,
                      _("The enemy occupies %s"), loc_at (data, to)->name) ||
      !spend_cap (m, side, data->amphib_cap, ctx, error))
    return FALSE;
  bg_state (m)->amphib_used[side]++;
  u->where.kind = WB_WHERE_LOCATION;
  u->where.place = loc_at (data, to)->id;
  u->flags |= BG_AMPHIBIOUS;
  return TRUE;
}

static char *
path_text (BgData *data, int start, GArray *path, int upto)
{
  GString *s = g_string_new (loc_at (data, start)->name);

  for (int i = 0; i < upto && i < (int) path->len; i++)
    {
      g_string_append (s, " → ");
      g_string_append (s, loc_at (data, g_array_index (path, int, i))->name);
    }
  return g_string_free (s, FALSE);
}

WbApplyResult
_wb_bg_move (BgData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", "");
  WbUnitState *u = wb_match_find_unit (m, id);
  gboolean rail = wb_json_bool (action, "rail", FALSE);
  gboolean amphibious = wb_json_bool (action, "amphibious", FALSE);
  gboolean trench = wb_json_bool (action, "trench", FALSE);
  JsonNode *with = json_object_get_member (action, "with");
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GPtrArray) movers = g_ptr_array_new ();
  g_autofree char *name = NULL, *route = NULL;
  int start, cost = 1;
  gboolean oos = FALSE;
  BgKind kind;
  guint die = 0, entered = 0;
  Walk w = { 0 };

  if (u == NULL)
    {
      refuse (error, _("“%s” is not a unit of the game"), id);
      return WB_APPLY_REFUSED;
    }
  name = unit_text (m, u);
  start = _wb_bg_loc (data, &u->where);
  kind = _wb_bg_kind (data, u);
  if (!wb_rule_check (ctx, m, "bg.sequence", _wb_bg_is_movement (m) && u->side == m->active, error,
                      _("%s moves only in its own side's movement step"), name))
    return WB_APPLY_REFUSED;
  if (start < 0)
    {
      refuse (error, _("%s is not on the map"), name);
      return WB_APPLY_REFUSED;
    }
  if (!wb_rule_check (ctx, m, "bg.activate-once", !(u->flags & WB_UNIT_MOVED), error,
                      _("%s was already activated this turn"), name))
    return WB_APPLY_REFUSED;
  if (!read_path (data, m, action, u, path, error))
    return WB_APPLY_REFUSED;
  g_ptr_array_add (movers, u);

  if (rail || amphibious)
    {
      if (!(rail ? rail_move (data, m, u, path, ctx, error) : amphibious_move (data, m, u, path, ctx, error)))
        return WB_APPLY_REFUSED;
      u->flags |= WB_UNIT_MOVED;
      u->flags &= ~(guint32) (BG_TRENCH | BG_FREE);
      u->data[BG_DATA_MP] = 0;
      u->data[BG_DATA_START] = start + 1;
      route = path_text (data, start, path, (int) path->len);
      {
        /* TRANSLATORS: a rail or sea move: the unit, the way, the CAP left */
        g_autofree char *full = g_strdup_printf (rail ? _("moves %s by rail: %s (%d CAP left).")
                                                      : _("moves %s by sea: %s (%d CAP left)."),
                                                 name, route, bg_state (m)->cap[u->side]);
        /* TRANSLATORS: the same for the enemy, who does not see which block: the way, the CAP left */
        g_autofree char *hidden = g_strdup_printf (rail ? _("moves a block by rail: %s (%d CAP left).")
                                                        : _("moves a block by sea: %s (%d CAP left)."),
                                                   route, bg_state (m)->cap[u->side]);

        say_hidden (ctx, m, u->side, hidden, full);
      }
      _wb_bg_offer_reaction (data, m, _wb_bg_loc (data, &u->where));
      return WB_APPLY_DONE;
    }

  w.mp = _wb_bg_allowance (data, m, u) * WB_MOVE_QUARTERS;
  oos = !_wb_bg_in_supply (data, m, u);
  if (with != NULL)
    {
      /* J&S 10: the leader's special move. */
      const BgLeaderMove *lm = leader_move_of (data, u);
      JsonArray *a = JSON_NODE_HOLDS_ARRAY (with) ? json_node_get_array (with) : NULL;
      guint n = a != NULL ? json_array_get_length (a) : 0;

      if (lm == NULL)
        {
          refuse (error, _("%s has no special move with other units"), name);
          return WB_APPLY_REFUSED;
        }
      if (!wb_rule_check (ctx, m, "bg.leader-move", n >= 1 && (int) n <= lm->max_units, error,
                          _("%s moves with 1 to %d units"), name, lm->max_units))
        return WB_APPLY_REFUSED;
      for (guint i = 0; i < n; i++)
        {
          WbUnitState *o = wb_match_find_unit (m, wb_json_array_string (a, i));

          if (o == NULL)
            {
              refuse (error, _("“%s” is not a unit of the game"), wb_json_array_string (a, i));
              return WB_APPLY_REFUSED;
            }
          if (!wb_rule_check (ctx, m, "bg.leader-move",
                              o != u && o->side == u->side && _wb_bg_loc (data, &o->where) == start &&
                              _wb_bg_kind (data, o) != BG_LEADER && !g_ptr_array_find (movers, o, NULL),
                              error, _("The units moving with %s start with him"), name) ||
              !wb_rule_check (ctx, m, "bg.activate-once", !(o->flags & WB_UNIT_MOVED), error,
                              _("%s was already activated this turn"), _wb_bg_unit_name (data, o->id)))
            return WB_APPLY_REFUSED;
          g_ptr_array_add (movers, o);
          oos |= !_wb_bg_in_supply (data, m, o);
        }
      /* "Weather and Supply effects still apply." */
      w.mp = MAX (lm->locations - weather_mp (data, m) - (oos ? data->oos_mp : 0), 0) * WB_MOVE_QUARTERS;
      w.by_location = TRUE;
      cost = lm->cap_per_unit ? lm->cap * (int) n : lm->cap;
    }
  else if (_wb_bg_is_escort (data, u) && (u->flags & BG_FREE))
    cost = 0;
  if (!spend_cap (m, u->side, cost, ctx, error))
    return WB_APPLY_REFUSED;
  w.movers = movers;
  w.start = w.at = start;
  for (guint i = 0; i < movers->len; i++)
    w.foot |= _wb_bg_is_foot (data, g_ptr_array_index (movers, i));
  for (entered = 0; entered < path->len && !w.stopped; entered++)
    if (!enter (data, m, &w, g_array_index (path, int, entered), entered + 1 == path->len, action, &die, ctx,
                error))
      return WB_APPLY_REFUSED;
  if (trench)
    {
      WbLocation *here = loc_at (data, w.at);

      if (!wb_rule_check (ctx, m, "bg.trench", data->trench_mp > 0, error,
                          _("This game has no trench markers")) ||
          !wb_rule_check (ctx, m, "bg.trench", here->fortress == 0 || data->trench_in_fortress, error,
                          _("Trench markers may not be placed in a fortress location (%s)"), here->name) ||
          !wb_rule_check (ctx, m, "bg.trench", w.mp >= data->trench_mp * WB_MOVE_QUARTERS && !w.stopped, error,
                          _("A trench costs %d movement points and %d are left"), data->trench_mp,
                          w.mp / WB_MOVE_QUARTERS))
        return WB_APPLY_REFUSED;
      w.mp -= data->trench_mp * WB_MOVE_QUARTERS;
    }
  if (!wb_rule_check (ctx, m, "bg.leader-end", kind != BG_LEADER || has_friend (data, m, w.at, u->side), error,
                      _("%s must end the move with a friendly unit"), name))
    return WB_APPLY_REFUSED;
  for (guint i = 0; i < movers->len; i++)
    {
      WbUnitState *o = g_ptr_array_index (movers, i);

      o->flags |= WB_UNIT_MOVED;
      o->flags &= ~(guint32) BG_FREE;
      if (path->len > 0)
        o->flags &= ~(guint32) BG_TRENCH;
      if (oos)
        o->flags |= BG_OUT_OF_SUPPLY;
      else
        o->flags &= ~(guint32) BG_OUT_OF_SUPPLY;
      o->data[BG_DATA_MP] = w.mp / WB_MOVE_QUARTERS;
      o->data[BG_DATA_START] = start + 1;
    }
  if (trench)
    u->flags |= BG_TRENCH;
  if (_wb_bg_is_foot (data, u))
    open_free_movement (data, m, u, start);
  /* The way it went: a screen may have stopped it short. */
  route = path_text (data, start, path, (int) entered);
  {
    g_autofree char *full = NULL, *hidden = NULL;

    if (cost == 0)
      {
        /* TRANSLATORS: a move without CAP (Base 10 free movement): the unit, the way */
        full = g_strdup_printf (_("moves %s with the infantry, without CAP: %s."), name, route);
        /* TRANSLATORS: the same for the enemy, who does not see which block: the way */
        hidden = g_strdup_printf (_("moves a block with the infantry, without CAP: %s."), route);
      }
    else if (movers->len > 1)
      {
        const BgLeaderMove *lm = leader_move_of (data, u);

        /* TRANSLATORS: a leader's special move: the leader, the number of units with him, the way, the CAP
         * spent and left, the rule */
        full = g_strdup_printf (_("moves %s with %u units: %s (%d CAP, %d left, %s)."), name, movers->len - 1,
                                route, cost, bg_state (m)->cap[u->side], lm->rule);
        /* TRANSLATORS: the same for the enemy: the number of blocks, the way, the CAP spent and left, the rule */
        hidden = g_strdup_printf (_("moves %u blocks together: %s (%d CAP, %d left, %s)."), movers->len, route,
                                  cost, bg_state (m)->cap[u->side], lm->rule);
      }
    else
      {
        /* TRANSLATORS: a move: the unit, the way, whether out of supply, the CAP left */
        full = g_strdup_printf (_("moves %s%s: %s (%d CAP left)."), name, oos ? _(" (out of supply)") : "", route,
                                bg_state (m)->cap[u->side]);
        /* TRANSLATORS: the same for the enemy, who does not see which block: whether out of supply, the way,
         * the CAP left */
        hidden = g_strdup_printf (_("moves a block%s: %s (%d CAP left)."), oos ? _(" (out of supply)") : "", route,
                                  bg_state (m)->cap[u->side]);
      }
    say_hidden (ctx, m, u->side, hidden, full);
  }
  if (trench)
    {
      g_autofree char *full = g_strdup_printf (_("%s digs a trench at %s (%s)."), name, loc_at (data, w.at)->name,
                                               data->trench_rule);
      /* TRANSLATORS: a hidden block places a trench marker (GG 3): the place, the rule */
      g_autofree char *hidden = g_strdup_printf (_("A block digs a trench at %s (%s)."), loc_at (data, w.at)->name,
                                                 data->trench_rule);

      say_hidden (ctx, m, u->side, hidden, full);
    }
  if (path->len > 0)
    _wb_bg_offer_reaction (data, m, w.at);
  return WB_APPLY_DONE;
}

/* ---- Lee's reaction (GG 10) ---- */

static int
lee_location (BgData *data, WbMatch *m)
{
  WbUnitState *lee = data->lee != NULL ? wb_match_find_unit (m, data->lee) : NULL;

  return lee != NULL ? _wb_bg_loc (data, &lee->where) : -1;
}

void
_wb_bg_offer_reaction (BgData *data, WbMatch *m, int loc)
{
  int lee = lee_location (data, m);
  guint csa;
  gboolean any = FALSE;

  if (lee < 0 || loc < 0)
    return;
  /* The leader's side reacts to the enemy's moves. */
  csa = wb_match_find_unit (m, data->lee)->side;
  if (m->active != 1 - csa || find_edge (data, lee, loc) == NULL)
    return;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      any |= u->side == csa && u->id != data->lee && _wb_bg_loc (data, &u->where) == lee &&
             !(u->flags & BG_REACTED);
    }
  if (!any)
    return;
  bg_state (m)->react_at = loc + 1;
  m->active = csa;
}

WbApplyResult
_wb_bg_react (BgData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *type = wb_json_string (action, "type", "");
  int to = bg_state (m)->react_at - 1, lee = lee_location (data, m);
  JsonNode *n = json_object_get_member (action, "units");
  JsonArray *a = n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  if (to < 0)
    {
      refuse (error, _("No enemy move to react to"));
      return WB_APPLY_REFUSED;
    }
  if (strcmp (type, "no_reaction") == 0)
    {
      bg_state (m)->react_at = 0;
      m->active = 1 - m->active;
      return WB_APPLY_DONE;
    }
  if (a == NULL || json_array_get_length (a) == 0)
    {
      refuse (error, _("A reaction names the \"units\" that go"));
      return WB_APPLY_REFUSED;
    }
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      WbUnitState *u = wb_match_find_unit (m, wb_json_array_string (a, i));

      if (u == NULL)
        {
          refuse (error, _("“%s” is not a unit of the game"), wb_json_array_string (a, i) ? wb_json_array_string (a, i) : "");
          return WB_APPLY_REFUSED;
        }
      if (!wb_rule_check (ctx, m, "bg.reaction", u->side == m->active && _wb_bg_loc (data, &u->where) == lee,
                          error, _("Only units with %s react"), _wb_bg_unit_name (data, data->lee)) ||
          !wb_rule_check (ctx, m, "bg.reaction", !(u->flags & BG_REACTED), error,
                          _("%s already reacted this turn"), _wb_bg_unit_name (data, u->id)))
        return WB_APPLY_REFUSED;
      u->where.place = loc_at (data, to)->id;
      u->flags |= BG_REACTED;
      if (names->len > 0)
        g_string_append (names, ", ");
      {
        g_autofree char *text = wb_match_unit_text (m, u);
        g_string_append (names, text);
      }
    }
  if (!wb_rule_check (ctx, m, "bg.leader-end", lee_location (data, m) != lee || has_friend (data, m, lee, m->active) ||
                      has_friend (data, m, to, m->active), error, _("%s must end with a friendly unit"),
                      _wb_bg_unit_name (data, data->lee)))
    return WB_APPLY_REFUSED;
  {
    /* TRANSLATORS: GG 10: units with Lee react into a location; the units, the place, the rule */
    g_autofree char *full = g_strdup_printf (_("reacts with %s into %s (%s)."), names->str, loc_at (data, to)->name,
                                             data->reaction_rule);
    guint n_units = json_array_get_length (a);
    g_autofree char *hidden = g_strdup_printf (
      /* TRANSLATORS: the same for the enemy, who does not see which blocks: their number, the place, the rule */
      g_dngettext (GETTEXT_PACKAGE, "reacts with %u block into %s (%s).", "reacts with %u blocks into %s (%s).",
                   n_units),
      n_units, loc_at (data, to)->name, data->reaction_rule);

    say_hidden (ctx, m, m->active, hidden, full);
  }
  bg_state (m)->react_at = 0;
  m->active = 1 - m->active;
  return WB_APPLY_DONE;
}

/* ---- Where a unit may go ---- */

/* The cheapest ways of normal movement from @u's place (Dijkstra over the
 * legend's costs, in quarter MP): each location with its cost and the
 * location it is reached from. Locations of one cost are taken in the order
 * they were reached (a bucket queue kept as one list of (location, cost)
 * read once per cost), so with every connection costing the same it is the
 * breadth-first search it was before the legend's costs were read, and
 * picks the same ways. */
typedef struct {
  int loc;
  int cost;
} Reached;

static void
reach (BgData *data, WbMatch *m, const WbUnitState *u, int *cost, int *prev)
{
  int start = _wb_bg_loc (data, &u->where);
  int mp = _wb_bg_allowance (data, m, u) * WB_MOVE_QUARTERS;
  gboolean foot = _wb_bg_is_foot (data, u);
  g_autoptr(GArray) queue = NULL;
  Reached first;

  for (guint l = 0; l < data->n_loc; l++)
    cost[l] = prev[l] = -1;
  if (start < 0 || mp < 0)
    return;
  queue = g_array_new (FALSE, FALSE, sizeof (Reached));
  first.loc = start;
  first.cost = 0;
  cost[start] = 0;
  g_array_append_val (queue, first);
  for (int c = 0; c < mp; c++)
    for (guint q = 0; q < queue->len; q++)
      {
        Reached r = g_array_index (queue, Reached, q);
        int theirs;

        if (r.cost != c || cost[r.loc] != c)
          continue;   /* another cost's turn, or reached more cheaply since */
        _wb_bg_count (data, m, r.loc, 1 - u->side, &theirs, NULL, NULL);
        if (r.loc != start && (theirs > 0 || is_screened (m, r.loc)))
          continue;   /* the move stops there */
        for (guint e = 0; e < data->adj[r.loc]->len; e++)
          {
            int to = g_array_index (data->adj[r.loc], BgEdge, e).to, enemy, mine;
            int step = _wb_bg_step_cost (data, u, r.loc, to);
            Reached next;

            next.loc = to;
            next.cost = c + step;
            if (step < 0 || next.cost > mp || (cost[to] >= 0 && cost[to] <= next.cost) || to == start ||
                crossing_closed (data, m, r.loc, to))
              continue;
            _wb_bg_count (data, m, to, 1 - u->side, &enemy, NULL, NULL);
            _wb_bg_count (data, m, to, u->side, &mine, NULL, NULL);
            if (!foot && enemy > 0 && mine == 0)
              continue;
            cost[to] = next.cost;
            prev[to] = r.loc;
            g_array_append_val (queue, next);
          }
      }
}

static gboolean
may_move (BgData *data, WbMatch *m, const WbUnitState *u)
{
  return u != NULL && !m->over && _wb_bg_is_movement (m) && u->side == m->active && bg_state (m)->react_at == 0 &&
         !(u->flags & WB_UNIT_MOVED) && _wb_bg_loc (data, &u->where) >= 0;
}

GArray *
_wb_bg_destinations (BgData *data, WbMatch *m, const char *unit)
{
  WbUnitState *u = wb_match_find_unit (m, unit);
  g_autofree int *cost = NULL, *prev = NULL;
  GArray *out;
  gboolean leader;

  if (!may_move (data, m, u))
    return NULL;
  cost = g_new (int, data->n_loc);
  prev = g_new (int, data->n_loc);
  reach (data, m, u, cost, prev);
  leader = _wb_bg_kind (data, u) == BG_LEADER;
  out = g_array_new (FALSE, FALSE, sizeof (WbDestination));
  for (guint l = 0; l < data->n_loc; l++)
    {
      /* In quarter MP, as on hex maps (the play view shows them so). */
      WbDestination d = { { WB_WHERE_LOCATION, { 0, 0 }, loc_at (data, l)->id }, cost[l] };

      if (cost[l] <= 0 || (leader && !has_friend (data, m, (int) l, u->side)))
        continue;
      g_array_append_val (out, d);
    }
  return out;
}

GPtrArray *
_wb_bg_path (BgData *data, WbMatch *m, const char *unit, const char *to)
{
  WbUnitState *u = wb_match_find_unit (m, unit);
  int target = _wb_bg_loc_id (data, to);
  g_autofree int *cost = NULL, *prev = NULL;
  GPtrArray *out;

  if (u == NULL || target < 0 || _wb_bg_loc (data, &u->where) < 0)
    return NULL;
  cost = g_new (int, data->n_loc);
  prev = g_new (int, data->n_loc);
  reach (data, m, u, cost, prev);
  if (cost[target] < 0)
    return NULL;
  out = g_ptr_array_new ();
  for (int l = target; l >= 0; l = prev[l])
    g_ptr_array_insert (out, 0, (gpointer) loc_at (data, l)->id);
  return out;
}

/* ---- Replacements (Base 8) ---- */

int
_wb_bg_replacement_sp (BgData *data, WbMatch *m, guint side)
{
  if (side > 1 || (data->replace_even[side] && m->turn % 2 != 0))
    return 0;
  return data->replace_sp[side];
}

/* The replacement location an eliminated unit of @side comes back at, or
 * -1: the first one the enemy does not occupy. */
static int
return_location (BgData *data, WbMatch *m, guint side, int wanted)
{
  for (guint l = 0; l < data->n_loc; l++)
    {
      int theirs;

      if (!data->replace_at[side][l] || (wanted >= 0 && (int) l != wanted))
        continue;
      _wb_bg_count (data, m, (int) l, 1 - side, &theirs, NULL, NULL);
      if (theirs == 0)
        return (int) l;
    }
  return -1;
}

static gboolean
replaceable (BgData *data, WbMatch *m, const WbUnitState *u, guint side)
{
  BgKind k;

  if (u->side != side || (k = _wb_bg_kind (data, u)) == BG_LEADER)
    return FALSE;
  if (u->where.kind == WB_WHERE_ELIMINATED)
    return return_location (data, m, side, -1) >= 0;
  return u->where.kind == WB_WHERE_LOCATION && u->halves < _wb_bg_max_halves (data, u) &&
         _wb_bg_in_supply (data, m, u);
}

GPtrArray *
_wb_bg_replaceable (BgData *data, WbMatch *m, guint side)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (replaceable (data, m, u, side))
        g_ptr_array_add (out, (gpointer) u->id);
    }
  return out;
}

WbApplyResult
_wb_bg_replace (BgData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", "");
  const char *at = location_member (action, "at");
  WbUnitState *u = wb_match_find_unit (m, id);
  guint side = m->active;
  int sp = _wb_bg_replacement_sp (data, m, side);
  g_autofree char *name = NULL;

  if (!wb_rule_check (ctx, m, "bg.sequence", m->step == BG_REPLACEMENTS && !(bg_state (m)->sub & (1u << side)),
                      error, _("Replacements are taken in the replacement step, once by each side")))
    return WB_APPLY_REFUSED;
  if (u == NULL)
    {
      refuse (error, _("“%s” is not a unit of the game"), id);
      return WB_APPLY_REFUSED;
    }
  name = unit_text (m, u);
  if (!wb_rule_check (ctx, m, "bg.replacement", sp > 0, error, _("The %s get no replacements this turn"),
                      wb_match_side_name (m, side)) ||
      !wb_rule_check (ctx, m, "bg.replacement", replaceable (data, m, u, side), error,
                      _("%s cannot take replacements (a reduced unit in supply, or an eliminated one with a "
                        "replacement location free of the enemy)"), name))
    return WB_APPLY_REFUSED;
  if (u->where.kind == WB_WHERE_ELIMINATED)
    {
      int loc = return_location (data, m, side, at != NULL ? _wb_bg_loc_id (data, at) : -1);
      WbUnit *unit = wb_game_find_unit (data->game, u->id);
      gpointer back = unit != NULL ? g_hash_table_lookup (data->return_sp,
                                                          g_intern_string (wb_unit_get_class_id (unit)))
                                   : NULL;

      if (loc < 0)
        {
          refuse (error, _("%s is not a replacement location free of the enemy (rule bg.replacement)"),
                  at ? at : "?");
          return WB_APPLY_REFUSED;
        }
      u->where.kind = WB_WHERE_LOCATION;
      u->where.place = loc_at (data, loc)->id;
      /* Base 8: infantry and garrisons at 1 SP; cavalry "just brought back". */
      u->halves = back != NULL ? 2 * GPOINTER_TO_INT (back) : _wb_bg_max_halves (data, u);
      u->flags |= WB_UNIT_IN_SCENARIO;
      g_free (name);
      name = unit_text (m, u);
      {
        /* TRANSLATORS: Base 8: an eliminated unit brought back; the unit, the place */
        g_autofree char *full = g_strdup_printf (_("brings %s back at %s (Base 8)."), name, loc_at (data, loc)->name);
        /* TRANSLATORS: the same for the enemy, who does not see which block: the place */
        g_autofree char *hidden = g_strdup_printf (_("brings a block back at %s (Base 8)."), loc_at (data, loc)->name);

        say_hidden (ctx, m, side, hidden, full);
      }
    }
  else
    {
      u->halves = (gint16) MIN (u->halves + 2 * sp, _wb_bg_max_halves (data, u));
      g_free (name);
      name = unit_text (m, u);
      {
        /* TRANSLATORS: Base 8: replacement SP added to a unit */
        g_autofree char *full = g_strdup_printf (_("adds %d replacement SP to %s (Base 8)."), sp, name);
        /* TRANSLATORS: the same for the enemy, who does not see which block */
        g_autofree char *hidden = g_strdup_printf (_("adds %d replacement SP to a block (Base 8)."), sp);

        say_hidden (ctx, m, side, hidden, full);
      }
    }
  bg_state (m)->sub |= 1u << side;
  _wb_bg_next_replacement (data, m, ctx);
  return WB_APPLY_DONE;
}

/* ---- GG 12: the rail lines (a rail_cut victory condition) ---- */

gboolean
_wb_bg_rail_cut_from (BgData *data, WbMatch *m, guint cutter, GArray *from, int target)
{
  g_autofree guint8 *seen = g_new0 (guint8, MAX (data->n_loc, 1));
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));

  if (target < 0)
    return FALSE;
  for (guint k = 0; from != NULL && k < from->len; k++)
    {
      int l = g_array_index (from, int, k), foot;

      _wb_bg_count (data, m, l, cutter, NULL, &foot, NULL);
      if (foot == 0 && !seen[l])
        {
          seen[l] = 1;
          g_array_append_val (queue, l);
        }
    }
  for (guint q = 0; q < queue->len; q++)
    {
      int l = g_array_index (queue, int, q);

      if (l == target)
        return FALSE;
      for (guint e = 0; e < data->adj[l]->len; e++)
        {
          const BgEdge *edge = &g_array_index (data->adj[l], BgEdge, e);
          int foot;

          if (seen[edge->to] || !edge->rail)
            continue;
          _wb_bg_count (data, m, edge->to, cutter, NULL, &foot, NULL);
          if (foot > 0)
            continue;
          seen[edge->to] = 1;
          g_array_append_val (queue, edge->to);
        }
    }
  return TRUE;
}

gboolean
_wb_bg_rail_cut (BgData *data, WbMatch *m, const char *to)
{
  for (guint i = 0; i < data->victory->len; i++)
    {
      BgVictory *v = &g_array_index (data->victory, BgVictory, i);

      if (v->type == BG_V_RAIL_CUT)
        return _wb_bg_rail_cut_from (data, m, v->side, v->from, _wb_bg_loc_id (data, to));
    }
  return FALSE;
}
