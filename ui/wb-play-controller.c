/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "wb-play-controller.h"

struct _WbPlayController
{
  GObject     parent_instance;

  WbPlay     *play;
  WbPicks    *picks;        /* the step's picks, list by list */
  WbStep     *step;         /* the step for those picks */
  char       *selected;     /* override mode: the unit picked, or NULL */
  GArray     *highlights;   /* WbDestination, or NULL */
  GPtrArray  *units;        /* char*: the units picked (derived from the picks) */
  GPtrArray  *hexes;        /* char*: the hexes picked (derived from the picks) */
  GArray     *chosen;       /* WbWhere: where the units picked are (derived) */
  GArray     *places;       /* WbWhere: the hexes and locations picked (derived) */
  gboolean    override;     /* designer override mode */
  const char *marker;       /* interned feature id: override clicks put or take off this marker */
};

G_DEFINE_FINAL_TYPE (WbPlayController, wb_play_controller, G_TYPE_OBJECT)

enum { CHANGED, SELECTION_CHANGED, MESSAGE, NEEDS_ROLL, N_SIGNALS };
static guint signals[N_SIGNALS];

enum { PROP_0, PROP_OVERRIDE, N_PROPS };
static GParamSpec *properties[N_PROPS];

static WbHexMap *
hex_map (WbPlayController *self)
{
  WbMatch *m = wb_play_get_state (self->play);
  return WB_IS_HEX_MAP (m->map) ? WB_HEX_MAP (m->map) : NULL;
}

static void
hex_text (WbPlayController *self, WbOffset hex, char buf[32])
{
  wb_hex_map_format_hex (hex_map (self), hex, buf, 32);
}

