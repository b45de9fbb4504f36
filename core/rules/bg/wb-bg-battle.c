/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bg-battle"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "wb-error.h"
#include "rules/bg/wb-bg-battle.h"

/* The battle board of the Blue & Gray Campaign Series (base rules 11),
 * a state machine over plain data. Every action first checks its
 * arguments, then draws all the dice it needs (how many is known before
 * any is read), and only then changes the board and says what happened:
 * a missing typed roll stops it with the board untouched. */

#define RUN_DICE 256

typedef struct {
  const WbBgBattleIo *io;
  gboolean            talk;     /* someone listens: format the lines */
  int                *faces;
  int                 n_faces;
  int                 next;
  int                *buf;      /* RUN_DICE faces on the caller's stack, or NULL */
} Run;

/* The arguments (names, plurals, translations) only when someone listens. */
#define SAY(run, ...) G_STMT_START { if ((run)->talk) say ((run), __VA_ARGS__); } G_STMT_END

static void say (Run *run, const char *format, ...) G_GNUC_PRINTF (2, 3);
static void say_dice (Run *run, int n_dice, const char *format, ...) G_GNUC_PRINTF (3, 4);
#define SAY_DICE(run, n, ...) G_STMT_START { if ((run)->talk) say_dice ((run), (n), __VA_ARGS__); } G_STMT_END

static void
say (Run        *run,
     const char *format,
     ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  run->io->say (run->io->data, text);
}

/* A line that reports the next @n_dice of the dice drawn (the family's
 * log shows them with it), when the family takes them so. */
static void
say_dice (Run        *run,
          int         n_dice,
          const char *format,
          ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  if (run->io->say_dice != NULL)
    run->io->say_dice (run->io->data, text, n_dice);
  else
    run->io->say (run->io->data, text);
}

static void
run_begin (Run                *run,
           const WbBgBattleIo *io)
{
  run->io = io;
  run->talk = io != NULL && io->say != NULL;
  run->buf = NULL;
  run->faces = NULL;
  run->n_faces = run->next = 0;
}

static void
run_end (Run *run)
{
  if (run->faces != run->buf)
    g_free (run->faces);
  run->faces = NULL;
}

/* Draws the @n dice of six faces the action will read. */
static gboolean
draw (Run     *run,
      int      n,
      GError **error)
{
  gboolean (*die) (gpointer, int, int *, GError **);
  gpointer data;

  if (n > 0 && (run->io == NULL || run->io->die == NULL))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("The battle has no dice"));
      return FALSE;
    }
  run->faces = n > RUN_DICE || run->buf == NULL ? g_new (int, MAX (n, 1)) : run->buf;
  if (n == 0)
    return TRUE;
  die = run->io->die;
  data = run->io->data;
  for (int i = 0; i < n; i++)
    {
      int *face = &run->faces[i];

      if (!die (data, 6, face, error))
        return FALSE;
      if (*face < 1 || *face > 6)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                       _("A die of %d faces shows 1 to %d, not %d"), 6, 6, *face);
          return FALSE;
        }
    }
  run->n_faces = n;
  return TRUE;
}

/* The next die drawn. */
static int
take (Run *run)
{
  g_assert (run->next < run->n_faces);
  return run->faces[run->next++];
}

static const char *
unit_name (Run                  *run,
           const WbBgBattleUnit *u,
           char                  buf[48])
{
  const char *n = NULL;

  if (run->io != NULL && run->io->name != NULL)
    n = run->io->name (run->io->data, u->index);
  if (n != NULL)
    return n;
  g_snprintf (buf, 48, _("unit %d"), u->index);
  return buf;
}

static const char *
side_name (Run     *run,
           WbBgSide side)
{
  const char *n = NULL;

  if (run->io != NULL && run->io->side_name != NULL)
    n = run->io->side_name (run->io->data, side);
  if (n != NULL)
    return n;
  return side == WB_BG_ATTACKER ? _("Attacker") : _("Defender");
}

/* Units */

static inline gboolean
alive (const WbBgBattleUnit *u)
{
  return u->box != WB_BG_BOX_GONE;
}

static inline gboolean
in_battle (const WbBgBattleUnit *u)
{
  return u->box < WB_BG_BOX_OFF;
}

static inline gboolean
in_line_box (guint box)
{
  return box <= WB_BG_BOX_FORTIFIED;
}

static inline gboolean
in_line (const WbBgBattleUnit *u)
{
  return in_line_box (u->box);
}

/* Infantry, garrisons and cavalry that fights as infantry: they stand in
 * the line and fire. */
static inline gboolean
fights (const WbBgBattleUnit *u)
{
  return u->klass == WB_BG_CLASS_INFANTRY || u->klass == WB_BG_CLASS_GARRISON ||
         u->klass == WB_BG_CLASS_FIGHTING_CAVALRY;
}

static inline WbBgSide
other (WbBgSide side)
{
  return side == WB_BG_ATTACKER ? WB_BG_DEFENDER : WB_BG_ATTACKER;
}

static int
line_count (const WbBgBattle *b,
            WbBgSide          side)
{
  int n = 0;

  for (int i = 0; i < b->n_units; i++)
    if (b->units[i].side == side && in_line (&b->units[i]))
      n++;
  return n;
}

int
wb_bg_battle_line_count (const WbBgBattle *b,
                         WbBgSide          side)
{
  g_return_val_if_fail (b != NULL, 0);
  return line_count (b, side);
}

static int
battle_count (const WbBgBattle *b,
              WbBgSide          side)
{
  int n = 0;

  for (int i = 0; i < b->n_units; i++)
    if (b->units[i].side == side && in_battle (&b->units[i]))
      n++;
  return n;
}

static int
base_dice (const WbBgBattle     *b,
           const WbBgBattleUnit *u)
{
  if (u->dice > 0)
    return u->dice;
  return b->dice_by_sp[MIN (u->sp, WB_BG_BATTLE_MAX_SP)];
}

