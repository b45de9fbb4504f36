/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "wb-play-controller.h"
#include "rules/bg/wb-bg-fight.h"

struct _WbPlayController
{
  GObject     parent_instance;

  WbPlay     *play;
  char       *selected;     /* a unit id, or NULL */
  GArray     *highlights;   /* WbDestination, or NULL */
  GPtrArray  *units;        /* char*: picked for an attack or an exchange */
  GPtrArray  *hexes;        /* char*: enemy hexes picked for an attack */
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

static void
sayf (WbPlayController *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
sayf (WbPlayController *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  say (self, text);
}

static gboolean
str_in (GPtrArray *list, const char *s, guint *index)
{
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (g_ptr_array_index (list, i), s) == 0)
      {
        if (index)
          *index = i;
        return TRUE;
      }
  return FALSE;
}

static void
set_selected (WbPlayController *self, const char *unit)
{
  g_clear_pointer (&self->highlights, g_array_unref);
  g_free (self->selected);
  self->selected = g_strdup (unit);
  /* Override: anywhere, so nothing is highlighted (the selection is). */
  if (unit != NULL && !self->override)
    self->highlights = wb_play_destinations (self->play, unit);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
wb_play_controller_clear (WbPlayController *self)
{
  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  g_ptr_array_set_size (self->units, 0);
  g_ptr_array_set_size (self->hexes, 0);
  set_selected (self, NULL);
}

gboolean
wb_play_controller_act (WbPlayController *self, JsonObject *action)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self) && action != NULL, FALSE);
  if (!wb_play_act (self->play, action, &error))
    {
      say (self, error->message);
      /* Physical dice: the players' roll (or a result the table lacks) is
       * asked for, and the action played again with it. */
      if (wb_play_needs_roll (self->play, NULL, NULL) || wb_play_needs_result (self->play, NULL, NULL, NULL))
        g_signal_emit (self, signals[NEEDS_ROLL], 0, action);
      return FALSE;
    }
  if (self->override && self->selected != NULL &&
      wb_match_find_unit (wb_play_get_state (self->play), self->selected) != NULL)
    {
      /* Override: the unit stays picked, for its strength or another place. */
      g_autofree char *unit = g_strdup (self->selected);
      g_ptr_array_set_size (self->units, 0);
      g_ptr_array_set_size (self->hexes, 0);
      set_selected (self, unit);
    }
  else
    wb_play_controller_clear (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* The units at @where (a hex or a location) of @side (or of every side but
 * @side with @others). */
static GPtrArray *
units_at (WbPlayController *self, const WbWhere *where, guint side, gboolean others)
{
  WbMatch *m = wb_play_get_state (self->play);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if ((u->flags & WB_UNIT_IN_SCENARIO) && wb_where_equal (&u->where, where) && ((u->side == side) != others))
        g_ptr_array_add (out, u);
    }
  return out;
}

/* Whether @where is one of the selected unit's destinations. */
static gboolean
highlighted (WbPlayController *self, const WbWhere *where)
{
  for (guint i = 0; self->highlights != NULL && i < self->highlights->len; i++)
    {
      const WbDestination *d = &g_array_index (self->highlights, WbDestination, i);
      if (wb_where_equal (&d->where, where))
        return TRUE;
    }
  return FALSE;
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

/* A unit of the side to act at @where, after the selected one when it is
 * there too (clicking a stack goes through it); only units with somewhere
 * to go. */
static const char *
next_unit (WbPlayController *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GPtrArray) here = units_at (self, where, m->active, FALSE);
  guint start = 0, i;

  for (i = 0; i < here->len; i++)
    if (g_strcmp0 (((WbUnitState *) g_ptr_array_index (here, i))->id, self->selected) == 0)
      start = i + 1;
  for (guint k = 0; k < here->len; k++)
    {
      WbUnitState *u = g_ptr_array_index (here, (start + k) % here->len);
      g_autoptr(GArray) dest = wb_play_destinations (self->play, u->id);

      if (dest != NULL && dest->len > 0)
        return u->id;
    }
  return NULL;
}

