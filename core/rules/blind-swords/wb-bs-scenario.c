/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-game.h"
#include "wb-scenario.h"
#include "rules/blind-swords/wb-bs-private.h"

/* A scenario's own rules for the Blind Swords family, as rules.params
 * gives them per scenario (docs/rules-params.md; exclusive 17.1-17.6):
 * the units that may not move (or fire) until something happens
 * (`restricted`), the turns a side enters terrain with an entry table
 * without rolling (`entry_exempt`), and the end of the game: the VP for
 * broken and rebuilt enemy units, free VP, the control of a feature's
 * hexes (a trench) and the Victory Levels (`victory`). */

#define BS_MAX_RESTRICTED 8
#define BS_MAX_LEVELS     12
#define BS_MAX_ARRIVALS   8

typedef enum {
  ARRIVE_BETWEEN,
  ARRIVE_ENTER,
  ARRIVE_WITHIN,
} ArriveKind;

/* A trigger of units drawn from a box (excl. 17.6j). */
typedef struct {
  const char *box;             /* interned */
  WbOffset    at;
  int         delay;
  int         side;            /* whose units trigger it */
  guint8      kind;            /* ArriveKind */
  int         count, distance, draw;
  WbOffset   *mark;            /* the mark's hexes */
  guint       n_mark;
  int        *lo, *hi;         /* between-marks: per column, the rows strictly between (lo < row < hi) */
} BsArrival;

typedef struct {
  guint      n_units;
  guint     *units;            /* unit indexes */
  gboolean   no_fire;
  gboolean   infantry_only;    /* the enemy that frees them */
  int        within;           /* -1: no condition */
  WbOffset   of_hex;
  gboolean   when_fired_upon;
  GPtrArray *enemy_in;         /* interned hex feature ids, or NULL */
  GPtrArray *enemy_next_to;
} BsRestricted;

typedef struct {
  char      *level;
  int        winner;           /* side, -1: a draw */
  int        side;
  gboolean   has_min, has_max, has_controls, has_removed;
  int        min, max, controls, removed;
  GPtrArray *marker_features;  /* interned */
} BsLevel;

struct _BsScenario
{
  BsRestricted restricted[BS_MAX_RESTRICTED];
  guint        n_restricted;
  int          exempt[2][BS_MAX_BONUS_TURNS];  /* 1: no entry roll on that turn */
  const char  *control_feature;                /* interned, or NULL */
  WbOffset    *control;                        /* its hexes */
  guint        n_control;
  int          broken_vp, rebuilt_vp;
  int          free_vp[2];
  BsLevel      level[BS_MAX_LEVELS];
  guint        n_levels;
  BsArrival    arrival[BS_MAX_ARRIVALS];
  guint        n_arrivals;
};

void
_wb_bs_scenario_free (BsScenario *sc)
{
  if (sc == NULL)
    return;
  for (guint r = 0; r < sc->n_restricted; r++)
    {
      g_free (sc->restricted[r].units);
      g_clear_pointer (&sc->restricted[r].enemy_in, g_ptr_array_unref);
      g_clear_pointer (&sc->restricted[r].enemy_next_to, g_ptr_array_unref);
    }
  for (guint l = 0; l < sc->n_levels; l++)
    {
      g_free (sc->level[l].level);
      g_clear_pointer (&sc->level[l].marker_features, g_ptr_array_unref);
    }
  for (guint a = 0; a < sc->n_arrivals; a++)
    {
      g_free (sc->arrival[a].mark);
      g_free (sc->arrival[a].lo);
      g_free (sc->arrival[a].hi);
    }
  g_free (sc->control);
  g_free (sc);
}

static GPtrArray *
interned_list (const WbParams *p, const char *name)
{
  g_auto(GStrv) ids = wb_params_strv (p, name);
  GPtrArray *out;

  if (ids == NULL || ids[0] == NULL)
    return NULL;
  out = g_ptr_array_new ();
  for (guint k = 0; ids[k] != NULL; k++)
    g_ptr_array_add (out, (gpointer) g_intern_string (ids[k]));
  return out;
}