static void
say (WbPlayController *self, const char *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static WbPickList *
list_at (WbPlayController *self, guint l)
{
  return self->step != NULL && l < self->step->lists->len ? g_ptr_array_index (self->step->lists, l) : NULL;
}

/* The list whose pick is the selected unit: a unit picked alone that the
 * lists after it depend on (a move: its destinations); -1 when none. */
static int
leading_list (WbPlayController *self)
{
  for (guint l = 0; self->step != NULL && l < self->step->lists->len; l++)
    {
      WbPickList *list = list_at (self, l);

      if (list->kind == WB_PICK_UNIT && (list->flags & WB_PICK_LEADS) && list->max == 1)
        return (int) l;
    }
  return -1;
}

/* Appends @where to @places unless it is there (a stack's units picked
 * one by one are one place). */
static void
add_place (GArray *places, const WbWhere *where)
{
  for (guint i = 0; i < places->len; i++)
    {
      const WbWhere *w = &g_array_index (places, WbWhere, i);

      if (w->kind == where->kind && w->place == where->place &&
          (w->kind != WB_WHERE_HEX || (w->hex.col == where->hex.col && w->hex.row == where->hex.row)))
        return;
    }
  g_array_append_val (places, *where);
}

/* The selected unit, its destinations (the candidates of the places
 * picked after it, with their costs) and the picks by kind, from the step
 * and the picks. */
static void
derive (WbPlayController *self)
{
  int lead = leading_list (self);

  g_clear_pointer (&self->highlights, g_array_unref);
  g_ptr_array_set_size (self->units, 0);
  g_ptr_array_set_size (self->hexes, 0);
  g_array_set_size (self->chosen, 0);
  g_array_set_size (self->places, 0);
  if (self->override)
    {
      /* Override: anywhere, so nothing is highlighted (the selection is). */
      return;
    }
  for (guint l = 0; self->step != NULL && l < self->step->lists->len; l++)
    {
      WbPickList *list = list_at (self, l);

      for (guint i = 0; (int) l != lead && i < wb_picks_count (self->picks, l); i++)
        {
          const char *value = wb_picks_get (self->picks, l, i);
          WbWhere where;

          if (list->kind == WB_PICK_UNIT || list->kind == WB_PICK_BOARD_UNIT)
            g_ptr_array_add (self->units, g_strdup (value));
          else if (list->kind == WB_PICK_HEX)
            g_ptr_array_add (self->hexes, g_strdup (value));
          if (list->kind == WB_PICK_UNIT)
            {
              WbUnitState *u = wb_match_find_unit (wb_play_get_state (self->play), value);

              if (u != NULL && (u->where.kind == WB_WHERE_HEX || u->where.kind == WB_WHERE_LOCATION))
                add_place (self->chosen, &u->where);
            }
          else if ((list->kind == WB_PICK_HEX || list->kind == WB_PICK_LOCATION) &&
                   wb_step_place (wb_play_get_state (self->play), list->kind, value, &where))
            add_place (self->places, &where);
        }
      if (lead >= 0 && (int) l > lead && wb_picks_count (self->picks, (guint) lead) > 0 &&
          (list->kind == WB_PICK_HEX || list->kind == WB_PICK_LOCATION))
        {
          if (self->highlights == NULL)
            self->highlights = g_array_new (FALSE, FALSE, sizeof (WbDestination));
          for (guint i = 0; i < list->candidates->len; i++)
            {
              const WbPickCandidate *c = &g_array_index (list->candidates, WbPickCandidate, i);
              WbDestination d = { c->where, c->cost };

              g_array_append_val (self->highlights, d);
            }
        }
    }
}

/* The step for the picks now; FALSE when the picks made an action the
 * step plays at once, and it was played. */
static gboolean
restep (WbPlayController *self, gboolean may_act)
{
  g_clear_pointer (&self->step, wb_step_free);
  self->step = wb_play_step (self->play, self->override ? NULL : self->picks);
  if (may_act && !self->override && self->step->auto_act)
    {
      g_autoptr(JsonObject) action = wb_play_step_action (self->play, self->picks);

      if (action != NULL)
        {
          if (!wb_play_controller_act (self, action))
            {
              /* Refused: the picks that made it go (the unit stays). */
              int lead = leading_list (self);

              for (guint l = lead >= 0 ? (guint) lead + 1 : 0; l < self->step->lists->len; l++)
                wb_picks_clear_list (self->picks, l);
              restep (self, FALSE);
              derive (self);
              g_signal_emit (self, signals[SELECTION_CHANGED], 0);
            }
          return FALSE;
        }
    }
  derive (self);
  return TRUE;
}

static void
picks_changed (WbPlayController *self)
{
  if (restep (self, TRUE))
    g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static void
set_selected (WbPlayController *self, const char *unit)
{
  g_free (self->selected);
  self->selected = g_strdup (unit);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
wb_play_controller_clear (WbPlayController *self)
{
  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  wb_picks_clear (self->picks);
  g_clear_pointer (&self->selected, g_free);
  restep (self, FALSE);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

gboolean
wb_play_controller_act (WbPlayController *self, JsonObject *action)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;

  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self) && action != NULL, FALSE);
  kept = g_strdup (self->selected);
  if (!wb_play_act (self->play, action, &error))
    {
      say (self, error->message);
      /* Physical dice: the players' roll (or a result the table lacks) is
       * asked for, and the action played again with it. */
      if (wb_play_needs_roll (self->play, NULL, NULL) || wb_play_needs_result (self->play, NULL, NULL, NULL))
        g_signal_emit (self, signals[NEEDS_ROLL], 0, action);
      return FALSE;
    }
  /* The play's "changed" dropped the picks. Override: the unit stays
   * picked, for its strength or another place. */
  if (self->override && kept != NULL && wb_match_find_unit (wb_play_get_state (self->play), kept) != NULL)
    set_selected (self, kept);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

static gboolean
place_equal (const WbWhere *a, const WbWhere *b)
{
  if (a->kind != b->kind)
    return FALSE;
  if (a->kind == WB_WHERE_HEX)
    return a->hex.col == b->hex.col && a->hex.row == b->hex.row;
  return g_strcmp0 (a->place, b->place) == 0;
}

/* Whether @where holds a unit of the side to act. */
static gboolean
side_units_at (WbPlayController *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GPtrArray) here = wb_match_units_at (m, where);

  for (guint i = 0; i < here->len; i++)
    if (((WbUnitState *) g_ptr_array_index (here, i))->side == m->active)
      return TRUE;
  return FALSE;
}

/* A click on a place for a list of units: @here, its candidates there. */
static void
pick_units (WbPlayController *self, guint l, WbPickList *list, GPtrArray *here, const WbWhere *where)
{
  if (list->flags & WB_PICK_GROUP)
    {
      /* All together: units in one hex attack together. */
      WbMatch *m = wb_play_get_state (self->play);
      g_autoptr(GPtrArray) all = wb_match_units_at (m, where);
      gboolean any_in = FALSE;

      for (guint i = 0; i < all->len; i++)
        any_in |= wb_picks_count_value (self->picks, l, ((WbUnitState *) g_ptr_array_index (all, i))->id) > 0;
      for (guint i = 0; any_in && i < all->len; i++)
        wb_picks_remove (self->picks, l, ((WbUnitState *) g_ptr_array_index (all, i))->id);
      for (guint i = 0; !any_in && i < here->len; i++)
        wb_picks_add (self->picks, l, g_ptr_array_index (here, i));
    }
  else if (list->max == 1)
    {
      /* One unit: a stack's units in turn. */
      const char *now = wb_picks_get (self->picks, l, 0);
      guint start = 0;
      g_autofree char *next = NULL;

      for (guint i = 0; i < here->len; i++)
        if (g_strcmp0 (g_ptr_array_index (here, i), now) == 0)
          start = i + 1;
      next = g_strdup (g_ptr_array_index (here, start % here->len));
      for (guint k = l; k < self->step->lists->len && ((list->flags & WB_PICK_LEADS) || k == l); k++)
        wb_picks_clear_list (self->picks, k);
      wb_picks_add (self->picks, l, next);
    }
  else
    {
      /* One a click: the next of the stack not picked yet, or the picks of
       * the place dropped when all are picked. */
      for (guint i = 0; i < here->len; i++)
        if (wb_picks_count_value (self->picks, l, g_ptr_array_index (here, i)) == 0)
          {
            if (wb_picks_count (self->picks, l) < list->max)
              wb_picks_add (self->picks, l, g_ptr_array_index (here, i));
            return;
          }
      for (guint i = 0; i < here->len; i++)
        wb_picks_remove (self->picks, l, g_ptr_array_index (here, i));
    }
}

/* {"type": @type, "unit": @unit, @member: {"hex": …} or {"location": …}} */
static JsonObject *
unit_action (WbPlayController *self, const char *type, const char *unit, const char *member,
             const WbWhere *where)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "type", type);
  json_object_set_string_member (a, "unit", unit);
  json_object_set_object_member (a, member, wb_match_where_to_json (wb_play_get_state (self->play), where));
  return a;
}