static void
click_move (WbPlayController *self, const WbWhere *where, const char *verb)
{
  WbMatch *m = wb_play_get_state (self->play);
  const char *unit;

  if (self->selected != NULL && highlighted (self, where))
    {
      WbUnitState *u = wb_match_find_unit (m, self->selected);
      g_autoptr(JsonObject) a = NULL;

      if (g_strcmp0 (verb, "move") == 0 && u != NULL && u->where.kind == WB_WHERE_WAITING)
        a = unit_action (self, "enter", self->selected, "at", where);
      else if (g_strcmp0 (verb, "deploy") == 0)
        a = unit_action (self, "deploy", self->selected, "at", where);
      else if (g_strcmp0 (verb, "retreat") == 0)
        {
          /* Into a full friendly hex the rules may let it displace one. */
          g_autoptr(GPtrArray) friends = units_at (self, where, m->active, FALSE);

          a = unit_action (self, "retreat", self->selected, "to", where);
          for (guint i = 0; i < friends->len; i++)
            {
              WbPreview preview;

              if (wb_play_preview (self->play, a, &preview, NULL))
                {
                  g_free (preview.text);
                  break;
                }
              json_object_set_string_member (a, "displace", ((WbUnitState *) g_ptr_array_index (friends, i))->id);
            }
        }
      else
        a = unit_action (self, verb, self->selected, "to", where);
      wb_play_controller_act (self, a);
      return;
    }
  unit = next_unit (self, where);
  set_selected (self, unit);
  if (unit == NULL && self->selected == NULL)
    {
      g_autoptr(GPtrArray) mine = units_at (self, where, m->active, FALSE);
      if (mine->len > 0)
        say (self, g_strcmp0 (verb, "move") == 0 ? _("These units cannot move now")
                                                  : _("None of these units can do that now"));
    }
}

static void
toggle (GPtrArray *list, const char *s)
{
  guint i;

  if (str_in (list, s, &i))
    g_ptr_array_remove_index (list, i);
  else
    g_ptr_array_add (list, g_strdup (s));
}