static inline int
unit_dice (const WbBgBattle *b,
           int               slot)
{
  const WbBgBattleUnit *u = &b->units[slot];
  int n;

  if (!in_line (u) || !fights (u))
    return 0;
  n = base_dice (b, u);
  if (u->box == WB_BG_BOX_FORTIFIED)
    n += b->fortress_dice;
  if (u->box == WB_BG_BOX_CROSSING && b->round <= 1)
    n += b->crossing_dice;
  if (u->flags & WB_BG_UNIT_TRENCH)
    n += b->trench_dice;
  return MAX (n, 0);
}

int
wb_bg_battle_unit_dice (const WbBgBattle *b,
                        int               slot)
{
  g_return_val_if_fail (b != NULL, 0);
  g_return_val_if_fail (slot >= 0 && slot < b->n_units, 0);
  return unit_dice (b, slot);
}

static gboolean
can_take_hit (const WbBgBattle *b,
              int               slot,
              gboolean          line_left)
{
  const WbBgBattleUnit *u = &b->units[slot];

  if (u->side != b->side || !in_battle (u) || u->sp == 0)
    return FALSE;
  /* 11.2: reserve and failed morale take losses only when the line is
   * gone; retreat fire falls on every retreating unit (11.3). */
  return b->retreat_fire || !line_left || in_line (u);
}

gboolean
wb_bg_battle_can_take_hit (const WbBgBattle *b,
                           int               slot)
{
  g_return_val_if_fail (b != NULL, FALSE);
  if (b->stage != WB_BG_STAGE_ALLOCATE || slot < 0 || slot >= b->n_units)
    return FALSE;
  return can_take_hit (b, slot, line_count (b, b->side) > 0);
}

/* Some unit can take a hit: while a line unit is left it can, and when
 * none is, any unit of the side with SP can. */
static gboolean
any_target (const WbBgBattle *b)
{
  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      if (u->side == b->side && in_battle (u) && u->sp > 0)
        return TRUE;
    }
  return FALSE;
}

/* After one more hit at @sp: the next lower step of its blocks, else 1 SP less. */
static int
next_sp (const WbBgBattleUnit *u,
         int                   sp)
{
  int next = 0;

  if (u->n_steps == 0)
    return MAX (sp - 1, 0);
  for (int i = 0; i < u->n_steps; i++)
    if (u->steps[i] < sp && u->steps[i] > next)
      next = u->steps[i];
  return next;
}

static void
take_hit (WbBgBattleUnit *u)
{
  u->sp = next_sp (u, u->sp);
  u->hits++;
  if (u->sp == 0)
    {
      u->flags |= WB_BG_UNIT_ELIMINATED;
      u->box = WB_BG_BOX_GONE;
    }
}

/* Setting up */

void
wb_bg_battle_init (WbBgBattle *b)
{
  static const guint8 dice_by_sp[WB_BG_BATTLE_MAX_SP + 1] = {
    /* The battle-dice table of the bundled games (6 SP stated: 4 dice;
     * the rest reconstructed there from the rulebook's example: 1–4 SP 3
     * dice, 5–12 SP 4); above 12 SP as 12. The family loads its game's. */
    0, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4
  };

  g_return_if_fail (b != NULL);
  memset (b, 0, sizeof *b);
  b->stage = WB_BG_STAGE_SETUP;
  b->hit_on = 6;
  b->crossing_dice = -1;
  b->fortress_dice = 2;
  b->trench_dice = 1;
  b->rating[0] = b->rating[1] = 7;
  b->retreat_side = 0xff;
  memcpy (b->dice_by_sp, dice_by_sp, sizeof dice_by_sp);
}

int
wb_bg_battle_add (WbBgBattle *b,
                  int         index,
                  WbBgSide    side,
                  WbBgClass   klass,
                  int         sp,
                  int         morale,
                  int         dice,
                  guint       flags,
                  gboolean    candidate)
{
  WbBgBattleUnit *u;

  g_return_val_if_fail (b != NULL, -1);
  if (b->n_units >= WB_BG_BATTLE_MAX_UNITS || index < 0 || index > G_MAXINT16 ||
      (side != WB_BG_ATTACKER && side != WB_BG_DEFENDER) || klass > WB_BG_CLASS_FIGHTING_CAVALRY ||
      sp < 0 || sp > 255 || morale < 0 || morale > 255 || dice < 0 || dice > 255 ||
      (!candidate && b->stage != WB_BG_STAGE_SETUP) || b->stage == WB_BG_STAGE_OVER)
    return -1;
  u = &b->units[b->n_units];
  memset (u, 0, sizeof *u);
  u->index = index;
  u->side = side;
  u->klass = klass;
  u->sp = sp;
  u->morale = morale;
  u->dice = dice;
  u->flags = flags & (WB_BG_UNIT_CROSSED | WB_BG_UNIT_TRENCH | WB_BG_UNIT_GRANT);
  if (u->flags & WB_BG_UNIT_GRANT)
    b->grant |= 1u << side;
  u->box = candidate ? WB_BG_BOX_OFF : fights (u) ? WB_BG_BOX_LINE : WB_BG_BOX_RESERVE;
  u->prev_box = u->box;
  return b->n_units++;
}

void
wb_bg_battle_set_steps (WbBgBattle *b,
                        int         slot,
                        const int  *steps,
                        int         n_steps)
{
  WbBgBattleUnit *u;

  g_return_if_fail (b != NULL);
  g_return_if_fail (slot >= 0 && slot < b->n_units);
  g_return_if_fail (n_steps >= 0 && (steps != NULL || n_steps == 0));
  u = &b->units[slot];
  u->n_steps = 0;
  for (int i = 0; i < n_steps && u->n_steps < WB_BG_BATTLE_MAX_STEPS; i++)
    if (steps[i] > 0 && steps[i] <= 255)
      u->steps[u->n_steps++] = steps[i];
}

