/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-table.h"
#include "rules/blind-swords/wb-bs-private.h"

/* Fire Combat and Close Combat on the map for the Blind Swords family
 * (series 9.0, 11.0, 12.0; docs/rules-engine.md, "The Blind Swords
 * family: the activation's steps and combat on the map"): who fires at what, the column and its
 * shifts (wb-bs-los.c), the CRT and the Cohesion Tests (the combat
 * engine, wb-bs-combat.c), and what the results do to the units on the
 * map — their side up, their markers, retreats (wb-bs-move.c), the
 * Broken Track, Panic. A whole combat is one action: its dice are the
 * action's in order (physical dice: its "rolls"), and each cell the
 * rulebook-only tables leave "?" takes the players' next answer
 * (wb_rule_result). */

static WbUnitState *
unit_at (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

static gboolean
on_hex (const WbUnitState *u, WbOffset hex)
{
  return u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, hex);
}

static gboolean
act_die (gpointer p, int *face, GError **error)
{
  BsAct *a = p;

  return wb_rule_die (a->ctx, a->m, a->action, a->die++, 6, face, error);
}

/* The players' answer for an unknown cell, or FALSE (the action asks). */
static const char *
next_answer (BsAct *a)
{
  return wb_rule_result (a->action, a->result++);
}

static char *
hex_name (BsData *data, WbOffset hex)
{
  char buf[32];

  wb_hex_map_format_hex (data->map, hex, buf, sizeof buf);
  return g_strdup (buf);
}

static char *
sp_text (int halves)
{
  if (halves == 1)
    return g_strdup ("C");
  if (halves % 2 == 0)
    return g_strdup_printf ("%d", halves / 2);
  return g_strdup_printf ("%d½", halves / 2);
}

/* The units of the map at @hex that fight (not markers), in unit order. */
static guint
units_in_hex (BsData *data, WbMatch *m, WbOffset hex, guint *out, guint max)
{
  guint n = 0;

  for (guint i = 0; i < data->n_units && n < max; i++)
    if (on_hex (unit_at (m, i), hex) && bs_role (data, m, i) != BS_ROLE_MARKER)
      out[n++] = i;
  return n;
}

/* The Lead Unit (9.2): the largest printed SP of the side up; the first
 * in unit order among equals (the owner's choice: the file's order is
 * taken). A pioneer leads only alone (excl. 2.1a). */
static int
lead_of (BsData *data, WbMatch *m, const guint *units, guint n)
{
  int best = -1;

  for (guint k = 0; k < n; k++)
    {
      const WbUnitState *u = unit_at (m, units[k]);

      if (data->counter[units[k]].role == BS_ROLE_PIONEER && n > 1)
        continue;
      if (best < 0 || u->halves > unit_at (m, units[best])->halves)
        best = (int) k;
    }
  return best < 0 ? 0 : best;
}

/* ---- What the results do on the map ---- */

static const char *
broken_box (BsData *data, int k)
{
  /* broken_track lists the boxes from 3 to Available. */
  if (data->n_broken < 2 || k < 1 || k > (int) data->n_broken - 1)
    return NULL;
  return data->broken[data->n_broken - 1 - (guint) k];
}

static void
say_unit (BsAct *a, const WbUnitState *u, const char *what)
{
  g_autofree char *name = wb_match_unit_text (a->m, u);

  wb_rule_say (a->ctx, a->m, "%s: %s", name, what);
}

/* A unit taken off the map (Broken Box @box, or eliminated when 0 or the
 * game has no such box). */
static void
break_unit (BsAct *a, guint i, int box)
{
  WbUnitState *u = unit_at (a->m, i);
  const char *place = broken_box (a->data, box);

  u->flags &= ~(BS_UNIT_MORALE | BS_UNIT_SKIRMISH | BS_UNIT_CHAOS | BS_UNIT_COMMITTED);
  u->flags |= BS_UNIT_WORN;
  u->halves = a->data->counter[i].sp[1];
  if (place != NULL && bs_role (a->data, a->m, i) != BS_ROLE_ARTILLERY && !a->data->counter[i].fragile)
    {
      u->where.kind = WB_WHERE_BOX;
      u->where.place = place;
    }
  else
    {
      u->where.kind = WB_WHERE_ELIMINATED;
      u->where.place = NULL;
    }
}

/* Pioneers stacked with units that took a loss or a retreat are removed
 * (excl. 2.1a). */
static void
remove_pioneers (BsAct *a, WbOffset hex, guint side)
{
  for (guint i = 0; i < a->data->n_units; i++)
    {
      WbUnitState *u = unit_at (a->m, i);

      if (bs_role (a->data, a->m, i) == BS_ROLE_PIONEER && u->side == side && on_hex (u, hex))
        {
          u->where.kind = WB_WHERE_WAITING;
          u->where.place = NULL;
          say_unit (a, u, _("removed with the loss of the units it was stacked with (excl. 2.1a)"));
        }
    }
}

/* 6.4: a unit that retreats or flips to its Battleworn side in the
 * Artillery Steps (the fire of an Artillery Step, or the Opportunity Fire
 * at an artillery unit moving in one) does not rally in this turn's
 * Artillery Rally Step: the turn is kept in its data. */
static void
artillery_phase_mark (BsAct *a, guint i)
{
  BsState *st = bs_state (a->m);
  WbUnitState *u = unit_at (a->m, i);

  if (a->m->step == BS_ART_HEX || (a->m->step == BS_OPFIRE && st->resume == BS_ART_HEX))
    u->data[BS_DATA_SERIES] = (gint32) (((guint32) a->m->turn << BS_SR_TURN_SHIFT) |
                                        ((guint32) u->data[BS_DATA_SERIES] & ((1u << BS_SR_TURN_SHIFT) - 1)));
}

static void
break_in_retreat (BsAct *a, guint i, BsRetreatEnd end)
{
  WbUnitState *u = unit_at (a->m, i);

  if (end == BS_RETREAT_OFF_MAP)
    {
      break_unit (a, i, 1);
      say_unit (a, u, u->where.kind == WB_WHERE_BOX ? _("retreats off the map: Broken Box 1 (12.3)")
                                                    : _("retreats off the map: eliminated (12.3)"));
      return;
    }
  break_unit (a, i, 3);
  say_unit (a, u, u->where.kind == WB_WHERE_BOX ? _("cannot retreat: Broken Box 3 (12.3)")
                                                : _("cannot retreat: eliminated (12.3)"));
}