static void
click_attack (WbPlayController *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GPtrArray) mine = units_at (self, where, m->active, FALSE);
  g_autoptr(GPtrArray) theirs = units_at (self, where, m->active, TRUE);
  char text[32];

  /* Attacks name the hexes attacked (hex maps). */
  if (where->kind != WB_WHERE_HEX)
    return;
  hex_text (self, where->hex, text);
  if (theirs->len > 0)
    toggle (self->hexes, text);
  else
    {
      /* All the hex's units that have not attacked join or leave together
       * (units in one hex attack together). */
      gboolean any_in = FALSE;

      for (guint i = 0; i < mine->len; i++)
        any_in |= str_in (self->units, ((WbUnitState *) g_ptr_array_index (mine, i))->id, NULL);
      for (guint i = 0; i < mine->len; i++)
        {
          WbUnitState *u = g_ptr_array_index (mine, i);
          guint at;

          if (any_in && str_in (self->units, u->id, &at))
            g_ptr_array_remove_index (self->units, at);
          else if (!any_in && !(u->flags & WB_UNIT_ATTACKED))
            g_ptr_array_add (self->units, g_strdup (u->id));
        }
    }
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static void
click_eliminate (WbPlayController *self, const WbWhere *where)
{
  WbMatch *m = wb_play_get_state (self->play);
  g_autoptr(GPtrArray) mine = units_at (self, where, m->active, FALSE);

  /* One unit a click: the next of the stack not picked yet, or the picks
   * of the hex dropped when all are picked. */
  for (guint i = 0; i < mine->len; i++)
    {
      WbUnitState *u = g_ptr_array_index (mine, i);
      if (!str_in (self->units, u->id, NULL))
        {
          g_ptr_array_add (self->units, g_strdup (u->id));
          g_signal_emit (self, signals[SELECTION_CHANGED], 0);
          return;
        }
    }
  for (guint i = 0; i < mine->len; i++)
    {
      guint at;
      if (str_in (self->units, ((WbUnitState *) g_ptr_array_index (mine, i))->id, &at))
        g_ptr_array_remove_index (self->units, at);
    }
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
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

/* A battle step (maps of locations): a click on a location where both
 * sides are fights the battle there ({"type": "battle", "location": ID}). */
static void
click_battle (WbPlayController *self, const WbWhere *where)
{
  g_autoptr(JsonObject) a = NULL;

  if (where->kind != WB_WHERE_LOCATION)
    return;
  a = json_object_new ();
  json_object_set_string_member (a, "type", "battle");
  json_object_set_string_member (a, "location", where->place);
  wb_play_controller_act (self, a);
}

/* A Blue & Gray retreat: a click on the location the units go to. */
static void
click_retreat_to (WbPlayController *self, const WbWhere *where)
{
  g_autoptr(JsonObject) a = NULL;

  if (where->kind != WB_WHERE_LOCATION)
    return;
  a = json_object_new ();
  json_object_set_string_member (a, "type", "battle_retreat_to");
  json_object_set_string_member (a, "to", where->place);
  wb_play_controller_act (self, a);
}

static void
click (WbPlayController *self, const WbWhere *where)
{
  const char *what;

  if (self->override)
    {
      click_override (self, where);
      return;
    }
  what = wb_play_awaiting (self->play);
  if (g_strcmp0 (what, "move") == 0 || g_strcmp0 (what, "retreat") == 0 || g_strcmp0 (what, "advance") == 0 ||
      g_strcmp0 (what, "deploy") == 0)
    click_move (self, where, what);
  else if (g_strcmp0 (what, "attack") == 0)
    click_attack (self, where);
  else if (g_strcmp0 (what, "eliminate") == 0)
    click_eliminate (self, where);
  else if (g_strcmp0 (what, "battle") == 0)
    click_battle (self, where);
  else if (g_strcmp0 (what, "battle-retreat-to") == 0)
    click_retreat_to (self, where);
  else if (what != NULL && g_str_has_prefix (what, "battle-"))
    say (self, _("The battle is fought on the battle board: click its units, or use the prompt's buttons"));
  else if (g_strcmp0 (what, "over") == 0)
    say (self, _("The game is over"));
  else if (g_strcmp0 (what, "any") != 0)
    /* Rolls, replacements, reactions: the prompt's buttons. */
    say (self, _("This step is played with the buttons of the prompt"));
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

/* The board slot of the unit @id, or -1. */
static int
battle_slot (WbMatch *m, const WbBgBattle *b, const char *id)
{
  WbUnitState *u = id != NULL ? wb_match_find_unit (m, id) : NULL;

  return u != NULL ? wb_bg_battle_find (b, (int) (u - &g_array_index (m->units, WbUnitState, 0))) : -1;
}

/* Whether the hits picked and one more on @slot can be taken, tried on a
 * copy of the board (the board's own rules, 11.2); a message when not. */
static gboolean
can_add_hit (WbPlayController *self, WbMatch *m, const WbBgBattle *b, int slot)
{
  WbBgBattle trial = *b;
  int slots[WB_BG_BATTLE_MAX_UNITS * 2];
  int n = 0, on_slot = 0;
  g_autoptr(GError) error = NULL;

  if ((int) self->units->len >= b->pending_hits)
    {
      sayf (self, g_dngettext (GETTEXT_PACKAGE, "%d hit is assigned: Apply Hits, or Clear to choose again",
                              "All %d hits are assigned: Apply Hits, or Clear to choose again", b->pending_hits),
           b->pending_hits);
      return FALSE;
    }
  for (guint i = 0; i < self->units->len && n < (int) G_N_ELEMENTS (slots) - 1; i++)
    {
      slots[n] = battle_slot (m, b, g_ptr_array_index (self->units, i));
      on_slot += slots[n] == slot;
      n++;
    }
  slots[n++] = slot;
  on_slot++;
  trial.pending_hits = (guint8) n;
  if (!wb_bg_battle_allocate (&trial, slots, n, NULL, &error))
    {
      say (self, error->message);
      return FALSE;
    }
  /* Eliminated by the hits before: this one would be lost. */
  if (trial.units[slot].hits != b->units[slot].hits + on_slot)
    {
      say (self, _("That unit is eliminated by the hits picked already"));
      return FALSE;
    }
  return TRUE;
}

void
wb_play_controller_click_battle_unit (WbPlayController *self, const char *unit)
{
  WbMatch *m;
  const WbBgBattle *b;
  const char *what;
  WbBgSide side;
  int slot;

  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self) && unit != NULL);
  m = wb_play_get_state (self->play);
  b = wb_bg_match_battle (m, NULL, NULL);
  what = wb_play_awaiting (self->play);
  if (b == NULL || (slot = battle_slot (m, b, unit)) < 0)
    {
      say (self, _("That unit is not in the battle"));
      return;
    }
  wb_bg_battle_stage (b, &side);
  if (g_strcmp0 (what, "battle-allocate") == 0)
    {
      if (b->units[slot].side != side)
        {
          say (self, _("The hits fall on the other side's units"));
          return;
        }
      if (!can_add_hit (self, m, b, slot))
        return;
      g_ptr_array_add (self->units, g_strdup (unit));
    }
  else if (g_strcmp0 (what, "battle-deploy") == 0)
    {
      if (!str_in (self->units, unit, NULL))
        {
          if (b->units[slot].side != WB_BG_DEFENDER || b->units[slot].box != WB_BG_BOX_LINE)
            {
              say (self, _("Only the defender's line units can take the fortified city line"));
              return;
            }
          if (self->units->len >= b->fortress_capacity)
            {
              sayf (self, g_dngettext (GETTEXT_PACKAGE, "The fortified city line holds %d unit",
                                      "The fortified city line holds %d units", b->fortress_capacity),
                   b->fortress_capacity);
              return;
            }
        }
      toggle (self->units, unit);
    }
  else if (g_strcmp0 (what, "battle-reinforce") == 0)
    {
      if (b->units[slot].side != side || b->units[slot].box != WB_BG_BOX_OFF)
        {
          say (self, _("Only units of the side reinforcing, in adjacent locations, can try to reinforce"));
          return;
        }
      toggle (self->units, unit);
    }
  else if (g_strcmp0 (what, "battle-reroll") == 0)
    {
      g_autoptr(JsonObject) a = NULL;

      if (b->units[slot].side != side || !(b->units[slot].flags & WB_BG_UNIT_FAILED_NOW))
        {
          say (self, _("Only a unit that failed its morale check this round can re-roll it"));
          return;
        }
      a = json_object_new ();
      json_object_set_string_member (a, "type", "battle_reroll");
      json_object_set_string_member (a, "unit", unit);
      wb_play_controller_act (self, a);
      return;
    }
  else
    {
      say (self, wb_bg_battle_stage_rolls (wb_bg_battle_stage (b, NULL))
                 ? _("The battle waits for a roll: the prompt's Roll button")
                 : _("This step is played with the buttons of the prompt"));
      return;
    }
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
wb_play_controller_select_unit (WbPlayController *self, const char *unit)
{
  g_return_if_fail (WB_IS_PLAY_CONTROLLER (self));
  /* Picking a unit ends putting markers down. */
  if (unit != NULL)
    self->marker = NULL;
  set_selected (self, unit);
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
  g_return_val_if_fail (WB_IS_PLAY_CONTROLLER (self), NULL);
  return self->selected;
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

static void
wb_play_controller_finalize (GObject *object)
{
  WbPlayController *self = WB_PLAY_CONTROLLER (object);

  g_clear_object (&self->play);
  g_free (self->selected);
  g_clear_pointer (&self->highlights, g_array_unref);
  g_ptr_array_unref (self->units);
  g_ptr_array_unref (self->hexes);
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
  self->units = g_ptr_array_new_with_free_func (g_free);
  self->hexes = g_ptr_array_new_with_free_func (g_free);
}

WbPlayController *
wb_play_controller_new (WbPlay *play)
{
  WbPlayController *self;

  g_return_val_if_fail (WB_IS_PLAY (play), NULL);
  self = g_object_new (WB_TYPE_PLAY_CONTROLLER, NULL);
  self->play = g_object_ref (play);
  return self;
}