void
wb_bg_battle_drop (WbBgBattle *b,
                   int         slot)
{
  g_return_if_fail (b != NULL);
  g_return_if_fail (slot >= 0 && slot < b->n_units);
  if (b->units[slot].box == WB_BG_BOX_OFF)
    {
      b->units[slot].flags |= WB_BG_UNIT_DROPPED;
      b->units[slot].box = WB_BG_BOX_GONE;
    }
}

int
wb_bg_battle_find (const WbBgBattle *b,
                   int               index)
{
  g_return_val_if_fail (b != NULL, -1);
  for (int i = 0; i < b->n_units; i++)
    if (b->units[i].index == index)
      return i;
  return -1;
}

/* The sequence (11.2): each enter_* moves to a stage, or past it when
 * there is nothing to decide there. */

static void enter_fire            (WbBgBattle *b, Run *run, WbBgSide side);
static void enter_morale          (WbBgBattle *b, Run *run, WbBgSide side);
static void after_morale          (WbBgBattle *b, Run *run, WbBgSide side);
static void enter_retreat_choice  (WbBgBattle *b, Run *run, WbBgSide side);
static void enter_reinforce       (WbBgBattle *b, Run *run, WbBgSide side);
static void begin_retreat         (WbBgBattle *b, Run *run, WbBgSide side, WbBgRetreat kind);
static void apply_hits            (WbBgBattle *b, Run *run, const int *slots, int n);

static void
finish (WbBgBattle *b,
        Run        *run)
{
  WbBgBattleResult r;

  b->stage = WB_BG_STAGE_OVER;
  wb_bg_battle_result (b, &r);
  if (r.holder >= 0)
    SAY (run, _("The battle is over: %s holds the location"), side_name (run, r.holder));
  else
    SAY (run, _("The battle is over: neither side is left"));
}

static void
enter_fire (WbBgBattle *b,
            Run        *run,
            WbBgSide    side)
{
  (void) run;
  b->stage = WB_BG_STAGE_FIRE;
  b->side = side;
}

/* After a side allocated the hits of battle fire. */
static void
after_allocate (WbBgBattle *b,
                Run        *run)
{
  WbBgSide hit = b->side;

  if (b->retreat_fire)
    {
      b->retreat_fire = 0;
      /* 11.5: the side that stayed may bring its candidates in without a roll. */
      enter_reinforce (b, run, other (hit));
      return;
    }
  if (line_count (b, hit) == 0)
    {
      begin_retreat (b, run, hit, WB_BG_RETREAT_FORCED);
      return;
    }
  if (hit == WB_BG_ATTACKER)
    enter_fire (b, run, WB_BG_ATTACKER);
  else
    enter_morale (b, run, WB_BG_ATTACKER);
}

/* The hits of the stage when only one unit can take each of them, in
 * order (how many: the rest are lost); −1 when the side has a choice. */
static int
forced_allocation (const WbBgBattle *b,
                   int              *slots)
{
  int sp[WB_BG_BATTLE_MAX_UNITS];
  int line_n = 0, other_n = 0, n;

  /* The usual case first: two units could take the first hit. */
  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      if (u->side == b->side && in_battle (u) && u->sp > 0)
        {
          if (in_line_box (u->box))
            line_n++;
          else
            other_n++;
        }
    }
  if (line_n > 1 || ((b->retreat_fire || line_n == 0) && line_n + other_n > 1))
    return -1;
  for (int i = 0; i < b->n_units; i++)
    sp[i] = b->units[i].side == b->side && in_battle (&b->units[i]) ? b->units[i].sp : 0;
  for (n = 0; n < b->pending_hits; n++)
    {
      int only = -1, count = 0;

      for (int i = 0; i < b->n_units && count < 2; i++)
        if (sp[i] > 0 && (b->retreat_fire || line_n == 0 || in_line_box (b->units[i].box)))
          {
            only = i;
            count++;
          }
      if (count == 0)
        break;
      if (count > 1)
        return -1;
      slots[n] = only;
      sp[only] = next_sp (&b->units[only], sp[only]);
      if (sp[only] == 0)
        line_n -= in_line_box (b->units[only].box);
    }
  return n;
}

static void
enter_allocate (WbBgBattle *b,
                Run        *run,
                WbBgSide    side,
                int         hits)
{
  int slots[256];
  int n;

  b->stage = WB_BG_STAGE_ALLOCATE;
  b->side = side;
  b->pending_hits = MIN (hits, 255);
  if (b->pending_hits > 0 && !any_target (b))
    {
      SAY (run, g_dngettext (GETTEXT_PACKAGE, "%d hit is lost: no unit of %s can take it",
                             "%d hits are lost: no unit of %s can take them", b->pending_hits),
           b->pending_hits, side_name (run, side));
      b->pending_hits = 0;
    }
  if (b->pending_hits == 0)
    after_allocate (b, run);
  else if ((n = forced_allocation (b, slots)) >= 0)
    apply_hits (b, run, slots, n);   /* no choice to make: the side is not asked */
}

static gboolean
has_hit_units (const WbBgBattle *b,
               WbBgSide          side)
{
  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      if (u->side == side && in_battle (u) && u->hits > 0 && u->box != WB_BG_BOX_FAILED)
        return TRUE;
    }
  return FALSE;
}

static void
enter_morale (WbBgBattle *b,
              Run        *run,
              WbBgSide    side)
{
  b->stage = WB_BG_STAGE_MORALE;
  b->side = side;
  if (!has_hit_units (b, side))
    after_morale (b, run, side);
}

static gboolean
grant_may_reroll (const WbBgBattle *b,
                  WbBgSide          side)
{
  gboolean grant = FALSE, failed = FALSE;

  if ((b->reroll_used & (1u << side)) || !(b->grant & (1u << side)))
    return FALSE;
  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      if (u->side != side || !in_battle (u))
        continue;
      if ((u->flags & WB_BG_UNIT_GRANT) && u->box == WB_BG_BOX_RESERVE)
        grant = TRUE;
      if (u->flags & WB_BG_UNIT_FAILED_NOW)
        failed = TRUE;
    }
  return grant && failed;
}