static gboolean
read_restricted (BsData *data, BsScenario *sc, const WbParams *o, GError **error)
{
  guint n = wb_params_length (o, "restricted");

  if (n > BS_MAX_RESTRICTED)
    return _wb_bs_fail (error, _("rules.params.restricted: at most %d entries a scenario"), BS_MAX_RESTRICTED);
  for (guint k = 0; k < n; k++)
    {
      WbParams e;
      BsRestricted *r = &sc->restricted[sc->n_restricted];
      g_auto(GStrv) units = NULL;
      const char *hex;

      if (!wb_params_item (o, "restricted", k, &e))
        continue;
      units = wb_params_strv (&e, "units");
      r->units = g_new0 (guint, units != NULL ? g_strv_length (units) + 1 : 1);
      for (guint u = 0; units != NULL && units[u] != NULL; u++)
        {
          /* The match's units are in the game's order. */
          for (guint i = 0; i < data->n_units; i++)
            if (strcmp (wb_unit_get_id (g_ptr_array_index (wb_game_get_units (data->game), i)), units[u]) == 0)
              {
                r->units[r->n_units++] = i;
                break;
              }
        }
      r->no_fire = wb_params_bool (&e, "no_fire");
      r->infantry_only = g_strcmp0 (wb_params_string (&e, "enemy"), "infantry") == 0;
      r->within = wb_params_has (&e, "within") ? (int) wb_params_int (&e, "within") : -1;
      hex = wb_params_has (&e, "of_hex") ? wb_params_string (&e, "of_hex") : NULL;
      if (r->within >= 0 && (hex == NULL || !wb_hex_map_parse_hex (data->map, hex, &r->of_hex)))
        return _wb_bs_fail (error, _("rules.params.restricted[%u].of_hex: “%s” is no hex of the map (expected the "
                                     "hex “within” counts from)"), k, hex != NULL ? hex : "");
      r->when_fired_upon = wb_params_bool (&e, "when_fired_upon");
      r->enemy_in = interned_list (&e, "enemy_in");
      r->enemy_next_to = interned_list (&e, "enemy_next_to");
      sc->n_restricted++;
    }
  return TRUE;
}