/* 10.7, second paragraph: the enemies next to @hex, which the retreating
 * unit @i leaves, that may give it Opportunity Fire: not those that were
 * next to it when the retreat began (@banned), nor a pioneer, a marker, a
 * unit under Battlefield Chaos or one that cannot fire at it; none at a
 * unit in Skirmish Order (as _wb_bs_opportunity). The opposing player's
 * choice is made for them: every such unit fires, together (reading
 * noted in docs/rules-engine.md). */
static guint
gauntlet (BsAct *a, guint i, WbOffset hex, const guint8 *banned, guint *out, guint max)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  const WbUnitState *u = unit_at (m, i);
  WbBsFirer f[WB_BS_MAX_STACK * 2];
  guint n = 0;

  if (u->flags & BS_UNIT_SKIRMISH)
    return 0;
  for (guint j = 0; j < data->n_units && n < max && n < G_N_ELEMENTS (f); j++)
    {
      const WbUnitState *v = unit_at (m, j);
      BsRole role = bs_role (data, m, j);
      int range;
      BsLos los;
      const char *why;

      if (banned[j] || v->side == u->side || v->where.kind != WB_WHERE_HEX ||
          wb_hex_distance (data->layout, v->where.hex, hex) != 1 || (v->flags & BS_UNIT_CHAOS) ||
          role == BS_ROLE_PIONEER || role == BS_ROLE_MARKER ||
          !_wb_bs_can_fire (data, m, j, hex, FALSE, &range, &los, &why))
        continue;
      f[n] = (WbBsFirer) { .sp = (guint8) CLAMP (v->halves, 0, 255), .morale = (guint8) bs_morale (v),
                           .range = (guint8) MAX (range, 0), .flags = WB_BS_FIRER_OPPORTUNITY };
      out[n++] = j;
    }
  if (n > 0 && wb_bs_fire_strength (data->tables, f, n) <= 0)
    return 0;
  return n;
}

/* The retreat of @i walked hex by hex (12.3, 10.7): excl. 2.10h, j's
 * Cohesion Check on entering a Bayou or Cypress hex, then Opportunity
 * Fire as it leaves each hex after the first; a Retreat result of that
 * fire adds its hexes to what is left of the retreat, which goes on from
 * there away from the firers too. */
static gboolean
walk_retreat (BsAct *a, guint i, int hexes, const guint *causers, guint n_causers, GError **error)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  WbUnitState *u = unit_at (m, i);
  guint cause[WB_BS_MAX_STACK * 4];
  guint nc = MIN (n_causers, G_N_ELEMENTS (cause));
  g_autofree guint8 *banned = g_new0 (guint8, data->n_units);
  BsRetreat r;
  int walked = 0;

  memcpy (cause, causers, nc * sizeof cause[0]);
  for (guint j = 0; j < data->n_units; j++)
    {
      const WbUnitState *v = unit_at (m, j);

      banned[j] = v->side != u->side && v->where.kind == WB_WHERE_HEX &&
                  wb_hex_distance (data->layout, v->where.hex, u->where.hex) <= 1;
    }
  _wb_bs_retreat (data, m, i, hexes, cause, nc, &r);
  if (r.end != BS_RETREAT_DONE)
    {
      break_in_retreat (a, i, (BsRetreatEnd) r.end);
      return TRUE;
    }
  if (r.n == 0)
    return TRUE;
  {
    g_autofree char *to = hex_name (data, r.hex[r.n - 1]);
    /* TRANSLATORS: 12.3: a retreat of N hexes ending at a hex */
    g_autofree char *what = g_strdup_printf (ngettext ("retreats %d hex to %s (12.3)", "retreats %d hexes to %s (12.3)",
                                                       (gulong) hexes), hexes, to);

    say_unit (a, u, what);
  }
  artillery_phase_mark (a, i);
  for (guint k = 0; k < r.n && u->where.kind == WB_WHERE_HEX; k++)
    {
      guint firers[WB_BS_MAX_STACK * 2], nf;
      BsState *st;
      int more;

      u->where.hex = r.hex[k];
      if (!_wb_bs_retreat_entry (a, i, r.hex[k], error))
        return FALSE;
      if (u->where.kind != WB_WHERE_HEX || k + 1 >= r.n || ++walked > 4 * BS_MAX_RETREAT)
        break;
      nf = gauntlet (a, i, r.hex[k], banned, firers, G_N_ELEMENTS (firers));
      if (nf == 0)
        continue;
      {
        g_autofree char *at = hex_name (data, r.hex[k]);
        g_autofree char *what = g_strdup_printf (_("leaves %s past the enemy: Opportunity Fire (10.7)"), at);

        say_unit (a, u, what);
      }
      st = bs_state (m);
      st->rt_extra = 0;
      if (!_wb_bs_fire (a, firers, nf, r.hex[k], BS_FIRE_OPPORTUNITY, (int) i, error))
        return FALSE;
      st = bs_state (m);
      more = st->rt_extra;
      st->rt_extra = 0;
      if (u->where.kind != WB_WHERE_HEX || more == 0)
        continue;
      /* The Retreat result adds to the distance left. */
      for (guint f = 0; f < nf && nc < G_N_ELEMENTS (cause); f++)
        cause[nc++] = firers[f];
      {
        int left = (int) (r.n - 1 - k) + more;
        g_autofree char *what = NULL;

        _wb_bs_retreat (data, m, i, left, cause, nc, &r);
        if (r.end != BS_RETREAT_DONE)
          {
            break_in_retreat (a, i, (BsRetreatEnd) r.end);
            return TRUE;
          }
        if (r.n == 0)
          break;
        {
          g_autofree char *to = hex_name (data, r.hex[r.n - 1]);

          /* TRANSLATORS: 10.7: a retreat lengthened by Opportunity Fire, the hexes left and where it ends */
          what = g_strdup_printf (ngettext ("retreats on, %d hex, to %s (10.7, 12.3)",
                                            "retreats on, %d hexes, to %s (10.7, 12.3)", (gulong) left), left, to);
        }
        say_unit (a, u, what);
        k = (guint) -1;   /* the new way from its first hex */
      }
    }
  return TRUE;
}

/* 12.3: the unit retreats @hexes away from @causers (walk_retreat). A
 * Retreat result of the Opportunity Fire at a unit retreating now is not
 * a new retreat: it lengthens the one under way (10.7). FALSE when a die
 * is missing. */