static void
after_morale (WbBgBattle *b,
              Run        *run,
              WbBgSide    side)
{
  if (b->stage == WB_BG_STAGE_MORALE && grant_may_reroll (b, side))
    {
      b->stage = WB_BG_STAGE_REROLL;
      b->side = side;
      return;
    }
  if (line_count (b, side) == 0)
    {
      /* 11.2: an attacker whose line is empty retreats before the
       * defender checks. */
      begin_retreat (b, run, side, WB_BG_RETREAT_FORCED);
      return;
    }
  if (side == WB_BG_ATTACKER)
    enter_morale (b, run, WB_BG_DEFENDER);
  else
    enter_retreat_choice (b, run, WB_BG_ATTACKER);
}

static void
next_round (WbBgBattle *b,
            Run        *run)
{
  char buf[48];

  b->round++;
  b->reroll_used = 0;
  SAY (run, _("Battle round %d"), b->round);
  for (int i = 0; i < b->n_units; i++)
    {
      WbBgBattleUnit *u = &b->units[i];

      u->hits = 0;
      u->flags &= ~WB_BG_UNIT_FAILED_NOW;
      if (in_battle (u) && u->box == WB_BG_BOX_CROSSING)
        {
          u->box = WB_BG_BOX_LINE;
          SAY (run, _("%s moves from the river/mountain line to the line"), unit_name (run, u, buf));
        }
    }
  enter_fire (b, run, WB_BG_DEFENDER);
}

static void
enter_retreat_choice (WbBgBattle *b,
                      Run        *run,
                      WbBgSide    side)
{
  b->stage = WB_BG_STAGE_RETREAT;
  b->side = side;
  if (b->no_retreat[side])
    {
      SAY (run, _("%s has no location to retreat to: the battle goes on"), side_name (run, side));
      if (side == WB_BG_ATTACKER)
        enter_retreat_choice (b, run, WB_BG_DEFENDER);
      else
        enter_reinforce (b, run, WB_BG_DEFENDER);
    }
}

static gboolean
has_candidates (const WbBgBattle *b,
                WbBgSide          side)
{
  for (int i = 0; i < b->n_units; i++)
    if (b->units[i].side == side && alive (&b->units[i]) && b->units[i].box == WB_BG_BOX_OFF)
      return TRUE;
  return FALSE;
}

static void
after_reinforce (WbBgBattle *b,
                 Run        *run)
{
  if (b->ending)
    finish (b, run);
  else if (b->side == WB_BG_DEFENDER)
    enter_reinforce (b, run, WB_BG_ATTACKER);
  else
    next_round (b, run);
}

static void
enter_reinforce (WbBgBattle *b,
                 Run        *run,
                 WbBgSide    side)
{
  b->stage = WB_BG_STAGE_REINFORCE;
  b->side = side;
  if (!has_candidates (b, side) || battle_count (b, side) == 0)
    after_reinforce (b, run);
}

static void
begin_retreat (WbBgBattle *b,
               Run        *run,
               WbBgSide    side,
               WbBgRetreat kind)
{
  b->ending = 1;
  b->retreat_side = side;
  b->retreat = kind;
  if (battle_count (b, side) == 0)
    {
      /* Wiped out: nothing retreats. */
      b->retreat = WB_BG_RETREAT_NONE;
      SAY (run, _("%s has no unit left in the battle"), side_name (run, side));
      enter_reinforce (b, run, other (side));
      return;
    }
  if (kind == WB_BG_RETREAT_FORCED)
    {
      if (b->no_retreat[side])
        {
          char buf[48];

          SAY (run, _("%s's line is empty: forced retreat, but no location to retreat to — all its units are eliminated"),
               side_name (run, side));
          for (int i = 0; i < b->n_units; i++)
            {
              WbBgBattleUnit *u = &b->units[i];

              if (u->side == side && in_battle (u))
                {
                  u->flags |= WB_BG_UNIT_ELIMINATED;
                  u->box = WB_BG_BOX_GONE;
                  SAY (run, _("%s is eliminated"), unit_name (run, u, buf));
                }
            }
          enter_reinforce (b, run, other (side));
          return;
        }
      SAY (run, _("%s's line is empty: forced retreat of two locations"), side_name (run, side));
    }
  else
    SAY (run, _("%s retreats voluntarily, one location"), side_name (run, side));
  b->stage = WB_BG_STAGE_RETREAT_FIRE;
  b->side = other (side);
}

/* Starting */