/* Override with a marker chosen: put it down, or take it off when it is
 * there already. */
static void
click_marker (WbPlayController *self, WbOffset hex)
{
  g_autoptr(JsonObject) a = json_object_new ();
  char text[32];

  hex_text (self, hex, text);
  json_object_set_string_member (a, "type", "override_marker");
  json_object_set_string_member (a, "feature", self->marker);
  json_object_set_string_member (a, "hex", text);
  if (wb_match_find_marker (wb_play_get_state (self->play), self->marker, hex) >= 0)
    json_object_set_boolean_member (a, "remove", TRUE);
  wb_play_controller_act (self, a);
}

/* Override: a click on the selected unit's hex goes through its stack, then
 * lets go; with a unit selected, a click elsewhere puts it there; else a
 * click picks the first unit of the hex, of either side. */
static void
click_override (WbPlayController *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GPtrArray) here = wb_match_units_at (m, where);
  WbUnitState *sel = self->selected != NULL ? wb_match_find_unit (m, self->selected) : NULL;

  /* Markers are hex features: put down on hexes. */
  if (self->marker != NULL)
    {
      if (where->kind == WB_WHERE_HEX)
        click_marker (self, where->hex);
      return;
    }

  if (sel != NULL && wb_where_equal (&sel->where, where))
    {
      for (guint i = 0; i < here->len; i++)
        if (g_ptr_array_index (here, i) == sel)
          {
            set_selected (self, i + 1 < here->len ? ((WbUnitState *) g_ptr_array_index (here, i + 1))->id
                                                  : NULL);
            return;
          }
      set_selected (self, NULL);
      return;
    }
  if (sel != NULL)
    {
      g_autoptr(JsonObject) a = unit_action (self, "override_move", sel->id, "to", where);

      wb_play_controller_act (self, a);
      return;
    }
  if (here->len > 0)
    set_selected (self, ((WbUnitState *) g_ptr_array_index (here, 0))->id);
}