static gboolean
retreat_unit (BsAct *a, guint i, int hexes, const guint *causers, guint n_causers, GError **error)
{
  WbUnitState *u = unit_at (a->m, i);
  BsState *st = bs_state (a->m);
  gint16 saved_unit;
  guint8 saved_extra;
  gboolean ok;

  if (hexes <= 0 || u->where.kind != WB_WHERE_HEX)
    return TRUE;
  if (st->rt_unit == (gint16) (i + 1))
    {
      st->rt_extra = (guint8) MIN (st->rt_extra + hexes, BS_MAX_RETREAT);
      return TRUE;
    }
  saved_unit = st->rt_unit;
  saved_extra = st->rt_extra;
  st->rt_unit = (gint16) (i + 1);
  st->rt_extra = 0;
  ok = walk_retreat (a, i, hexes, causers, n_causers, error);
  st = bs_state (a->m);
  st->rt_unit = saved_unit;
  st->rt_extra = saved_extra;
  return ok;
}

/* Writes what the Cohesion Test did to @e back into its unit and says it;
 * the retreat is left to the caller (after Panic, 12.2 Important Note). */
static gboolean
write_back (BsAct *a, const WbBsUnit *e, int *retreat)
{
  WbUnitState *u = unit_at (a->m, (guint) e->index);
  guint32 before = u->flags;
  GString *what = g_string_new (NULL);
  gboolean lost;

  *retreat = 0;
  if ((e->flags & WB_BS_UNIT_WORN) && !(before & BS_UNIT_WORN))
    {
      u->flags |= BS_UNIT_WORN;
      u->halves = a->data->counter[e->index].sp[1];
      artillery_phase_mark (a, (guint) e->index);
      g_string_append (what, _("flips to its Battleworn side"));
    }
  for (guint k = 0; k < e->n_break_tests && k < G_N_ELEMENTS (e->break_dice); k++)
    {
      if (what->len > 0)
        g_string_append (what, ", ");
      /* TRANSLATORS: 12.6: a Break Test and its die */
      g_string_append_printf (what, _("Break Test %d"), e->break_dice[k]);
    }
  if (e->broken != 0)
    {
      break_unit (a, (guint) e->index, e->broken == WB_BS_ELIMINATED ? 0 : e->broken);
      if (what->len > 0)
        g_string_append (what, ", ");
      if (u->where.kind == WB_WHERE_BOX)
        /* TRANSLATORS: 12.6: the Broken Box a unit is placed in */
        g_string_append_printf (what, _("Broken Box %d"), e->broken);
      else
        g_string_append (what, _("eliminated"));
    }
  else
    {
      u->flags &= ~BS_UNIT_MORALE;
      if (e->morale == 1)
        u->flags |= BS_UNIT_SHAKEN;
      else if (e->morale >= 2)
        u->flags |= BS_UNIT_DISRUPTED;
      if ((u->flags & BS_UNIT_MORALE) != (before & BS_UNIT_MORALE))
        g_string_append_printf (what, "%s%s", what->len > 0 ? ", " : "",
                                e->morale >= 2 ? _("Disrupted") : e->morale == 1 ? _("Shaken") : _("rallied"));
      *retreat = e->retreat;
    }
  lost = what->len > 0 || *retreat > 0;
  if (what->len > 0)
    say_unit (a, u, what->str);
  g_string_free (what, TRUE);
  return lost;
}

/* ---- The CRT and the Cohesion Test ---- */

/* The test the throw calls for, the players' answer for a "?" cell. */
static gboolean
read_crt (BsAct *a, int column, int coloured, int white, int lead_cr, WbBsCombatKind kind, WbBsTest *test,
          GError **error)
{
  const WbBsTables *t = a->data->tables;

  *test = wb_bs_crt_read (t, column, coloured, white, lead_cr, kind);
  if (*test == WB_BS_TEST_UNKNOWN)
    {
      const char *given = next_answer (a);

      if (given == NULL)
        {
          wb_rule_needs_result (a->ctx, t->crt, column, coloured * 10 + white, error);
          return FALSE;
        }
      *test = wb_bs_test_from_code (t, given, kind);
      if (*test == WB_BS_TEST_UNKNOWN)
        return _wb_bs_fail (error, _("“%s” is not a result of %s"), given, wb_table_get_name (t->crt));
      if (*test == WB_BS_TEST_NONE && kind == WB_BS_CLOSE)
        *test = WB_BS_TEST_CLOSE_FIGHT;
    }
  return TRUE;
}

/* The Cohesion Test's two results (12.1, 12.2), the owner's dice. */
static gboolean
cohesion_results (BsAct *a, WbBsCombatKind kind, WbBsTest test, WbBsDepletion *depletion, WbBsSkedaddle *skedaddle,
                  GError **error)
{
  const WbBsTables *t = a->data->tables;
  int coloured, white, column;
  WbTable *unknown = NULL;

  if (!act_die (a, &coloured, error) || !act_die (a, &white, error))
    return FALSE;
  if (wb_bs_cohesion_lookup (t, kind, test, coloured, white, depletion, skedaddle, &unknown, &column))
    return TRUE;
  if (unknown == NULL)
    return _wb_bs_fail (error, _("The Cohesion Test Table has no column for this test"));
  if (*depletion == WB_BS_DEPLETE_UNKNOWN)
    {
      const char *given = next_answer (a);

      if (given == NULL)
        {
          wb_rule_needs_result (a->ctx, t->depletion[kind], t->deplete_column[kind][test], coloured, error);
          return FALSE;
        }
      *depletion = wb_bs_depletion_from_code (given);
      if (*depletion == WB_BS_DEPLETE_UNKNOWN)
        return _wb_bs_fail (error, _("“%s” is not a Depletion result"), given);
    }
  if (skedaddle->unknown)
    {
      const char *given = next_answer (a);

      if (given == NULL)
        {
          wb_rule_needs_result (a->ctx, t->skedaddle[kind], t->skedaddle_column[kind][test], white, error);
          return FALSE;
        }
      if (!wb_bs_skedaddle_parse (given, skedaddle))
        return _wb_bs_fail (error, _("“%s” is not a Skedaddle result"), given);
    }
  return TRUE;
}

/* What each test's chances are for the Lead Unit's CR on @column: the
 * preview's "Routine 8%, Tough 6%, Severe 3%". */