gboolean
wb_bg_battle_start (WbBgBattle         *b,
                    int                 fortress_capacity,
                    const WbBgBattleIo *io,
                    GError            **error)
{
  Run run;
  int defenders = 0;
  char buf[48];

  g_return_val_if_fail (b != NULL, FALSE);
  if (b->stage != WB_BG_STAGE_SETUP)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("The battle has already started"));
      return FALSE;
    }
  if (fortress_capacity < 0 || fortress_capacity > WB_BG_BATTLE_MAX_UNITS)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("A fortress holds 0 to %d units, not %d"), WB_BG_BATTLE_MAX_UNITS, fortress_capacity);
      return FALSE;
    }
  run_begin (&run, io);
  b->round = 1;
  b->fortress_capacity = fortress_capacity;
  SAY (&run, _("Battle: %s attacks %s"), side_name (&run, WB_BG_ATTACKER), side_name (&run, WB_BG_DEFENDER));
  /* 11.1: the defender's infantry and garrisons in the line, then the
   * attacker's, those that crossed a river or mountain in their own line;
   * leaders and cavalry in reserve. */
  for (int i = 0; i < b->n_units; i++)
    {
      WbBgBattleUnit *u = &b->units[i];

      if (u->box >= WB_BG_BOX_OFF)
        continue;
      u->box = fights (u) ? WB_BG_BOX_LINE : WB_BG_BOX_RESERVE;
      if (u->side == WB_BG_ATTACKER && u->box == WB_BG_BOX_LINE && (u->flags & WB_BG_UNIT_CROSSED))
        {
          u->box = WB_BG_BOX_CROSSING;
          SAY (&run, g_dngettext (GETTEXT_PACKAGE, "%s stands in the river/mountain line (%s%d die in the first round)",
                                  "%s stands in the river/mountain line (%s%d dice in the first round)",
                                  ABS (b->crossing_dice)),
               unit_name (&run, u, buf), b->crossing_dice < 0 ? "−" : "+", ABS (b->crossing_dice));
        }
      if (u->side == WB_BG_DEFENDER && u->box == WB_BG_BOX_LINE)
        defenders++;
    }
  if (fortress_capacity > 0 && defenders > fortress_capacity)
    {
      b->stage = WB_BG_STAGE_DEPLOY;
      b->side = WB_BG_DEFENDER;
      SAY (&run, _("%s chooses the %d units of the fortified city line"),
           side_name (&run, WB_BG_DEFENDER), fortress_capacity);
      run_end (&run);
  return TRUE;
    }
  for (int i = 0; i < b->n_units; i++)
    {
      WbBgBattleUnit *u = &b->units[i];

      if (fortress_capacity > 0 && u->side == WB_BG_DEFENDER && u->box == WB_BG_BOX_LINE)
        {
          u->box = WB_BG_BOX_FORTIFIED;
          SAY (&run, _("%s stands in the fortified city line (+%d dice)"), unit_name (&run, u, buf),
               b->fortress_dice);
        }
    }
  if (line_count (b, WB_BG_DEFENDER) == 0)
    begin_retreat (b, &run, WB_BG_DEFENDER, WB_BG_RETREAT_FORCED);
  else if (line_count (b, WB_BG_ATTACKER) == 0)
    begin_retreat (b, &run, WB_BG_ATTACKER, WB_BG_RETREAT_FORCED);
  else
    enter_fire (b, &run, WB_BG_DEFENDER);
  run_end (&run);
  return TRUE;
}

WbBgStage
wb_bg_battle_stage (const WbBgBattle *b,
                    WbBgSide         *side)
{
  g_return_val_if_fail (b != NULL, WB_BG_STAGE_OVER);
  if (side != NULL)
    *side = b->side;
  return b->stage;
}

gboolean
wb_bg_battle_stage_rolls (WbBgStage stage)
{
  return stage == WB_BG_STAGE_FIRE || stage == WB_BG_STAGE_MORALE || stage == WB_BG_STAGE_RETREAT_FIRE;
}

const char *
wb_bg_battle_stage_name (WbBgStage stage)
{
  switch (stage)
    {
    case WB_BG_STAGE_SETUP: return _("Battle set-up");
    case WB_BG_STAGE_DEPLOY: return _("Deploy in the fortified city line");
    case WB_BG_STAGE_FIRE: return _("Battle fire");
    case WB_BG_STAGE_ALLOCATE: return _("Apply hits");
    case WB_BG_STAGE_MORALE: return _("Morale check");
    case WB_BG_STAGE_REROLL: return _("Re-roll a failed morale check");
    case WB_BG_STAGE_RETREAT_FIRE: return _("Retreat fire");
    case WB_BG_STAGE_RETREAT: return _("Voluntary retreat?");
    case WB_BG_STAGE_REINFORCE: return _("Battle reinforcement");
    case WB_BG_STAGE_OVER: return _("Battle over");
    default: return "";
    }
}

static gboolean
expect (const WbBgBattle *b,
        WbBgStage         stage,
        GError          **error)
{
  if (b->stage == stage)
    return TRUE;
  g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
               _("The battle waits for “%s”, not “%s”"), wb_bg_battle_stage_name (b->stage),
               wb_bg_battle_stage_name (stage));
  return FALSE;
}

gboolean
wb_bg_battle_fortify (WbBgBattle         *b,
                      guint32             mask,
                      const WbBgBattleIo *io,
                      GError            **error)
{
  Run run;
  char buf[48];
  int n = 0;

  g_return_val_if_fail (b != NULL, FALSE);
  if (!expect (b, WB_BG_STAGE_DEPLOY, error))
    return FALSE;
  for (int i = 0; i < WB_BG_BATTLE_MAX_UNITS; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      if (!(mask & (1u << i)))
        continue;
      if (i >= b->n_units || u->side != WB_BG_DEFENDER || u->box != WB_BG_BOX_LINE)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("Only the defender's line units can take the fortified city line"));
          return FALSE;
        }
      n++;
    }
  if (n > b->fortress_capacity)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("The fortified city line holds %d units, not %d"), b->fortress_capacity, n);
      return FALSE;
    }
  run_begin (&run, io);
  for (int i = 0; i < b->n_units; i++)
    if (mask & (1u << i))
      {
        b->units[i].box = WB_BG_BOX_FORTIFIED;
        SAY (&run, _("%s stands in the fortified city line (+%d dice)"), unit_name (&run, &b->units[i], buf),
             b->fortress_dice);
      }
  if (line_count (b, WB_BG_ATTACKER) == 0)
    begin_retreat (b, &run, WB_BG_ATTACKER, WB_BG_RETREAT_FORCED);
  else
    enter_fire (b, &run, WB_BG_DEFENDER);
  run_end (&run);
  return TRUE;
}

/* Rolling */

/* The dice @slot rolls at the FIRE or RETREAT_FIRE stage; −1: it does not.
 * 11.3: forced retreat fire is a normal battle fire of every infantry and
 * garrison unit of the other side in the location (one still in a line
 * with its line's dice, one in failed morale with its own); voluntary
 * retreat fire is one die each. */