/* A click on a place, for the step's lists: the last that may pick
 * something there takes it. */
static void
click (WbPlayController *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  int lead;

  if (self->override)
    {
      click_override (self, where);
      return;
    }
  for (guint k = self->step->lists->len; k > 0; k--)
    {
      guint l = k - 1;
      WbPickList *list = list_at (self, l);

      if (list->kind == WB_PICK_HEX || list->kind == WB_PICK_LOCATION)
        {
          WbPickKind kind;
          g_autofree char *value = wb_step_place_value (m, where, &kind);

          if (value == NULL || kind != list->kind ||
              (!(list->flags & WB_PICK_ANY) && wb_pick_list_find (list, value) == NULL))
            continue;
          if (list->max == 1)
            wb_picks_clear_list (self->picks, l);
          if (wb_picks_count_value (self->picks, l, value) > 0)
            wb_picks_remove (self->picks, l, value);
          else
            wb_picks_add (self->picks, l, value);
          picks_changed (self);
          return;
        }
      if (list->kind == WB_PICK_UNIT)
        {
          g_autoptr(GPtrArray) here = g_ptr_array_new ();

          for (guint i = 0; i < list->candidates->len; i++)
            {
              const WbPickCandidate *c = &g_array_index (list->candidates, WbPickCandidate, i);
              if (place_equal (&c->where, where))
                g_ptr_array_add (here, c->value);
            }
          if (here->len == 0)
            continue;
          pick_units (self, l, list, here, where);
          picks_changed (self);
          return;
        }
    }
  /* No list takes it: why, and a unit picked alone is let go. */
  {
    g_autofree char *why = g_strdup (self->step->refusal);

    for (guint l = 0; l < self->step->lists->len; l++)
      if (list_at (self, l)->kind == WB_PICK_UNIT && list_at (self, l)->refusal != NULL && side_units_at (self, where))
        {
          g_free (why);
          why = g_strdup (list_at (self, l)->refusal);
          break;
        }
    lead = leading_list (self);
    if (lead >= 0)
      {
        for (guint l = (guint) lead; l < self->step->lists->len; l++)
          wb_picks_clear_list (self->picks, l);
        picks_changed (self);
      }
    if (why != NULL)
      say (self, why);
  }
}

void
wb_play_controller_click_hex (WbPlayController *self, WbOffset hex)
{
  WbWhere where = { WB_WHERE_HEX, hex, NULL };

  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  if (hex_map (self) == NULL || !wb_hex_map_contains (hex_map (self), hex))
    return;
  click (self, &where);
}

void
wb_play_controller_click_location (WbPlayController *self, const char *location)
{
  WbMatch *m;
  WbLocation *loc;
  WbWhere where = { WB_WHERE_LOCATION, { 0, 0 }, NULL };

  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  m = wb_play_get_state (self->play);
  loc = WB_IS_POINT_MAP (m->map) && location != NULL ? wb_point_map_find_location (WB_POINT_MAP (m->map), location)
                                                      : NULL;
  if (loc == NULL)
    return;
  /* The match's places are interned (wb_where_equal compares pointers). */
  where.place = g_intern_string (loc->id);
  click (self, &where);
}