static char *
chances_text (const WbBsTables *t, int column, int lead_cr, WbBsCombatKind kind)
{
  int count[WB_BS_TEST_UNKNOWN + 1] = { 0 };
  GString *s = g_string_new (NULL);

  for (int c = 1; c <= 6; c++)
    for (int w = 1; w <= 6; w++)
      count[wb_bs_crt_read (t, column, c, w, lead_cr, kind)]++;
  for (int k = WB_BS_TEST_CLOSE_FIGHT; k <= WB_BS_TEST_UNKNOWN; k++)
    if (count[k] > 0)
      g_string_append_printf (s, "%s%s %d%%", s->len > 0 ? ", " : "", wb_bs_test_name ((WbBsTest) k),
                              (count[k] * 100 + 18) / 36);
  if (s->len == 0)
    g_string_append (s, _("no effect possible"));
  return g_string_free (s, FALSE);
}

static char *
shifts_text (const BsShifts *sh)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < sh->n; i++)
    if (sh->s[i].shift != 0)
      g_string_append_printf (s, "%s%s %+d", s->len > 0 ? ", " : "", sh->s[i].what, sh->s[i].shift);
  if (s->len == 0)
    g_string_append (s, _("no shifts"));
  return g_string_free (s, FALSE);
}

static const char *
column_label (const WbBsTables *t, int column)
{
  GPtrArray *columns = wb_table_get_columns (t->crt);

  return column >= 0 && (guint) column < columns->len ? ((WbTableColumn *) g_ptr_array_index (columns, column))->label
                                                       : "?";
}

/* Panic (12.1, 12.2c): @count units of the tested side stacked with or
 * next to @hex, not the Lead Unit, whose modified CR is no higher than
 * the Lead Unit's after the Depletion Test (the Panic Example: the C SP
 * unit at CR 2 qualifies, the Shaken unit at CR 3 does not), the lowest
 * CR first (12.2c; Fire Combat's choice by the firing player is made the
 * same way: reading noted in docs/games/chickasaw-bayou.md). */
static gboolean
panic (BsAct *a, WbOffset hex, guint side, int lead_index, int lead_cr, const WbBsSkedaddle *skedaddle, int count,
       const guint *causers, guint n_causers, guint *panicked, guint *n_panicked, GError **error)
{
  guint cand[64];
  int cr[64];
  guint n = 0;

  for (guint i = 0; i < a->data->n_units && n < G_N_ELEMENTS (cand); i++)
    {
      const WbUnitState *u = unit_at (a->m, i);
      WbBsUnit e;

      if ((int) i == lead_index || u->side != side || u->where.kind != WB_WHERE_HEX ||
          bs_role (a->data, a->m, i) == BS_ROLE_MARKER ||
          wb_hex_distance (a->data->layout, u->where.hex, hex) > 1)
        continue;
      _wb_bs_engine_unit (a->data, a->m, i, FALSE, &e);
      if (wb_bs_unit_cr (a->data->tables, &e) > lead_cr)
        continue;
      cand[n] = i;
      cr[n] = wb_bs_unit_cr (a->data->tables, &e);
      n++;
    }
  for (int k = 0; k < count && n > 0; k++)
    {
      guint best = 0;
      WbBsUnit e;
      int retreat;

      for (guint j = 1; j < n; j++)
        if (cr[j] < cr[best])
          best = j;
      _wb_bs_engine_unit (a->data, a->m, cand[best], FALSE, &e);
      e.index = (gint16) cand[best];
      say_unit (a, unit_at (a->m, cand[best]), _("panics (12.1)"));
      panicked[(*n_panicked)++] = cand[best];
      if (!wb_bs_panic_apply (a->data->tables, skedaddle, &e, act_die, a, error))
        return FALSE;
      write_back (a, &e, &retreat);
      if (!retreat_unit (a, cand[best], retreat, causers, n_causers, error))
        return FALSE;
      cand[best] = cand[n - 1];
      cr[best] = cr[n - 1];
      n--;
    }
  return TRUE;
}

/* ---- Fire Combat (9.0) ---- */

/* Whether two lines into the target hex are a full hexside apart (9.3c):
 * their directions from the target differ by two or more. */
static gboolean
flanking (BsData *data, WbMatch *m, const guint *firers, guint n, WbOffset target)
{
  int dirs[WB_BS_MAX_STACK * 2];
  guint nd = 0;

  for (guint k = 0; k < n && nd < G_N_ELEMENTS (dirs); k++)
    {
      WbOffset from = unit_at (m, firers[k])->where.hex;
      int d = wb_hex_direction_to (data->layout, target, from);

      if (d >= 0)
        dirs[nd++] = d;
    }
  for (guint i = 0; i < nd; i++)
    for (guint j = i + 1; j < nd; j++)
      {
        int diff = ABS (dirs[i] - dirs[j]) % 6;

        if (MIN (diff, 6 - diff) >= 2)
          return TRUE;
      }
  return FALSE;
}