static int
fire_dice (const WbBgBattle *b,
           int               slot)
{
  const WbBgBattleUnit *u = &b->units[slot];

  if (u->side != b->side || !fights (u))
    return -1;
  if (b->stage == WB_BG_STAGE_FIRE)
    return in_line (u) ? unit_dice (b, slot) : -1;
  if (!in_battle (u))
    return -1;
  if (b->retreat == WB_BG_RETREAT_VOLUNTARY)
    return 1;
  return in_line (u) ? unit_dice (b, slot) : base_dice (b, u);
}

static gboolean
checks_morale (const WbBgBattle     *b,
               const WbBgBattleUnit *u)
{
  return u->side == b->side && in_battle (u) && u->hits > 0 && u->box != WB_BG_BOX_FAILED;
}

/* How many dice the roll of this stage reads. */
static int
dice_needed (const WbBgBattle *b,
             int               dice[WB_BG_BATTLE_MAX_UNITS])
{
  int n = 0;

  for (int i = 0; i < b->n_units; i++)
    {
      if (b->stage == WB_BG_STAGE_MORALE)
        dice[i] = checks_morale (b, &b->units[i]) ? b->units[i].hits : -1;
      else
        dice[i] = fire_dice (b, i);
      n += MAX (dice[i], 0);
    }
  return n;
}

int
wb_bg_battle_dice_needed (const WbBgBattle *b)
{
  int dice[WB_BG_BATTLE_MAX_UNITS];

  g_return_val_if_fail (b != NULL, 0);
  return wb_bg_battle_stage_rolls (b->stage) ? dice_needed (b, dice) : 0;
}

/* "; −1, across a river" (a real minus sign) */
static void
append_modifier (GString    *m,
                 int         dice,
                 const char *why)
{
  g_string_append_printf (m, "%s%s%d, %s", m->len ? "; " : "", dice < 0 ? "−" : "+", ABS (dice), why);
}

static void
say_fire (Run                  *run,
          const WbBgBattle     *b,
          const WbBgBattleUnit *u,
          int                   n,
          const char           *why,
          GString              *faces,
          int                   hits)
{
  char buf[48];
  g_autofree char *mods = NULL;
  g_autofree char *dice = NULL;
  g_autofree char *hit_text = NULL;
  GString *m = g_string_new (why);

  if (u->box == WB_BG_BOX_CROSSING && b->round <= 1 && b->crossing_dice != 0)
    append_modifier (m, b->crossing_dice,
                     (u->flags & WB_BG_UNIT_CROSSED) == WB_BG_UNIT_CROSSED ? _("across a river and a mountain")
                     : (u->flags & WB_BG_UNIT_MOUNTAIN) ? _("across a mountain") : _("across a river"));
  if (u->box == WB_BG_BOX_FORTIFIED && b->fortress_dice != 0)
    append_modifier (m, b->fortress_dice, _("fortified city"));
  if ((u->flags & WB_BG_UNIT_TRENCH) && in_line (u) && b->trench_dice != 0)
    append_modifier (m, b->trench_dice, _("trench"));
  mods = m->len > 0 ? g_strdup_printf (" (%s)", m->str) : g_strdup ("");
  g_string_free (m, TRUE);
  dice = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d die", "%d dice", n), n);
  hit_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit", "%d hits", hits), hits);
  /* "Union VI rolls 3 dice (−1, across a river and a mountain): 6 2 5 → 1 hit" */
  say_dice (run, n, _("%s rolls %s%s: %s → %s"), unit_name (run, u, buf), dice, mods, n > 0 ? faces->str : "—",
            hit_text);
}

/* FIRE and RETREAT_FIRE: each unit's dice, every face ≥ hit_on a hit. */
static void
roll_fire (WbBgBattle *b,
           Run        *run,
           const int  *dice)
{
  WbBgSide side = b->side;
  gboolean retreat = b->stage == WB_BG_STAGE_RETREAT_FIRE;
  int total = 0;
  g_autoptr(GString) faces = run->talk ? g_string_new (NULL) : NULL;

  for (int i = 0; i < b->n_units; i++)
    {
      int n = dice[i], hits = 0;

      if (n < 0)
        continue;
      if (faces != NULL)
        g_string_truncate (faces, 0);
      g_assert (run->next + n <= run->n_faces);
      if (faces == NULL)
        {
          const int *f = run->faces + run->next;

          for (int k = 0; k < n; k++)
            hits += f[k] >= b->hit_on;
          run->next += n;
        }
      else
        for (int k = 0; k < n; k++)
          {
            int face = take (run);

            hits += face >= b->hit_on;
            g_string_append_printf (faces, k > 0 ? " %d" : "%d", face);
          }
      if (run->talk)
        say_fire (run, b, &b->units[i], n,
                  !retreat ? "" : b->retreat == WB_BG_RETREAT_VOLUNTARY ? _("retreat fire") : _("forced retreat fire"),
                  faces, hits);
      total += hits;
    }
  if (retreat)
    b->retreat_fire = 1;
  enter_allocate (b, run, other (side), total);
}

/* One check: a die per hit, any above morale fails it. */
static void
check_unit (Run            *run,
            WbBgBattleUnit *u,
            gboolean        reroll)
{
  char buf[48];
  gboolean failed = FALSE;
  g_autoptr(GString) faces = run->talk ? g_string_new (NULL) : NULL;

  for (int k = 0; k < u->hits; k++)
    {
      int face = take (run);

      if (face > u->morale)
        failed = TRUE;
      if (faces != NULL)
        g_string_append_printf (faces, k > 0 ? " %d" : "%d", face);
    }
  if (failed && !reroll)
    {
      u->prev_box = u->box;
      u->box = WB_BG_BOX_FAILED;
      u->flags |= WB_BG_UNIT_FAILED_NOW;
    }
  else if (!failed && reroll)
    {
      u->box = u->prev_box;
      u->flags &= ~WB_BG_UNIT_FAILED_NOW;
    }
  if (run->talk)
    {
      const char *what = failed ? _("fails: to the failed morale position") : reroll ? _("passes: back in its position")
                                                                                     : _("passes");

      if (reroll)
        say_dice (run, u->hits, _("%s re-rolls its morale check (morale %d): %s → %s"), unit_name (run, u, buf),
                  u->morale, faces->str, what);
      else
        say_dice (run, u->hits, _("%s checks morale %d: %s → %s"), unit_name (run, u, buf), u->morale, faces->str,
                  what);
    }
}