static gboolean
read_victory (BsData *data, BsScenario *sc, const WbParams *o, GError **error)
{
  WbParams v;
  guint n;

  if (!wb_params_object (o, "victory", &v))
    return TRUE;
  sc->broken_vp = (int) wb_params_int (&v, "broken_vp");
  sc->rebuilt_vp = (int) wb_params_int (&v, "rebuilt_vp");
  for (guint s = 0; s < 2; s++)
    {
      WbParams entry;
      const char *sid = ((WbSide *) g_ptr_array_index (wb_game_get_sides (data->game), s))->id;

      if (wb_params_entry (&v, "free_vp", sid, &entry))
        sc->free_vp[s] = (int) wb_params_int (&entry, "value");
    }
  if (wb_params_has (&v, "control_feature"))
    {
      GArray *hexes = g_array_new (FALSE, FALSE, sizeof (WbOffset));

      sc->control_feature = g_intern_string (wb_params_string (&v, "control_feature"));
      for (int r = 0; r < data->rows; r++)
        for (int c = 0; c < data->cols; c++)
          {
            WbOffset h = { c, r };

            if (wb_hex_map_has_hex_feature (data->map, h, sc->control_feature))
              g_array_append_val (hexes, h);
          }
      if (hexes->len > BS_MAX_CONTROL)
        {
          g_array_unref (hexes);
          return _wb_bs_fail (error, _("rules.params.victory.control_feature: at most %d hexes of it"), BS_MAX_CONTROL);
        }
      sc->n_control = hexes->len;
      sc->control = (WbOffset *) g_array_free (hexes, FALSE);
    }
  n = wb_params_length (&v, "levels");
  if (n > BS_MAX_LEVELS)
    return _wb_bs_fail (error, _("rules.params.victory.levels: at most %d levels"), BS_MAX_LEVELS);
  for (guint k = 0; k < n; k++)
    {
      WbParams e;
      BsLevel *l = &sc->level[sc->n_levels];

      if (!wb_params_item (&v, "levels", k, &e))
        continue;
      l->level = g_strdup (wb_params_string (&e, "level"));
      l->winner = wb_params_has (&e, "winner") ? _wb_bs_side_index (data->game, wb_params_string (&e, "winner")) : -1;
      l->side = wb_params_has (&e, "side") ? _wb_bs_side_index (data->game, wb_params_string (&e, "side")) : 0;
      if (l->side < 0 || l->side > 1)
        l->side = 0;
      if ((l->has_min = wb_params_has (&e, "vp_difference_at_least")))
        l->min = (int) wb_params_int (&e, "vp_difference_at_least");
      if ((l->has_max = wb_params_has (&e, "vp_difference_at_most")))
        l->max = (int) wb_params_int (&e, "vp_difference_at_most");
      if ((l->has_controls = wb_params_has (&e, "controls_at_least")))
        l->controls = (int) wb_params_int (&e, "controls_at_least");
      if ((l->has_removed = wb_params_has (&e, "markers_removed_at_least")))
        l->removed = (int) wb_params_int (&e, "markers_removed_at_least");
      l->marker_features = interned_list (&e, "marker_features");
      if (l->has_controls && sc->control_feature == NULL)
        return _wb_bs_fail (error, _("rules.params.victory.levels[%u]: controls_at_least needs a control_feature"), k);
      sc->n_levels++;
    }
  return TRUE;
}

static WbMapMark *
mark_of (BsData *data, const char *id, const char *name, guint k, GError **error)
{
  WbMapMark *mk = id != NULL ? wb_hex_map_find_mark (data->map, id) : NULL;

  if (mk == NULL)
    _wb_bs_fail (error, _("rules.params.arrivals[%u].%s: the map has no mark “%s” (expected a map mark's id)"), k,
                 name, id != NULL ? id : "");
  return mk;
}