gboolean
_wb_bs_fire (BsAct *a, const guint *firers, guint n_firers, WbOffset target, BsFirePurpose purpose, int only,
             GError **error)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  const WbBsTables *t = data->tables;
  WbBsFirer fire[WB_BS_MAX_STACK * 2];
  guint8 range_of[WB_BS_MAX_STACK * 2];
  guint targets[WB_BS_MAX_STACK];
  guint n_targets;
  BsLos worst = { 0 };
  BsShifts shifts = { 0 };
  gboolean defensive = purpose == BS_FIRE_DEFENSIVE || purpose == BS_FIRE_SUPPORTING;
  int strength, column, lead, lead_cr, coloured, white, shift;
  gboolean clamped = FALSE, flank;
  guint side;
  WbBsTest test;
  g_autofree char *where = hex_name (data, target);

  if (n_firers == 0 || n_firers > G_N_ELEMENTS (fire))
    return _wb_bs_fail (error, _("A fire needs between one and %d firing units"), (int) G_N_ELEMENTS (fire));
  side = unit_at (m, firers[0])->side;
  if (only >= 0)
    {
      targets[0] = (guint) only;
      n_targets = 1;
    }
  else
    n_targets = units_in_hex (data, m, target, targets, G_N_ELEMENTS (targets));
  if (n_targets == 0 || unit_at (m, targets[0])->side == side)
    return _wb_bs_fail (error, _("No enemy unit is at %s"), where);
  for (guint k = 0; k < n_firers; k++)
    {
      WbUnitState *u = unit_at (m, firers[k]);
      const char *why = NULL;
      int range = WB_BS_RANGE_EFFECTIVE;
      BsLos los;

      if (u->side != side)
        return _wb_bs_fail (error, _("The firing units are of one side"));
      if (!_wb_bs_can_fire (data, m, firers[k], target, defensive, &range, &los, &why))
        {
          g_autofree char *name = wb_match_unit_text (m, u);

          if (!wb_rule_check (a->ctx, m, "bs.fire", FALSE, error, _("%s cannot fire at %s: %s (9.1)"), name, where,
                              why != NULL ? why : ""))
            return FALSE;
          range = MAX (range, WB_BS_RANGE_EFFECTIVE);
        }
      if (los.kind > worst.kind)
        worst.kind = los.kind;
      worst.obscuring = MAX (worst.obscuring, los.obscuring);
      worst.over_units = MAX (worst.over_units, los.over_units);
      range_of[k] = (guint8) range;
      fire[k].sp = (guint8) CLAMP (u->halves, 0, 255);
      fire[k].morale = (guint8) bs_morale (u);
      fire[k].range = (guint8) range;
      fire[k].flags = purpose == BS_FIRE_OPPORTUNITY ? WB_BS_FIRER_OPPORTUNITY
                      : purpose == BS_FIRE_SUPPORTING ? WB_BS_FIRER_SUPPORTING : 0;
      if ((u->flags & BS_UNIT_CHAOS) && defensive)
        fire[k].flags |= WB_BS_FIRER_HALVED;
    }
  strength = wb_bs_fire_strength (t, fire, n_firers);
  if (strength <= 0)
    return _wb_bs_fail (error, _("Under ½ SP fires at %s: it cannot fire (9.3)"), where);
  flank = purpose == BS_FIRE_NORMAL && flanking (data, m, firers, n_firers, target);
  _wb_bs_fire_shifts (data, m, firers, n_firers, range_of, target, &worst, flank, &shifts);
  shift = bs_shifts_total (&shifts);
  column = wb_bs_column (t, strength, shift, defensive, &clamped);
  lead = lead_of (data, m, targets, n_targets);
  {
    WbBsUnit e;

    _wb_bs_engine_unit (data, m, targets[lead], FALSE, &e);
    lead_cr = wb_bs_unit_cr (t, &e);
  }
  if (a->ctx->preview != NULL)
    {
      g_autofree char *sp = sp_text (strength);
      g_autofree char *sh = shifts_text (&shifts);
      g_autofree char *ch = column >= 0 ? chances_text (t, column, lead_cr, WB_BS_FIRE) : NULL;
      g_autofree char *lead_name = wb_match_unit_text (m, unit_at (m, targets[lead]));

      if (column < 0)
        /* TRANSLATORS: 9.3: the shifts take the fire beyond the C column */
        a->ctx->preview->text = g_strdup_printf (_("%s SP at %s (%s): beyond the C column, the fire is ignored"),
                                                 sp, where, sh);
      else
        /* TRANSLATORS: a fire before the roll: SP, hex, column, shifts, the Lead Unit and its CR, the chances */
        a->ctx->preview->text = g_strdup_printf (_("%s SP at %s → column %s (%s); Lead Unit %s, CR %d: %s"), sp,
                                                 where, column_label (t, column), sh, lead_name, lead_cr, ch);
      a->ctx->preview->table = NULL;   /* the chances are the Lead Unit's, in the text */
      a->ctx->preview->column = column;
      return TRUE;
    }
  for (guint k = 0; k < n_firers; k++)
    if (purpose != BS_FIRE_OPPORTUNITY)
      unit_at (m, firers[k])->flags |= BS_UNIT_FIRED;
  if (column < 0)
    {
      g_autofree char *sh = shifts_text (&shifts);

      /* TRANSLATORS: 9.3: the fire is ignored */
      wb_rule_say (a->ctx, m, _("fires at %s: the shifts (%s) take it beyond the C column, it is ignored (9.3)."),
                   where, sh);
      return TRUE;
    }
  if (!act_die (a, &coloured, error) || !act_die (a, &white, error))
    return FALSE;
  if (!read_crt (a, column, coloured, white, lead_cr, WB_BS_FIRE, &test, error))
    return FALSE;
  {
    g_autofree char *sp = sp_text (strength);
    g_autofree char *sh = shifts_text (&shifts);
    g_autofree char *lead_name = wb_match_unit_text (m, unit_at (m, targets[lead]));

    /* TRANSLATORS: 9.3: a fire's SP, target, column, shifts, the throw, the Lead Unit and the test */
    wb_rule_say (a->ctx, m, _("%s%s SP fire at %s on column %s (%s): %d%d against %s, CR %d — %s (9.3)."),
                 purpose == BS_FIRE_OPPORTUNITY ? _("Opportunity Fire: ")
                 : purpose == BS_FIRE_DEFENSIVE ? _("Defensive Fire: ")
                 : purpose == BS_FIRE_SUPPORTING ? _("Supporting Defensive Fire: ") : "",
                 sp, where, column_label (t, column), sh, coloured, white, lead_name, lead_cr,
                 test == WB_BS_TEST_NONE ? _("no effect") : wb_bs_test_name (test));
  }
  for (guint k = 0; k < n_targets; k++)
    _wb_bs_fired_upon (data, m, targets[k], a->ctx);
  if (test == WB_BS_TEST_NONE)
    return TRUE;
  {
    WbBsCohesion c = { 0 };
    WbBsDepletion depletion;
    WbBsSkedaddle skedaddle;
    int retreat[WB_BS_MAX_STACK];
    int lead_after;
    guint target_side = unit_at (m, targets[0])->side;
    gboolean lost = FALSE;

    if (!cohesion_results (a, WB_BS_FIRE, test, &depletion, &skedaddle, error))
      return FALSE;
    for (guint k = 0; k < n_targets; k++)
      {
        _wb_bs_engine_unit (data, m, targets[k], FALSE, &c.defenders[k]);
        c.defenders[k].index = (gint16) targets[k];
      }
    c.n_defenders = (guint8) n_targets;
    c.lead = (guint8) lead;
    if (!wb_bs_cohesion_apply (t, &c, WB_BS_FIRE, depletion, &skedaddle, act_die, a, error))
      return FALSE;
    /* The Lead Unit's CR after the Depletion Test, for Panic. */
    {
      WbBsUnit after = c.defenders[lead];

      after.morale = (guint8) bs_morale (unit_at (m, targets[lead]));
      lead_after = wb_bs_unit_cr (t, &after);
    }
    for (guint k = 0; k < n_targets; k++)
      lost |= write_back (a, &c.defenders[k], &retreat[k]);
    for (guint k = 0; k < n_targets; k++)
      if (!retreat_unit (a, targets[k], retreat[k], firers, n_firers, error))
        return FALSE;
    if (lost)
      remove_pioneers (a, target, target_side);
    if (skedaddle.panic > 0)
      {
        guint panicked[64], np = 0;

        if (!panic (a, target, target_side, (int) targets[lead], lead_after, &skedaddle, skedaddle.panic, firers,
                    n_firers, panicked, &np, error))
          return FALSE;
      }
  }
  return TRUE;
}