static void
roll_morale (WbBgBattle *b,
             Run        *run,
             const int  *dice)
{
  for (int i = 0; i < b->n_units; i++)
    if (dice[i] > 0)
      check_unit (run, &b->units[i], FALSE);
  after_morale (b, run, b->side);
}

gboolean
wb_bg_battle_roll (WbBgBattle         *b,
                   const WbBgBattleIo *io,
                   GError            **error)
{
  Run run;
  int dice[WB_BG_BATTLE_MAX_UNITS];
  int faces[RUN_DICE];

  g_return_val_if_fail (b != NULL, FALSE);
  if (!wb_bg_battle_stage_rolls (b->stage))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("The battle waits for “%s”, not a roll"), wb_bg_battle_stage_name (b->stage));
      return FALSE;
    }
  run_begin (&run, io);
  run.buf = faces;
  if (!draw (&run, dice_needed (b, dice), error))
    {
      run_end (&run);
      return FALSE;
    }
  if (b->stage == WB_BG_STAGE_MORALE)
    roll_morale (b, &run, dice);
  else
    roll_fire (b, &run, dice);
  run_end (&run);
  return TRUE;
}

/* Applies @n hits, one per slot in order (already checked), and says
 * so; hits beyond them are lost. */
static void
apply_hits (WbBgBattle *b,
            Run        *run,
            const int  *slots,
            int         n)
{
  int taken[WB_BG_BATTLE_MAX_UNITS] = { 0 };
  int before[WB_BG_BATTLE_MAX_UNITS];
  char buf[48];

  for (int k = 0; k < b->n_units; k++)
    before[k] = b->units[k].sp;
  for (int k = 0; k < n; k++)
    {
      take_hit (&b->units[slots[k]]);
      taken[slots[k]]++;
    }
  b->pending_hits -= MIN (n, b->pending_hits);
  for (int k = 0; run->talk && k < b->n_units; k++)
    {
      const WbBgBattleUnit *u = &b->units[k];

      if (taken[k] == 0)
        continue;
      if (!alive (u))
        say (run, g_dngettext (GETTEXT_PACKAGE, "%s takes %d hit: %d SP → eliminated",
                               "%s takes %d hits: %d SP → eliminated", taken[k]),
             unit_name (run, u, buf), taken[k], before[k]);
      else
        say (run, g_dngettext (GETTEXT_PACKAGE, "%s takes %d hit: %d → %d SP", "%s takes %d hits: %d → %d SP", taken[k]),
             unit_name (run, u, buf), taken[k], before[k], u->sp);
    }
  if (b->pending_hits > 0)
    SAY (run, g_dngettext (GETTEXT_PACKAGE, "%d hit is lost: no unit of %s can take it",
                           "%d hits are lost: no unit of %s can take them", b->pending_hits),
         b->pending_hits, side_name (run, b->side));
  b->pending_hits = 0;
  after_allocate (b, run);
}

/* Choosing */

gboolean
wb_bg_battle_allocate (WbBgBattle         *b,
                       const int          *slots,
                       int                 n,
                       const WbBgBattleIo *io,
                       GError            **error)
{
  Run run;
  int line_n, targets;
  int sp[WB_BG_BATTLE_MAX_UNITS];
  int i;

  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (n >= 0 && (slots != NULL || n == 0), FALSE);
  if (!expect (b, WB_BG_STAGE_ALLOCATE, error))
    return FALSE;
  if (n > b->pending_hits)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("%d hits to apply, not %d"), b->pending_hits, n);
      return FALSE;
    }
  /* Check every hit on the SP it would leave before touching the board. */
  line_n = line_count (b, b->side);
  targets = 0;
  for (int k = 0; k < b->n_units; k++)
    {
      const WbBgBattleUnit *u = &b->units[k];

      sp[k] = u->sp;
      targets += u->side == b->side && in_battle (u) && u->sp > 0;
    }
  for (i = 0; i < n && targets > 0; i++)
    {
      int s = slots[i];
      const WbBgBattleUnit *u = s >= 0 && s < b->n_units ? &b->units[s] : NULL;

      if (u == NULL || u->side != b->side || !in_battle (u) || sp[s] == 0)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("Hit %d: that unit cannot take a hit"), i + 1);
          return FALSE;
        }
      if (!b->retreat_fire && line_n > 0 && !in_line_box (u->box))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("Units in reserve or failed morale take hits only when no unit is left in the line (rule 11.2)"));
          return FALSE;
        }
      sp[s] = next_sp (u, sp[s]);
      if (sp[s] == 0)
        {
          targets--;
          line_n -= in_line_box (u->box);
        }
    }
  if (b->pending_hits - i > 0 && targets > 0)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "%d more hit to apply", "%d more hits to apply", b->pending_hits - i),
                   b->pending_hits - i);
      return FALSE;
    }
  run_begin (&run, io);
  apply_hits (b, &run, slots, i);
  run_end (&run);
  return TRUE;
}

int
wb_bg_battle_suggest_allocation (const WbBgBattle *b,
                                 int              *slots,
                                 int               max)
{
  int sp[WB_BG_BATTLE_MAX_UNITS];
  int n = 0, line_n;

  g_return_val_if_fail (b != NULL, 0);
  if (b->stage != WB_BG_STAGE_ALLOCATE)
    return 0;
  line_n = line_count (b, b->side);
  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      sp[i] = u->side == b->side && in_battle (u) ? u->sp : 0;
    }
  while (n < max && n < b->pending_hits)
    {
      int best = -1;

      for (int i = 0; i < b->n_units; i++)
        if (sp[i] > 0 && (b->retreat_fire || line_n == 0 || in_line_box (b->units[i].box)) &&
            (best < 0 || sp[i] > sp[best]))
          best = i;
      if (best < 0)
        break;
      sp[best] = next_sp (&b->units[best], sp[best]);
      if (sp[best] == 0)
        line_n -= in_line_box (b->units[best].box);
      slots[n++] = best;
    }
  return n;
}