static gboolean
read_arrivals (BsData *data, BsScenario *sc, const WbParams *o, GError **error)
{
  guint n = wb_params_length (o, "arrivals");

  if (n > BS_MAX_ARRIVALS)
    return _wb_bs_fail (error, _("rules.params.arrivals: at most %d triggers a scenario"), BS_MAX_ARRIVALS);
  for (guint k = 0; k < n; k++)
    {
      WbParams e;
      BsArrival *a = &sc->arrival[sc->n_arrivals];
      const char *kind, *at;
      WbMapMark *mk;

      if (!wb_params_item (o, "arrivals", k, &e))
        continue;
      a->box = g_intern_string (wb_params_string (&e, "box"));
      at = wb_params_string (&e, "at");
      if (at == NULL || !wb_hex_map_parse_hex (data->map, at, &a->at) || !wb_hex_map_contains (data->map, a->at))
        return _wb_bs_fail (error, _("rules.params.arrivals[%u].at: “%s” is no hex of the map"), k, at ? at : "");
      a->delay = (int) wb_params_int (&e, "delay");
      a->side = _wb_bs_side_index (data->game, wb_params_string (&e, "side"));
      kind = wb_params_string (&e, "trigger");
      a->kind = g_strcmp0 (kind, "between-marks") == 0 ? ARRIVE_BETWEEN
                : g_strcmp0 (kind, "enter-mark") == 0 ? ARRIVE_ENTER : ARRIVE_WITHIN;
      a->count = (int) wb_params_int (&e, "count");
      a->distance = (int) wb_params_int (&e, "distance");
      a->draw = (int) wb_params_int (&e, "draw");
      if ((mk = mark_of (data, wb_params_string (&e, "mark"), "mark", k, error)) == NULL)
        return FALSE;
      a->n_mark = mk->hexes->len;
      a->mark = g_memdup2 (mk->hexes->data, sizeof (WbOffset) * MAX (mk->hexes->len, 1));
      if (a->kind == ARRIVE_ENTER && a->n_mark > 64)
        return _wb_bs_fail (error, _("rules.params.arrivals[%u].mark: enter-mark counts at most 64 hexes"), k);
      if (a->kind == ARRIVE_BETWEEN)
        {
          WbMapMark *m2 = mark_of (data, wb_params_has (&e, "mark2") ? wb_params_string (&e, "mark2") : NULL,
                                   "mark2", k, error);

          if (m2 == NULL)
            return FALSE;
          /* Per column, the rows strictly between the two marks' rows. */
          a->lo = g_new (int, data->cols);
          a->hi = g_new (int, data->cols);
          for (int c = 0; c < data->cols; c++)
            a->lo[c] = a->hi[c] = -1;
          for (guint h = 0; h < mk->hexes->len; h++)
            {
              WbOffset x = g_array_index (mk->hexes, WbOffset, h);

              if (x.col >= 0 && x.col < data->cols)
                a->lo[x.col] = MAX (a->lo[x.col], x.row);
            }
          for (guint h = 0; h < m2->hexes->len; h++)
            {
              WbOffset x = g_array_index (m2->hexes, WbOffset, h);

              if (x.col >= 0 && x.col < data->cols)
                a->hi[x.col] = a->hi[x.col] < 0 ? x.row : MIN (a->hi[x.col], x.row);
            }
        }
      sc->n_arrivals++;
    }
  return TRUE;
}

gboolean
_wb_bs_scenario_compile (BsData *data, const WbParams *o, GError **error)
{
  BsScenario *sc = g_new0 (BsScenario, 1);

  data->sc = sc;
  for (guint s = 0; s < 2; s++)
    {
      WbParams entry;
      const char *sid = ((WbSide *) g_ptr_array_index (wb_game_get_sides (data->game), s))->id;
      g_autofree gint64 *turns = NULL;
      guint n = 0;

      if (wb_params_entry (o, "entry_exempt", sid, &entry))
        turns = wb_params_ints (&entry, "value", &n);
      for (guint t = 0; t < n; t++)
        if (turns[t] >= 1 && turns[t] <= BS_MAX_BONUS_TURNS)
          sc->exempt[s][turns[t] - 1] = 1;
    }
  return read_restricted (data, sc, o, error) && read_victory (data, sc, o, error) &&
         read_arrivals (data, sc, o, error);
}

/* ---- Restricted units (excl. 17.1e, 17.3f, 17.4f) ---- */

gboolean
_wb_bs_restricted (BsData *data, WbMatch *m, guint unit, gboolean fire)
{
  BsState *st = bs_state (m);

  for (guint r = 0; data->sc != NULL && r < data->sc->n_restricted; r++)
    {
      const BsRestricted *re = &data->sc->restricted[r];

      if ((st->released & (1u << r)) || (fire && !re->no_fire))
        continue;
      for (guint k = 0; k < re->n_units; k++)
        if (re->units[k] == unit)
          return TRUE;
    }
  return FALSE;
}