/* ---- Close Combat (11.0) ---- */

static int
hex_sp (BsData *data, WbMatch *m, const guint *units, guint n, WbOffset hex)
{
  int sp = 0;

  for (guint k = 0; k < n; k++)
    if (on_hex (unit_at (m, units[k]), hex))
      sp += unit_at (m, units[k])->halves;
  (void) data;
  return sp;
}

/* What @units fire with at @target for @purpose (half SPs): 0 when under
 * ½ SP, and they do not fire (9.3). */
static int
group_strength (BsData *data, WbMatch *m, const guint *units, guint n, WbOffset target, BsFirePurpose purpose)
{
  WbBsFirer fire[WB_BS_MAX_STACK * 2];
  guint k2 = 0;

  for (guint k = 0; k < n && k2 < G_N_ELEMENTS (fire); k++)
    {
      const WbUnitState *u = unit_at (m, units[k]);
      int range = WB_BS_RANGE_EFFECTIVE;
      BsLos los;
      const char *why;

      if (!_wb_bs_can_fire (data, m, units[k], target, TRUE, &range, &los, &why))
        continue;
      fire[k2].sp = (guint8) CLAMP (u->halves, 0, 255);
      fire[k2].morale = (guint8) bs_morale (u);
      fire[k2].range = (guint8) MAX (range, 0);
      fire[k2].flags = purpose == BS_FIRE_SUPPORTING ? WB_BS_FIRER_SUPPORTING : 0;
      if (u->flags & BS_UNIT_CHAOS)
        fire[k2].flags |= WB_BS_FIRER_HALVED;
      k2++;
    }
  return k2 > 0 ? wb_bs_fire_strength (data->tables, fire, k2) : 0;
}

/* The attackers still in the fight (not retreated or broken by the
 * Defensive Fire, 11.3a): still next to the target. */
static guint
still_attacking (BsData *data, WbMatch *m, const guint *attackers, guint n, WbOffset target, guint *out)
{
  guint k2 = 0;

  for (guint k = 0; k < n; k++)
    {
      const WbUnitState *u = unit_at (m, attackers[k]);

      if (u->where.kind == WB_WHERE_HEX && wb_hex_distance (data->layout, u->where.hex, target) == 1)
        out[k2++] = attackers[k];
    }
  return k2;
}

/* 11.3a: the defenders fire at the attacking hex with the most SP, then
 * the other enemies next to an attacker (not themselves attacked) fire
 * with half their SP at the attacking hex next to them with the most SP.
 * The defending player's choices (whether and where to fire) are made so:
 * reading noted in docs/games/chickasaw-bayou.md. */