gboolean
wb_bg_battle_reroll (WbBgBattle         *b,
                     int                 slot,
                     const WbBgBattleIo *io,
                     GError            **error)
{
  Run run;
  int faces[RUN_DICE];

  g_return_val_if_fail (b != NULL, FALSE);
  if (!expect (b, WB_BG_STAGE_REROLL, error))
    return FALSE;
  if (slot >= 0 && (slot >= b->n_units || b->units[slot].side != b->side ||
                    !(b->units[slot].flags & WB_BG_UNIT_FAILED_NOW) || !in_battle (&b->units[slot])))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("Only a unit that failed its morale check this round can re-roll it"));
      return FALSE;
    }
  run_begin (&run, io);
  run.buf = faces;
  if (slot >= 0 && !draw (&run, b->units[slot].hits, error))
    {
      run_end (&run);
      return FALSE;
    }
  b->reroll_used |= 1u << b->side;
  if (slot >= 0)
    check_unit (&run, &b->units[slot], TRUE);
  /* Still at REROLL: after_morale does not offer the re-roll again. */
  after_morale (b, &run, b->side);
  run_end (&run);
  return TRUE;
}

gboolean
wb_bg_battle_decide (WbBgBattle         *b,
                     gboolean            retreat,
                     const WbBgBattleIo *io,
                     GError            **error)
{
  Run run;

  g_return_val_if_fail (b != NULL, FALSE);
  if (!expect (b, WB_BG_STAGE_RETREAT, error))
    return FALSE;
  if (retreat && b->no_retreat[b->side])
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("No location to retreat to: the battle goes on (rule 11.4)"));
      return FALSE;
    }
  run_begin (&run, io);
  if (retreat)
    begin_retreat (b, &run, b->side, WB_BG_RETREAT_VOLUNTARY);
  else
    {
      SAY (&run, _("%s stays in the battle"), side_name (&run, b->side));
      if (b->side == WB_BG_ATTACKER)
        enter_retreat_choice (b, &run, WB_BG_DEFENDER);
      else
        enter_reinforce (b, &run, WB_BG_DEFENDER);
    }
  run_end (&run);
  return TRUE;
}

gboolean
wb_bg_battle_reinforce (WbBgBattle         *b,
                        guint32             mask,
                        const WbBgBattleIo *io,
                        GError            **error)
{
  Run run;
  int faces[RUN_DICE];
  char buf[48];
  gboolean free_entry;

  g_return_val_if_fail (b != NULL, FALSE);
  if (!expect (b, WB_BG_STAGE_REINFORCE, error))
    return FALSE;
  for (guint32 left = mask; left != 0; left &= left - 1)
    {
      int i = __builtin_ctz (left);

      if (i >= b->n_units || b->units[i].side != b->side || b->units[i].box != WB_BG_BOX_OFF)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("Only units of the side reinforcing, in adjacent locations, can try to reinforce"));
          return FALSE;
        }
    }
  run_begin (&run, io);
  /* 11.5: without a roll when the other side retreated (or is gone). */
  free_entry = b->ending && b->retreat_side == other (b->side);
  run.buf = faces;
  if (!free_entry && !draw (&run, 2 * __builtin_popcount (mask), error))
    {
      run_end (&run);
      return FALSE;
    }
  for (guint32 left = mask; left != 0; left &= left - 1)
    {
      WbBgBattleUnit *u = &b->units[__builtin_ctz (left)];
      int a, c;

      if (free_entry)
        {
          SAY (&run, _("%s enters the battle location (the enemy retreated: no roll)"), unit_name (&run, u, buf));
        }
      else
        {
          a = take (&run);
          c = take (&run);
          if (a + c < b->rating[b->side])
            {
              SAY_DICE (&run, 2, _("%s tries to reinforce: %d + %d = %d, below the commander rating %d — it stays"),
                   unit_name (&run, u, buf), a, c, a + c, b->rating[b->side]);
              continue;
            }
          SAY_DICE (&run, 2, _("%s reinforces: %d + %d = %d ≥ commander rating %d — into the line"),
               unit_name (&run, u, buf), a, c, a + c, b->rating[b->side]);
        }
      u->box = fights (u) ? WB_BG_BOX_LINE : WB_BG_BOX_RESERVE;
      u->flags |= WB_BG_UNIT_ENTERED;
    }
  after_reinforce (b, &run);
  run_end (&run);
  return TRUE;
}

void
wb_bg_battle_result (const WbBgBattle *b,
                     WbBgBattleResult *r)
{
  int left[2] = { 0, 0 };

  g_return_if_fail (b != NULL && r != NULL);
  memset (r, 0, sizeof *r);
  r->over = b->stage == WB_BG_STAGE_OVER;
  r->retreat = b->retreat;
  r->retreat_side = b->retreat == WB_BG_RETREAT_NONE ? -1 : b->retreat_side;
  r->retreat_locations = b->retreat == WB_BG_RETREAT_FORCED ? 2 : b->retreat == WB_BG_RETREAT_VOLUNTARY ? 1 : 0;
  r->retreat_blocked = b->retreat == WB_BG_RETREAT_FORCED && b->no_retreat[b->retreat_side];
  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      if (u->flags & WB_BG_UNIT_ELIMINATED)
        r->eliminated[u->side]++;
      else if (in_battle (u))
        left[u->side]++;
    }
  if (b->ending)
    r->holder = left[other (b->retreat_side)] > 0 ? (int) other (b->retreat_side) : -1;
  else
    r->holder = left[WB_BG_DEFENDER] > 0 ? WB_BG_DEFENDER : left[WB_BG_ATTACKER] > 0 ? WB_BG_ATTACKER : -1;
}