static gboolean
has_feature (BsData *data, WbMatch *m, WbOffset h, GPtrArray *features)
{
  for (guint f = 0; features != NULL && f < features->len; f++)
    {
      const char *id = g_ptr_array_index (features, f);

      if (wb_hex_map_has_hex_feature (data->map, h, id) || wb_match_find_marker (m, id, h) >= 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
freed (BsData *data, WbMatch *m, const BsRestricted *re, guint side)
{
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side == side || u->where.kind != WB_WHERE_HEX || bs_role (data, m, i) == BS_ROLE_PIONEER ||
          bs_role (data, m, i) == BS_ROLE_MARKER)
        continue;
      if (re->infantry_only && bs_role (data, m, i) != BS_ROLE_INFANTRY)
        continue;
      if (re->within >= 0 && wb_hex_distance (data->layout, u->where.hex, re->of_hex) <= re->within)
        return TRUE;
      if (re->enemy_in != NULL && has_feature (data, m, u->where.hex, re->enemy_in))
        return TRUE;
      for (int d = 0; re->enemy_next_to != NULL && d < WB_HEX_DIRECTIONS; d++)
        if (has_feature (data, m, wb_hex_neighbour (data->layout, u->where.hex, d), re->enemy_next_to))
          return TRUE;
    }
  return FALSE;
}

void
_wb_bs_check_releases (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  for (guint r = 0; data->sc != NULL && r < data->sc->n_restricted; r++)
    {
      const BsRestricted *re = &data->sc->restricted[r];
      guint side;

      if ((st->released & (1u << r)) || re->n_units == 0)
        continue;
      side = g_array_index (m->units, WbUnitState, re->units[0]).side;
      if (freed (data, m, re, side))
        {
          st->released |= (guint8) (1u << r);
          /* TRANSLATORS: excl. 17.1e, 17.3f, 17.4f: restricted units are freed */
          wb_rule_say (ctx, m, _("The enemy's approach frees the restricted units of %s: they may move%s now "
                                 "(the scenario's special rule)."),
                       wb_match_side_name (m, side), re->no_fire ? _(" and fire") : "");
        }
    }
}

void
_wb_bs_fired_upon (BsData *data, WbMatch *m, guint unit, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  for (guint r = 0; data->sc != NULL && r < data->sc->n_restricted; r++)
    {
      const BsRestricted *re = &data->sc->restricted[r];

      if ((st->released & (1u << r)) || !re->when_fired_upon)
        continue;
      for (guint k = 0; k < re->n_units; k++)
        if (re->units[k] == unit)
          {
            st->released |= (guint8) (1u << r);
            /* TRANSLATORS: excl. 17.1e: fired upon, the restricted units are freed */
            wb_rule_say (ctx, m, _("Fired upon, the restricted units are free to move and fire (the scenario's "
                                   "special rule)."));
            break;
          }
    }
}

gboolean
_wb_bs_entry_exempt (BsData *data, WbMatch *m, guint side)
{
  return data->sc != NULL && side < 2 && m->turn >= 1 && m->turn <= BS_MAX_BONUS_TURNS &&
         data->sc->exempt[side][m->turn - 1];
}

/* ---- Control and the end of the game ---- */

void
_wb_bs_update_control (BsData *data, WbMatch *m, gboolean at_start)
{
  BsState *st = bs_state (m);

  for (guint k = 0; data->sc != NULL && k < data->sc->n_control; k++)
    {
      gboolean here[2] = { FALSE, FALSE };

      if (at_start)
        st->control[k] = (gint8) data->first_holder;
      for (guint i = 0; i < data->n_units; i++)
        {
          const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

          if (u->side < 2 && u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, data->sc->control[k]) &&
              data->counter[i].role != BS_ROLE_MARKER)
            here[u->side] = TRUE;
        }
      if (here[0] != here[1])
        st->control[k] = here[0] ? 0 : 1;
    }
}

int
_wb_bs_controls (BsData *data, WbMatch *m, guint side)
{
  BsState *st = bs_state (m);
  int n = 0;

  for (guint k = 0; data->sc != NULL && k < data->sc->n_control; k++)
    n += st->control[k] == (gint8) side;
  return n;
}

gboolean
_wb_bs_has_levels (BsData *data)
{
  return data->sc != NULL && data->sc->n_levels > 0;
}