static gboolean
defensive_fire (BsAct *a, const guint *attackers, guint n, WbOffset target, GError **error)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  guint defenders[WB_BS_MAX_STACK], firing[WB_BS_MAX_STACK];
  guint nd = units_in_hex (data, m, target, defenders, G_N_ELEMENTS (defenders)), nf = 0;
  gboolean attacked_by_cavalry = FALSE;
  WbOffset best = target;
  int best_sp = 0;

  for (guint k = 0; k < n; k++)
    if (data->counter[attackers[k]].role == BS_ROLE_CAVALRY)
      attacked_by_cavalry = TRUE;
  for (guint k = 0; k < n; k++)
    {
      WbOffset h = unit_at (m, attackers[k])->where.hex;
      int sp = hex_sp (data, m, attackers, n, h);

      if (sp > best_sp)
        {
          best_sp = sp;
          best = h;
        }
    }
  if (best_sp == 0)
    return TRUE;
  for (guint k = 0; k < nd; k++)
    {
      const BsCounter *c = &data->counter[defenders[k]];
      int range;
      BsLos los;
      const char *why;

      /* Mounted cavalry with CC weapons, and any mounted cavalry attacked
       * by cavalry, do not fire (11.3a Note). */
      if (c->role == BS_ROLE_CAVALRY && (attacked_by_cavalry || _wb_bs_close_only (data, c->weapon)))
        continue;
      if (c->role == BS_ROLE_PIONEER || c->role == BS_ROLE_MARKER)
        continue;
      if (_wb_bs_can_fire (data, m, defenders[k], best, TRUE, &range, &los, &why))
        firing[nf++] = defenders[k];
    }
  if (nf > 0 && group_strength (data, m, firing, nf, best, BS_FIRE_DEFENSIVE) > 0 &&
      !_wb_bs_fire (a, firing, nf, best, BS_FIRE_DEFENSIVE, -1, error))
    return FALSE;
  /* Supporting Defensive Fire, hex by hex of the supporting units. */
  for (guint i = 0; i < data->n_units; i++)
    {
      const WbUnitState *u = unit_at (m, i);
      guint group[WB_BS_MAX_STACK], ng = 0;
      guint left[WB_BS_MAX_STACK * 2];
      guint nl = still_attacking (data, m, attackers, n, target, left);
      WbOffset at = target;
      int at_sp = 0;

      /* 11.3b: cavalry that withdrew gives no Defensive Fire at all. */
      if (u->where.kind != WB_WHERE_HEX || on_hex (u, target) || u->side == unit_at (m, attackers[0])->side ||
          (u->flags & BS_UNIT_FIRED) || (u->data[BS_DATA_SERIES] & BS_SR_WITHDREW) ||
          bs_role (data, m, i) == BS_ROLE_PIONEER ||
          bs_role (data, m, i) == BS_ROLE_MARKER)
        continue;
      /* The first unit of its hex stands for the hex. */
      {
        gboolean first = TRUE;

        for (guint j = 0; j < i; j++)
          if (on_hex (unit_at (m, j), u->where.hex) && unit_at (m, j)->side == u->side &&
              !(unit_at (m, j)->data[BS_DATA_SERIES] & BS_SR_WITHDREW))
            first = FALSE;
        if (!first)
          continue;
      }
      for (guint k = 0; k < nl; k++)
        {
          WbOffset h = unit_at (m, left[k])->where.hex;
          int sp = hex_sp (data, m, left, nl, h);

          if (wb_hex_distance (data->layout, h, u->where.hex) == 1 && sp > at_sp)
            {
              at_sp = sp;
              at = h;
            }
        }
      if (at_sp == 0)
        continue;
      for (guint j = i; j < data->n_units && ng < G_N_ELEMENTS (group); j++)
        {
          const WbUnitState *v = unit_at (m, j);
          int range;
          BsLos los;
          const char *why;

          if (v->side == u->side && on_hex (v, u->where.hex) && bs_role (data, m, j) != BS_ROLE_PIONEER &&
              !(v->data[BS_DATA_SERIES] & BS_SR_WITHDREW) &&
              bs_role (data, m, j) != BS_ROLE_MARKER &&
              _wb_bs_can_fire (data, m, j, at, TRUE, &range, &los, &why))
            group[ng++] = j;
        }
      if (ng > 0 && group_strength (data, m, group, ng, at, BS_FIRE_SUPPORTING) > 0 &&
          !_wb_bs_fire (a, group, ng, at, BS_FIRE_SUPPORTING, -1, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_wb_bs_close (BsAct *a, const guint *attackers, guint n_attackers, WbOffset target, BsCloseOutcome *out,
              GError **error)
{
  BsData *data = a->data;
  WbMatch *m = a->m;
  const WbBsTables *t = data->tables;
  guint left[WB_BS_MAX_STACK * 2], assault[WB_BS_MAX_STACK], flank[WB_BS_MAX_STACK * 2];
  guint defenders[WB_BS_MAX_STACK];
  guint nl, na = 0, nf = 0, nd;
  WbOffset assault_hex = target;
  int best_sp = 0, strength, column, shift, lead, lead_cr, coloured, white;
  gboolean clamped = FALSE, charge = FALSE, def_two = FALSE;
  BsShifts shifts = { 0 };
  WbBsFirer fire[WB_BS_MAX_STACK];
  WbBsTest test;
  guint side, target_side;
  g_autofree char *where = hex_name (data, target);

  memset (out, 0, sizeof *out);
  if (a->ctx->preview == NULL)
    bs_state (m)->cc_def_advance = 0;
  if (n_attackers == 0 || n_attackers > G_N_ELEMENTS (left))
    return _wb_bs_fail (error, _("A Close Combat needs between one and %d attacking units"),
                        (int) G_N_ELEMENTS (left));
  side = unit_at (m, attackers[0])->side;
  nd = units_in_hex (data, m, target, defenders, G_N_ELEMENTS (defenders));
  if (nd == 0 || unit_at (m, defenders[0])->side == side)
    return _wb_bs_fail (error, _("No enemy unit is at %s"), where);
  target_side = unit_at (m, defenders[0])->side;
  for (guint k = 0; k < n_attackers; k++)
    {
      const WbUnitState *u = unit_at (m, attackers[k]);
      g_autofree char *name = wb_match_unit_text (m, u);

      if (u->side != side || u->where.kind != WB_WHERE_HEX ||
          wb_hex_distance (data->layout, u->where.hex, target) != 1)
        return _wb_bs_fail (error, _("%s is not next to %s (11.2)"), name, where);
      if (!wb_rule_check (a->ctx, m, "bs.close", data->counter[attackers[k]].role == BS_ROLE_INFANTRY ||
                                                   data->counter[attackers[k]].role == BS_ROLE_CAVALRY,
                          error, _("%s may not initiate Close Combat (11.1, excl. 2.1a)"), name))
        return FALSE;
    }
  /* Before the roll: the Close Combat as it would be without the
   * Defensive Fire's results. */
  if (a->ctx->preview == NULL)
    {
      /* TRANSLATORS: 11.2: a Close Combat declared */
      wb_rule_say (a->ctx, m, _("attacks %s in Close Combat (11.2)."), where);
      for (guint k = 0; k < n_attackers; k++)
        unit_at (m, attackers[k])->flags |= BS_UNIT_COMMITTED;
      if (!defensive_fire (a, attackers, n_attackers, target, error))
        return FALSE;
    }
  nl = still_attacking (data, m, attackers, n_attackers, target, left);
  if (nl == 0)
    {
      wb_rule_say (a->ctx, m, _("No attacker is left after the Defensive Fire (11.3a)."));
      return TRUE;
    }
  /* The Assaulting Hex: the attacking hex with the most SP (the attacking
   * player's choice, made so: reading noted). */
  for (guint k = 0; k < nl; k++)
    {
      WbOffset h = unit_at (m, left[k])->where.hex;
      int sp = hex_sp (data, m, left, nl, h);

      if (sp > best_sp)
        {
          best_sp = sp;
          assault_hex = h;
        }
    }
  for (guint k = 0; k < nl; k++)
    {
      if (on_hex (unit_at (m, left[k]), assault_hex))
        assault[na++] = left[k];
      else
        flank[nf++] = left[k];
    }
  for (guint k = 0; k < na; k++)
    {
      const WbUnitState *u = unit_at (m, assault[k]);

      fire[k].sp = (guint8) CLAMP (u->halves, 0, 255);
      fire[k].morale = (guint8) bs_morale (u);
      fire[k].range = WB_BS_RANGE_EFFECTIVE;
      fire[k].flags = 0;
    }
  strength = wb_bs_fire_strength (t, fire, na);
  {
    int al = lead_of (data, m, assault, na);

    charge = (unit_at (m, assault[al])->flags & BS_UNIT_CHARGED) != 0;
  }
  _wb_bs_close_shifts (data, m, assault, na, flank, nf, target, charge, &shifts);
  shift = bs_shifts_total (&shifts);
  /* Close Combat always tests (11.0): a Close Combat shifted beyond C is
   * resolved on C (reading noted). */
  column = wb_bs_column (t, MAX (strength, 1), shift, TRUE, &clamped);
  lead = lead_of (data, m, defenders, nd);
  {
    WbBsUnit e;

    _wb_bs_engine_unit (data, m, defenders[lead], FALSE, &e);
    lead_cr = wb_bs_unit_cr (t, &e);
  }
  if (a->ctx->preview != NULL)
    {
      g_autofree char *sp = sp_text (strength);
      g_autofree char *sh = shifts_text (&shifts);
      g_autofree char *ch = chances_text (t, column, lead_cr, WB_BS_CLOSE);
      g_autofree char *lead_name = wb_match_unit_text (m, unit_at (m, defenders[lead]));

      /* TRANSLATORS: a Close Combat before the roll (and before the Defensive Fire) */
      a->ctx->preview->text = g_strdup_printf (_("Close Combat: %s SP at %s → column %s (%s); Lead Unit %s, CR %d: "
                                                 "%s; the Defensive Fire comes first"),
                                               sp, where, column_label (t, column), sh, lead_name, lead_cr, ch);
      a->ctx->preview->table = NULL;   /* the chances are the Lead Unit's, in the text */
      a->ctx->preview->column = column;
      return TRUE;
    }
  if (!act_die (a, &coloured, error) || !act_die (a, &white, error))
    return FALSE;
  if (!read_crt (a, column, coloured, white, lead_cr, WB_BS_CLOSE, &test, error))
    return FALSE;
  {
    g_autofree char *sp = sp_text (strength);
    g_autofree char *sh = shifts_text (&shifts);
    g_autofree char *lead_name = wb_match_unit_text (m, unit_at (m, defenders[lead]));

    /* TRANSLATORS: 11.3c: a Close Combat's SP, column, shifts, throw, Lead Unit and test */
    wb_rule_say (a->ctx, m, _("Close Combat: %s SP at %s on column %s (%s): %d%d against %s, CR %d — %s (11.3)."),
                 sp, where, column_label (t, column), sh, coloured, white, lead_name, lead_cr,
                 wb_bs_test_name (test));
  }
  {
    WbBsCohesion c = { 0 };
    WbBsDepletion depletion;
    WbBsSkedaddle skedaddle;
    int retreat_d[WB_BS_MAX_STACK], retreat_a[WB_BS_MAX_STACK];
    int lead_after, al = lead_of (data, m, assault, na);
    gboolean lost = FALSE;

    if (!cohesion_results (a, WB_BS_CLOSE, test, &depletion, &skedaddle, error))
      return FALSE;
    for (guint k = 0; k < nd; k++)
      {
        _wb_bs_engine_unit (data, m, defenders[k], FALSE, &c.defenders[k]);
        c.defenders[k].index = (gint16) defenders[k];
      }
    c.n_defenders = (guint8) nd;
    c.lead = (guint8) lead;
    for (guint k = 0; k < na; k++)
      {
        _wb_bs_engine_unit (data, m, assault[k], TRUE, &c.attackers[k]);
        c.attackers[k].index = (gint16) assault[k];
      }
    c.n_attackers = (guint8) na;
    c.attacker_lead = (guint8) al;
    for (guint k = 0; k < nf; k++)
      {
        WbBsUnit e;

        _wb_bs_engine_unit (data, m, flank[k], TRUE, &e);
        c.more_attacking_sp = (guint16) (c.more_attacking_sp + wb_bs_unit_modified_sp (t, &e));
      }
    if (!wb_bs_cohesion_apply (t, &c, WB_BS_CLOSE, depletion, &skedaddle, act_die, a, error))
      return FALSE;
    {
      WbBsUnit after = c.defenders[lead];

      after.morale = (guint8) bs_morale (unit_at (m, defenders[lead]));
      lead_after = wb_bs_unit_cr (t, &after);
    }
    for (guint k = 0; k < nd; k++)
      lost |= write_back (a, &c.defenders[k], &retreat_d[k]);
    for (guint k = 0; k < na; k++)
      write_back (a, &c.attackers[k], &retreat_a[k]);
    /* Panic before the retreats of the Lead Unit's stack (12.2 Important
     * Note): the engine keeps the greater of RA and the Panic's retreat. */
    guint panicked[64], np = 0;

    /* The stacked units' RA is applied with the Panic, the greater (not both). */
    if (skedaddle.panic > 0 &&
        !panic (a, target, target_side, (int) defenders[lead], lead_after, &skedaddle, skedaddle.panic, assault,
                na, panicked, &np, error))
      return FALSE;
    for (guint k = 0; k < nd; k++)
      {
        gboolean done = FALSE;

        for (guint j = 0; j < np; j++)
          done |= panicked[j] == defenders[k];
        if (retreat_d[k] >= 2 || c.defenders[k].broken != 0)
          out->advance = 2;
        if (!done && !retreat_unit (a, defenders[k], retreat_d[k], assault, na, error))
          return FALSE;
      }
    for (guint k = 0; k < na; k++)
      {
        if (retreat_a[k] >= 2 || c.attackers[k].broken != 0)
          def_two = TRUE;
        if (!retreat_unit (a, assault[k], retreat_a[k], defenders, nd, error))
          return FALSE;
      }
    if (lost || nd == 0)
      remove_pioneers (a, target, target_side);
  }
  /* 12.7: the Assaulting Hex emptied of the attackers by the Close Combat
   * Cohesion Test (the Flanking Hexes take none): the defenders still in
   * the hex may advance into it, two hexes when an attacker there
   * retreated two or more or broke. */
  {
    guint still[WB_BS_MAX_STACK];
    BsState *st = bs_state (m);

    st->cc_assault = assault_hex;
    st->cc_def_advance = 0;
    if (units_in_hex (data, m, assault_hex, still, G_N_ELEMENTS (still)) == 0 &&
        units_in_hex (data, m, target, still, G_N_ELEMENTS (still)) > 0 &&
        unit_at (m, still[0])->side == target_side)
      st->cc_def_advance = def_two ? 2 : 1;
  }
  /* 12.7: the hex emptied of the enemy. */
  {
    guint still[WB_BS_MAX_STACK];

    if (units_in_hex (data, m, target, still, G_N_ELEMENTS (still)) == 0)
      {
        out->vacated = TRUE;
        if (out->advance == 0)
          out->advance = 1;
      }
    else
      out->advance = 0;
  }
  return TRUE;
}