void
wb_play_controller_click_board_unit (WbPlayController *self, const char *unit)
{
  WbPickList *list = NULL;
  guint l = 0;

  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self) && unit != NULL);
  if (self->override)
    return;
  /* The first list of board units that picked it or may pick it (a step
   * may have two: the block that fires, the enemy block it fires at),
   * else the first, for its reason. */
  for (guint k = 0; k < self->step->lists->len && list == NULL; k++)
    if (list_at (self, k)->kind == WB_PICK_BOARD_UNIT &&
        (wb_pick_list_find (list_at (self, k), unit) != NULL || wb_picks_count_value (self->picks, k, unit) > 0))
      {
        list = list_at (self, k);
        l = k + 1;
      }
  for (guint k = 0; k < self->step->lists->len && list == NULL; k++)
    if (list_at (self, k)->kind == WB_PICK_BOARD_UNIT)
      {
        list = list_at (self, k);
        l = k + 1;
      }
  if (list == NULL)
    {
      say (self, self->step->board_refusal != NULL ? self->step->board_refusal
                                                   : _("This step is played with the buttons of the prompt"));
      return;
    }
  l--;
  if (!(list->flags & WB_PICK_REPEAT) && wb_picks_count_value (self->picks, l, unit) > 0)
    wb_picks_remove (self->picks, l, unit);
  else if (wb_pick_list_find (list, unit) != NULL)
    {
      if (list->max == 1 && !(list->flags & WB_PICK_REPEAT))
        wb_picks_clear_list (self->picks, l);
      if (wb_picks_count (self->picks, l) >= list->max)
        return;
      wb_picks_add (self->picks, l, unit);
    }
  else
    {
      const char *why = list->reasons != NULL ? g_hash_table_lookup (list->reasons, unit) : NULL;

      say (self, why != NULL ? why : _("That unit is not on the board"));
      return;
    }
  picks_changed (self);
}

void
wb_play_controller_select_unit (WbPlayController *self, const char *unit)
{
  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  /* Picking a unit ends putting markers down. */
  if (unit != NULL)
    self->marker = NULL;
  if (self->override)
    {
      set_selected (self, unit);
      return;
    }
  /* The first list of units that may pick it (a reinforcement). */
  for (guint l = 0; l < self->step->lists->len; l++)
    {
      WbPickList *list = list_at (self, l);

      if (list->kind != WB_PICK_UNIT || unit == NULL || wb_pick_list_find (list, unit) == NULL)
        continue;
      if (list->max == 1)
        for (guint k = l; k < self->step->lists->len && ((list->flags & WB_PICK_LEADS) || k == l); k++)
          wb_picks_clear_list (self->picks, k);
      if (wb_picks_count_value (self->picks, l, unit) > 0)
        wb_picks_remove (self->picks, l, unit);
      else
        wb_picks_add (self->picks, l, unit);
      picks_changed (self);
      return;
    }
  /* None: the unit picked alone is let go. */
  {
    int lead = leading_list (self);

    for (guint l = lead >= 0 ? (guint) lead : self->step->lists->len; l < self->step->lists->len; l++)
      wb_picks_clear_list (self->picks, l);
    picks_changed (self);
  }
}

void
wb_play_controller_set_marker (WbPlayController *self, const char *feature)
{
  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  feature = g_intern_string (feature);
  if (self->marker == feature)
    return;
  self->marker = feature;
  /* Clicks now go to the marker, not to a unit. */
  wb_play_controller_clear (self);
}

const char *
wb_play_controller_get_marker (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->marker;
}

WbPlay *
wb_play_controller_get_play (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->play;
}

const char *
wb_play_controller_get_selected (WbPlayController *self)
{
  int lead;

  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  if (self->override)
    return self->selected;
  lead = leading_list (self);
  return lead >= 0 ? wb_picks_get (self->picks, (guint) lead, 0) : NULL;
}

void
wb_play_controller_set_override (WbPlayController *self, gboolean override)
{
  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  override = !!override;
  if (self->override == override)
    return;
  self->override = override;
  self->marker = NULL;
  /* The picks of one mode mean nothing in the other. */
  wb_play_controller_clear (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVERRIDE]);
}