static int
markers_removed (WbMatch *m, GPtrArray *features)
{
  GPtrArray *markers = wb_scenario_get_markers (m->scenario);
  int removed = 0;

  for (guint k = 0; markers != NULL && k < markers->len; k++)
    {
      WbMarker *mk = g_ptr_array_index (markers, k);
      WbWhere where;

      if (mk->at == NULL || mk->at->len == 0 || features == NULL ||
          !g_ptr_array_find (features, g_intern_string (mk->feature), NULL) ||
          !wb_match_place_where (m, &g_array_index (mk->at, WbPlace, 0), &where, NULL) ||
          where.kind != WB_WHERE_HEX)
        continue;
      /* Off the map, or reduced to another marker (Full to Half is not
       * removed: any of the features counts). */
      {
        gboolean there = FALSE;

        for (guint f = 0; f < features->len; f++)
          there |= wb_match_find_marker (m, g_ptr_array_index (features, f), where.hex) >= 0;
        removed += !there;
      }
    }
  return removed;
}

void
_wb_bs_final_victory (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsScenario *sc = data->sc;
  int broken[2] = { 0, 0 }, rebuilt[2] = { 0, 0 };

  if (sc == NULL)
    return;
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side > 1 || !(u->flags & WB_UNIT_IN_SCENARIO) || bs_role (data, m, i) == BS_ROLE_MARKER ||
          bs_role (data, m, i) == BS_ROLE_PIONEER)
        continue;
      if (u->where.kind == WB_WHERE_ELIMINATED || u->where.kind == WB_WHERE_BOX)
        broken[u->side]++;
      if (u->flags & BS_UNIT_RETURNED)
        rebuilt[u->side]++;
    }
  for (guint s = 0; s < 2; s++)
    {
      int vp = sc->broken_vp * broken[1 - s] + sc->rebuilt_vp * rebuilt[1 - s] + sc->free_vp[s];

      if (vp == 0)
        continue;
      wb_match_add_vp (m, s, vp);
      /* TRANSLATORS: excl. 17.1f, 17.2d: the end-of-game VP */
      wb_rule_say (ctx, m, _("%s receives %d VP: %d enemy units broken or eliminated, %d rebuilt, %d free VP "
                             "(the scenario's Victory Levels)."),
                   wb_match_side_name (m, s), vp, broken[1 - s], rebuilt[1 - s], sc->free_vp[s]);
    }
  for (guint k = 0; k < sc->n_levels; k++)
    {
      const BsLevel *l = &sc->level[k];
      int diff = m->vp[l->side] - m->vp[1 - l->side];
      int controls = _wb_bs_controls (data, m, (guint) l->side);
      int removed = l->has_removed ? markers_removed (m, l->marker_features) : 0;

      if ((l->has_min && diff < l->min) || (l->has_max && diff > l->max) ||
          (l->has_controls && controls < l->controls) || (l->has_removed && removed < l->removed))
        continue;
      m->decided = l->winner >= 0 ? l->winner + 1 : 0;
      /* TRANSLATORS: the scenario's Victory Level at the end: the level, the VP difference, the hexes held */
      wb_rule_say (ctx, m, _("Victory Level: %s (%s: VP difference %+d, %d of %u controlled hexes, %d markers removed)."),
                   l->level, wb_match_side_name (m, (guint) l->side), diff, controls, sc->n_control, removed);
      return;
    }
}

/* ---- Arrivals drawn from a box (excl. 17.6j) ---- */

static gboolean
triggered (BsData *data, WbMatch *m, guint a_index)
{
  BsState *st = bs_state (m);
  const BsArrival *a = &data->sc->arrival[a_index];

  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if ((int) u->side != a->side || u->where.kind != WB_WHERE_HEX || bs_role (data, m, i) == BS_ROLE_MARKER ||
          bs_role (data, m, i) == BS_ROLE_PIONEER)
        continue;
      switch (a->kind)
        {
        case ARRIVE_BETWEEN:
          {
            int c = u->where.hex.col;

            if (c >= 0 && c < data->cols && a->lo[c] >= 0 && a->hi[c] >= 0 && u->where.hex.row > a->lo[c] &&
                u->where.hex.row < a->hi[c])
              return TRUE;
          }
          break;
        case ARRIVE_ENTER:
          for (guint h = 0; h < a->n_mark; h++)
            if (wb_offset_equal (a->mark[h], u->where.hex))
              st->entered[a_index] |= G_GUINT64_CONSTANT (1) << h;
          break;
        case ARRIVE_WITHIN:
        default:
          for (guint h = 0; h < a->n_mark; h++)
            if (wb_hex_distance (data->layout, a->mark[h], u->where.hex) <= a->distance)
              return TRUE;
          break;
        }
    }
  return a->kind == ARRIVE_ENTER && (int) __builtin_popcountll (st->entered[a_index]) >= a->count;
}

void
_wb_bs_check_arrivals (BsData *data, WbMatch *m, WbRuleContext *ctx)
{
  BsState *st = bs_state (m);

  for (guint k = 0; data->sc != NULL && k < data->sc->n_arrivals; k++)
    {
      const BsArrival *a = &data->sc->arrival[k];
      guint waiting[64], n = 0, drawn;

      if ((st->arrived & (1u << k)) || !triggered (data, m, k))
        continue;
      st->arrived |= (guint8) (1u << k);
      for (guint i = 0; i < data->n_units && n < G_N_ELEMENTS (waiting); i++)
        {
          const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

          if (u->where.kind == WB_WHERE_BOX && u->where.place == a->box)
            waiting[n++] = i;
        }
      drawn = a->draw <= 0 ? n : MIN ((guint) a->draw, n);
      /* The units drawn from the box (the players' opaque container): the
       * match's own dice draw them, in physical-dice mode too. */
      for (guint d = 0; d < drawn; d++)
        {
          guint pick = wb_rng_bounded (&m->rng, n);
          WbUnitState *u = &g_array_index (m->units, WbUnitState, waiting[pick]);
          g_autofree char *name = wb_match_unit_text (m, u);
          g_autofree char *when = wb_match_turn_text (m, m->turn + a->delay);
          char hex[32];

          u->where.kind = WB_WHERE_WAITING;
          u->where.place = NULL;
          u->arrives = (gint16) (m->turn + a->delay);
          wb_hex_map_format_hex (data->map, a->at, hex, sizeof hex);
          /* TRANSLATORS: excl. 17.6j: a unit drawn to arrive later at a hex */
          wb_rule_say (ctx, m, _("%s is drawn: it will arrive at %s on %s (the scenario's special rule)."), name,
                       hex, when);
          waiting[pick] = waiting[--n];
        }
    }
}

gboolean
_wb_bs_arrival_hex (BsData *data, WbMatch *m, guint unit, WbOffset *hex)
{
  GPtrArray *setup = wb_scenario_get_setup (m->scenario);
  const WbUnitState *u = &g_array_index (m->units, WbUnitState, unit);

  for (guint k = 0; data->sc != NULL && setup != NULL && k < setup->len; k++)
    {
      WbSetup *line = g_ptr_array_index (setup, k);

      if (g_strcmp0 (line->unit, u->id) != 0 || line->at == NULL)
        continue;
      for (guint p = 0; p < line->at->len; p++)
        {
          const WbPlace *pl = &g_array_index (line->at, WbPlace, p);

          for (guint a = 0; pl->kind == WB_PLACE_BOX && a < data->sc->n_arrivals; a++)
            if (g_strcmp0 (pl->ref, data->sc->arrival[a].box) == 0)
              {
                *hex = data->sc->arrival[a].at;
                return TRUE;
              }
        }
    }
  return FALSE;
}