gboolean
wb_play_controller_get_override (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), FALSE);
  return self->override;
}

GArray *
wb_play_controller_get_highlights (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->highlights;
}

GPtrArray *
wb_play_controller_get_picked_units (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->units;
}

GPtrArray *
wb_play_controller_get_picked_hexes (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->hexes;
}

GArray *
wb_play_controller_get_chosen_places (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->chosen;
}

GArray *
wb_play_controller_get_picked_places (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->places;
}

const WbPicks *
wb_play_controller_get_picks (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->picks;
}

const WbStep *
wb_play_controller_get_step (WbPlayController *self)
{
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->step;
}

/* Whatever changed the play (an action, undo, a jump in the history, the
 * rule checks), the picks were for the state before. */
static void
on_play_changed (WbPlayController *self, guint what)
{
  g_autofree char *kept = NULL;

  if (!(what & (WB_PLAY_CHANGED_STATE | WB_PLAY_CHANGED_CURSOR)))
    return;
  /* Override: the unit picked stays picked while it is in the match (its
   * strength, another place, after an undo). */
  if (self->override && self->selected != NULL &&
      wb_match_find_unit (wb_play_get_state (self->play), self->selected) != NULL)
    kept = g_strdup (self->selected);
  wb_play_controller_clear (self);
  if (kept != NULL)
    set_selected (self, kept);
}

static void
wb_play_controller_finalize (GObject *object)
{
  WbPlayController *self = WB_PLAY_CONTROLLER (object);

  g_clear_object (&self->play);
  g_free (self->selected);
  wb_picks_free (self->picks);
  g_clear_pointer (&self->step, wb_step_free);
  g_clear_pointer (&self->highlights, g_array_unref);
  g_ptr_array_unref (self->units);
  g_ptr_array_unref (self->hexes);
  g_array_unref (self->chosen);
  g_array_unref (self->places);
  G_OBJECT_CLASS (wb_play_controller_parent_class)->finalize (object);
}

static void
wb_play_controller_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbPlayController *self = WB_PLAY_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_OVERRIDE:
      g_value_set_boolean (value, self->override);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_play_controller_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbPlayController *self = WB_PLAY_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_OVERRIDE:
      wb_play_controller_set_override (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_play_controller_class_init (WbPlayControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = wb_play_controller_finalize;
  object_class->get_property = wb_play_controller_get_property;
  object_class->set_property = wb_play_controller_set_property;
  /**
   * WbPlayController:override:
   *
   * Designer override mode: a click picks any unit and puts it anywhere
   * (override_move), the rules unchecked.
   */
  properties[PROP_OVERRIDE] = g_param_spec_boolean ("override", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                    G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * WbPlayController::needs-roll:
   * @action: (type Json.Object): the action refused for want of the players' roll
   */
  signals[NEEDS_ROLL] = g_signal_new ("needs-roll", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                      NULL, NULL, G_TYPE_NONE, 1, JSON_TYPE_OBJECT);
}

static void
wb_play_controller_init (WbPlayController *self)
{
  self->picks = wb_picks_new ();
  self->units = g_ptr_array_new_with_free_func (g_free);
  self->hexes = g_ptr_array_new_with_free_func (g_free);
  self->chosen = g_array_new (FALSE, FALSE, sizeof (WbWhere));
  self->places = g_array_new (FALSE, FALSE, sizeof (WbWhere));
}

WbPlayController *
wb_play_controller_new (WbPlay *play)
{
  WbPlayController *self;

  g_return_val_if_fail (WB_IS_PLAY (play), NULL);
  self = g_object_new (WB_TYPE_PLAY_CONTROLLER, NULL);
  self->play = g_object_ref (play);
  g_signal_connect_object (play, "changed", G_CALLBACK (on_play_changed), self, G_CONNECT_SWAPPED);
  restep (self, FALSE);
  return self;
}
