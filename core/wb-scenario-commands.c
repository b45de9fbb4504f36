/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wb-scenario-commands.h"
#include "wb-util-private.h"

/* Set-up lines, reinforcements, markers and boxes live in pointer arrays of
 * the scenario; one command class edits any of them (add, remove, replace,
 * move), with a per-kind table for copying, freeing, checking and naming
 * an item. The turn track and the list of scenarios have their own small
 * commands below. */

/* --- places -------------------------------------------------------------- */

static WbMap *
scenario_map (WbGame     *game,
              WbScenario *scenario)
{
  return wb_game_find_map (game, wb_scenario_get_map (scenario));
}

static WbBox *
find_box (WbScenario *scenario,
          const char *id)
{
  GPtrArray *boxes = wb_scenario_get_boxes (scenario);

  for (guint i = 0; i < boxes->len; i++)
    {
      WbBox *b = g_ptr_array_index (boxes, i);

      if (g_strcmp0 (b->id, id) == 0)
        return b;
    }
  return NULL;
}

/**
 * wb_scenario_check_place:
 * @game: the game
 * @scenario: one of its scenarios
 * @place: a place
 * @allow_box: whether an off-map box will do
 * @error: where to put the reason it is not a place of @scenario
 *
 * Returns: whether @place names a hex on the scenario's hex map, a location
 *   of its point-to-point map or (with @allow_box) one of its boxes
 */
gboolean
wb_scenario_check_place (WbGame         *game,
                         WbScenario     *scenario,
                         const WbPlace  *place,
                         gboolean        allow_box,
                         GError        **error)
{
  WbMap *map;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (place != NULL, FALSE);

  map = scenario_map (game, scenario);
  if (place->ref == NULL || *place->ref == '\0')
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, _("The place is empty"));
      return FALSE;
    }
  switch (place->kind)
    {
    case WB_PLACE_HEX:
      {
        g_autoptr(GError) why = NULL;
        WbOffset hex;

        if (!WB_IS_HEX_MAP (map))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("Hex %s: the scenario’s map is not a hex map"), place->ref);
            return FALSE;
          }
        if (!wb_hex_map_parse_hex_number (WB_HEX_MAP (map), place->ref, &hex, &why))
          {
            g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, why->message);
            return FALSE;
          }
        if (!wb_hex_map_contains (WB_HEX_MAP (map), hex))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                         _("Hex %s is outside map “%s”"), place->ref, wb_map_get_id (map));
            return FALSE;
          }
        return TRUE;
      }
    case WB_PLACE_LOCATION:
      if (!WB_IS_POINT_MAP (map))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("Location “%s”: the scenario’s map is not a point-to-point map"),
                       place->ref);
          return FALSE;
        }
      if (wb_point_map_find_location (WB_POINT_MAP (map), place->ref) == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("Map “%s” has no location “%s”"), wb_map_get_id (map), place->ref);
          return FALSE;
        }
      return TRUE;
    case WB_PLACE_BOX:
      if (!allow_box)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("A marker stands in a hex or at a location, not in box “%s”"), place->ref);
          return FALSE;
        }
      if (find_box (scenario, place->ref) == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The scenario has no box “%s”"), place->ref);
          return FALSE;
        }
      return TRUE;
    default:
      break;
    }
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, _("Unknown kind of place"));
  return FALSE;
}

gboolean
wb_scenario_parse_place (WbGame      *game,
                         WbScenario  *scenario,
                         const char  *text,
                         WbPlace     *place,
                         GError     **error)
{
  g_autofree char *t = NULL;
  g_autoptr(GError) hex_error = NULL;
  WbMap *map;
  GPtrArray *boxes;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (place != NULL, FALSE);

  place->ref = NULL;
  t = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*t == '\0')
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Type a hex number, a location or a box"));
      return FALSE;
    }
  map = scenario_map (game, scenario);
  if (WB_IS_HEX_MAP (map))
    {
      WbOffset hex;

      if (wb_hex_map_parse_typed_hex (WB_HEX_MAP (map), t, &hex, &hex_error))
        {
          char buf[WB_HEX_NUMBER_MAX_LEN];

          if (!wb_hex_map_contains (WB_HEX_MAP (map), hex))
            {
              g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                           _("Hex %s is outside map “%s”"), t, wb_map_get_id (map));
              return FALSE;
            }
          /* The canonical printed form: "414" becomes "0414", "c7" "C07". */
          wb_hex_map_format_hex (WB_HEX_MAP (map), hex, buf, sizeof buf);
          place->kind = WB_PLACE_HEX;
          place->ref = g_strdup (buf);
          return TRUE;
        }
    }
  else if (WB_IS_POINT_MAP (map))
    {
      GPtrArray *locations = wb_point_map_get_locations (WB_POINT_MAP (map));

      for (guint pass = 0; pass < 2; pass++)
        for (guint i = 0; i < locations->len; i++)
          {
            WbLocation *loc = g_ptr_array_index (locations, i);
            const char *key = pass == 0 ? loc->id : loc->name;

            if (key != NULL && g_ascii_strcasecmp (key, t) == 0)
              {
                place->kind = WB_PLACE_LOCATION;
                place->ref = g_strdup (loc->id);
                return TRUE;
              }
          }
    }
  boxes = wb_scenario_get_boxes (scenario);
  for (guint i = 0; i < boxes->len; i++)
    {
      WbBox *b = g_ptr_array_index (boxes, i);

      if (g_ascii_strcasecmp (b->id, t) == 0 ||
          (b->name != NULL && g_ascii_strcasecmp (b->name, t) == 0))
        {
          place->kind = WB_PLACE_BOX;
          place->ref = g_strdup (b->id);
          return TRUE;
        }
    }
  /* With a digit in it the text was meant as a hex number: say what one
   * looks like on this map. */
  if (WB_IS_HEX_MAP (map) && strpbrk (t, "0123456789") != NULL)
    g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                 /* Translators: %s is why, e.g. "“AB07” is not a hex number: a
                  * column is one letter, written once or more …" */
                 _("%s; nor is it a box of the scenario"), hex_error->message);
  else if (WB_IS_HEX_MAP (map))
    g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                 _("“%s” is neither a hex number nor a box of the scenario"), t);
  else
    g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                 _("“%s” is neither a location of the map nor a box of the scenario"), t);
  return FALSE;
}

gboolean
wb_scenario_place_at_point (WbGame     *game,
                            WbScenario *scenario,
                            double      x,
                            double      y,
                            double      radius,
                            WbPlace    *place)
{
  WbMap *map;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (WB_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (place != NULL, FALSE);

  place->ref = NULL;
  map = scenario_map (game, scenario);
  if (WB_IS_HEX_MAP (map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (map);
      WbOffset hex = wb_hex_from_point (wb_hex_map_get_layout (hex_map),
                                        wb_hex_map_get_hex_size (hex_map), x, y);
      char buf[16];

      if (!wb_hex_map_contains (hex_map, hex))
        return FALSE;
      wb_hex_map_format_hex (hex_map, hex, buf, sizeof buf);
      place->kind = WB_PLACE_HEX;
      place->ref = g_strdup (buf);
      return TRUE;
    }
  if (WB_IS_POINT_MAP (map))
    {
      WbLocation *loc = wb_point_map_location_at (WB_POINT_MAP (map), x, y, radius);

      if (loc == NULL)
        return FALSE;
      place->kind = WB_PLACE_LOCATION;
      place->ref = g_strdup (loc->id);
      return TRUE;
    }
  return FALSE;
}

gboolean
wb_scenario_parse_places (WbGame      *game,
                          WbScenario  *scenario,
                          const char  *text,
                          GArray      *places,
                          GError     **error)
{
  g_auto(GStrv) parts = NULL;

  g_return_val_if_fail (places != NULL, FALSE);

  parts = g_strsplit (text != NULL ? text : "", ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      WbPlace p;

      if (*g_strstrip (parts[i]) == '\0' && parts[1] != NULL)
        continue;
      if (!wb_scenario_parse_place (game, scenario, parts[i], &p, error))
        return FALSE;
      g_array_append_val (places, p);
    }
  if (places->len == 0)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Type a hex number, a location or a box"));
      return FALSE;
    }
  return TRUE;
}

char *
wb_scenario_format_place (WbGame        *game,
                          WbScenario    *scenario,
                          const WbPlace *place)
{
  WbMap *map;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (place != NULL, NULL);

  map = scenario_map (game, scenario);
  if (place->kind == WB_PLACE_LOCATION && WB_IS_POINT_MAP (map))
    {
      WbLocation *loc = wb_point_map_find_location (WB_POINT_MAP (map), place->ref);

      if (loc != NULL && loc->name != NULL && *loc->name)
        return g_strdup (loc->name);
    }
  else if (place->kind == WB_PLACE_BOX)
    {
      WbBox *b = find_box (scenario, place->ref);

      if (b != NULL && b->name != NULL && *b->name)
        return g_strdup (b->name);
    }
  return g_strdup (place->ref);
}

char *
wb_scenario_format_places (WbGame     *game,
                           WbScenario *scenario,
                           GArray     *places)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; places != NULL && i < places->len; i++)
    {
      g_autofree char *one = wb_scenario_format_place (game, scenario,
                                                       &g_array_index (places, WbPlace, i));
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, one);
    }
  return g_string_free (s, FALSE);
}

static void
copy_places (GArray *to,
             GArray *from)
{
  for (guint i = 0; from != NULL && i < from->len; i++)
    {
      WbPlace *p = &g_array_index (from, WbPlace, i);

      wb_place_array_add (to, p->kind, p->ref);
    }
}

WbSetup *
wb_setup_copy (const WbSetup *line)
{
  WbSetup *s;

  g_return_val_if_fail (line != NULL, NULL);
  s = wb_setup_new (line->unit);
  copy_places (s->at, line->at);
  s->option = wb_intern0 (line->option);
  s->unless = wb_intern0 (line->unless);
  s->note = g_strdup (line->note);
  return s;
}

WbReinforcement *
wb_reinforcement_copy (const WbReinforcement *r)
{
  WbReinforcement *c;

  g_return_val_if_fail (r != NULL, NULL);
  c = wb_reinforcement_new (r->turn);
  copy_places (c->at, r->at);
  c->area = wb_intern0 (r->area);
  for (guint i = 0; r->units != NULL && i < r->units->len; i++)
    g_ptr_array_add (c->units, (gpointer) g_intern_string (g_ptr_array_index (r->units, i)));
  c->option = wb_intern0 (r->option);
  c->unless = wb_intern0 (r->unless);
  c->condition = g_strdup (r->condition);
  c->note = g_strdup (r->note);
  return c;
}

WbMarker *
wb_marker_copy (const WbMarker *m)
{
  WbMarker *c;

  g_return_val_if_fail (m != NULL, NULL);
  c = wb_marker_new (m->feature);
  copy_places (c->at, m->at);
  c->option = wb_intern0 (m->option);
  c->unless = wb_intern0 (m->unless);
  c->note = g_strdup (m->note);
  return c;
}

static WbBox *
box_copy (const WbBox *b)
{
  WbBox *c = g_new0 (WbBox, 1);

  c->id = wb_intern0 (b->id);
  c->name = g_strdup (b->name);
  c->side = wb_intern0 (b->side);
  return c;
}

static void
box_free (WbBox *b)
{
  if (b == NULL)
    return;
  g_free (b->name);
  g_free (b);
}

/* --- checks -------------------------------------------------------------- */

static gboolean
check_option (WbScenario  *scenario,
              const char  *id,
              GError     **error)
{
  GPtrArray *options = wb_scenario_get_options (scenario);

  if (id == NULL)
    return TRUE;
  for (guint i = 0; i < options->len; i++)
    if (g_strcmp0 (((WbOption *) g_ptr_array_index (options, i))->id, id) == 0)
      return TRUE;
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
               _("The scenario has no option “%s”"), id);
  return FALSE;
}

static gboolean
check_unit (WbGame      *game,
            const char  *id,
            GError     **error)
{
  if (id != NULL && wb_game_find_unit (game, id) != NULL)
    return TRUE;
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
               _("The game has no unit “%s”"), id != NULL ? id : "");
  return FALSE;
}

static gboolean
check_places (WbGame      *game,
              WbScenario  *scenario,
              GArray      *places,
              gboolean     allow_box,
              GError     **error)
{
  for (guint i = 0; i < places->len; i++)
    if (!wb_scenario_check_place (game, scenario, &g_array_index (places, WbPlace, i),
                                  allow_box, error))
      return FALSE;
  return TRUE;
}

static const char *
unit_name (WbGame     *game,
           const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);

  return unit != NULL ? wb_unit_get_name (unit) : id;
}

/* @skip: the line being replaced, which may keep its unit and tags. */
static gboolean
check_setup (WbGame      *game,
             WbScenario  *scenario,
             WbSetup     *line,
             gpointer     skip,
             GError     **error)
{
  GPtrArray *setup = wb_scenario_get_setup (scenario);

  if (!check_unit (game, line->unit, error))
    return FALSE;
  if (line->at->len == 0)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Set-up of %s: give where the unit starts"), unit_name (game, line->unit));
      return FALSE;
    }
  if (!check_places (game, scenario, line->at, TRUE, error) ||
      !check_option (scenario, line->option, error) ||
      !check_option (scenario, line->unless, error))
    return FALSE;
  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *other = g_ptr_array_index (setup, i);

      if (other != skip && other->unit == line->unit && other->option == line->option &&
          other->unless == line->unless)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("%s is already in the set-up (line %u)"),
                       unit_name (game, line->unit), i + 1);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_reinforcement (WbGame           *game,
                     WbScenario       *scenario,
                     WbReinforcement  *r,
                     gpointer          skip,
                     GError          **error)
{
  guint turns = wb_scenario_get_turns (scenario)->len;
  WbMap *map = scenario_map (game, scenario);

  if (r->turn < 1 || (guint) r->turn > turns)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("Turn %d is not on the turn track (turns 1 to %u)"), r->turn, turns);
      return FALSE;
    }
  if (r->at->len == 0 && r->area == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Reinforcement on turn %d: give where the units enter"), r->turn);
      return FALSE;
    }
  if (!check_places (game, scenario, r->at, TRUE, error))
    return FALSE;
  if (r->area != NULL &&
      (!WB_IS_HEX_MAP (map) || wb_hex_map_find_mark (WB_HEX_MAP (map), r->area) == NULL))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The scenario’s map has no marked area “%s”"), r->area);
      return FALSE;
    }
  for (guint i = 0; i < r->units->len; i++)
    if (!check_unit (game, g_ptr_array_index (r->units, i), error))
      return FALSE;
  return check_option (scenario, r->option, error) && check_option (scenario, r->unless, error);
}

static gboolean
check_marker (WbGame      *game,
              WbScenario  *scenario,
              WbMarker    *m,
              gpointer     skip,
              GError     **error)
{
  WbFeatureType *f = wb_game_find_feature (game, m->feature);

  if (f == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no feature “%s”"), m->feature ? m->feature : "");
      return FALSE;
    }
  if (f->where != WB_FEATURE_HEX)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a hex feature: a marker stands in a hex or at a location"),
                   f->name != NULL ? f->name : f->id);
      return FALSE;
    }
  if (m->at->len != 1)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("A marker stands in exactly one hex or location"));
      return FALSE;
    }
  return check_places (game, scenario, m->at, FALSE, error) &&
         check_option (scenario, m->option, error) && check_option (scenario, m->unless, error);
}

static gboolean
places_name_box (GArray     *places,
                 const char *id)
{
  for (guint i = 0; i < places->len; i++)
    {
      WbPlace *p = &g_array_index (places, WbPlace, i);

      if (p->kind == WB_PLACE_BOX && g_strcmp0 (p->ref, id) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
check_box (WbGame      *game,
           WbScenario  *scenario,
           WbBox       *b,
           gpointer     skip,
           GError     **error)
{
  if (b->id == NULL || *b->id == '\0' || strpbrk (b->id, " \t\n\"") != NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a valid box id (no spaces)"), b->id ? b->id : "");
      return FALSE;
    }
  if (find_box (scenario, b->id) != NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("The scenario already has a box “%s”"), b->id);
      return FALSE;
    }
  if (b->side != NULL && wb_game_find_side (game, b->side) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no side “%s”"), b->side);
      return FALSE;
    }
  return TRUE;
}

/* Whether the box can go: nothing may be left pointing into it. */
static gboolean
check_box_removable (WbGame      *game,
                     WbScenario  *scenario,
                     WbBox       *b,
                     GError     **error)
{
  GPtrArray *setup = wb_scenario_get_setup (scenario);
  GPtrArray *reinforcements = wb_scenario_get_reinforcements (scenario);

  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *s = g_ptr_array_index (setup, i);

      if (places_name_box (s->at, b->id))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("Box “%s” is in use: %s is set up in it"),
                       b->name ? b->name : b->id, unit_name (game, s->unit));
          return FALSE;
        }
    }
  for (guint i = 0; i < reinforcements->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (reinforcements, i);

      if (places_name_box (r->at, b->id))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("Box “%s” is in use: a reinforcement on turn %d enters from it"),
                       b->name ? b->name : b->id, r->turn);
          return FALSE;
        }
    }
  return TRUE;
}

/* --- the list command ---------------------------------------------------- */

typedef enum {
  KIND_SETUP,
  KIND_REINFORCEMENT,
  KIND_MARKER,
  KIND_BOX,
} ItemKind;

typedef enum {
  OP_ADD,
  OP_REMOVE,
  OP_REPLACE,
  OP_MOVE,
} ListOp;

typedef gboolean (*CheckFunc) (WbGame *game, WbScenario *scenario, gpointer item,
                               gpointer skip, GError **error);

static GPtrArray *
kind_array (WbScenario *scenario,
            ItemKind    kind)
{
  switch (kind)
    {
    case KIND_SETUP:
      return wb_scenario_get_setup (scenario);
    case KIND_REINFORCEMENT:
      return wb_scenario_get_reinforcements (scenario);
    case KIND_MARKER:
      return wb_scenario_get_markers (scenario);
    case KIND_BOX:
      return wb_scenario_get_boxes (scenario);
    default:
      g_assert_not_reached ();
    }
}

static void
kind_free (ItemKind kind,
           gpointer item)
{
  switch (kind)
    {
    case KIND_SETUP:
      wb_setup_free (item);
      break;
    case KIND_REINFORCEMENT:
      wb_reinforcement_free (item);
      break;
    case KIND_MARKER:
      wb_marker_free (item);
      break;
    case KIND_BOX:
      box_free (item);
      break;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
kind_check (ItemKind     kind,
            WbGame      *game,
            WbScenario  *scenario,
            gpointer     item,
            gpointer     skip,
            GError     **error)
{
  switch (kind)
    {
    case KIND_SETUP:
      return check_setup (game, scenario, item, skip, error);
    case KIND_REINFORCEMENT:
      return check_reinforcement (game, scenario, item, skip, error);
    case KIND_MARKER:
      return check_marker (game, scenario, item, skip, error);
    case KIND_BOX:
      return check_box (game, scenario, item, skip, error);
    default:
      g_assert_not_reached ();
    }
}

#define WB_TYPE_SCENARIO_LIST_COMMAND (wb_scenario_list_command_get_type ())
G_DECLARE_FINAL_TYPE (WbScenarioListCommand, wb_scenario_list_command,
                      WB, SCENARIO_LIST_COMMAND, WbCommand)

struct _WbScenarioListCommand
{
  WbCommand   parent_instance;

  WbGame     *game;
  WbScenario *scenario;
  ItemKind    kind;
  ListOp      op;
  int         index;       /* -1: the end (ADD) */
  guint       new_index;   /* MOVE */
  gpointer    item;        /* ADD, REPLACE: the new item */
  gpointer    old;         /* REMOVE, REPLACE: the item taken out */
  guint       done_index;  /* where apply put or took it */
  gboolean    applied;
};

G_DEFINE_FINAL_TYPE (WbScenarioListCommand, wb_scenario_list_command, WB_TYPE_COMMAND)

static gboolean
wb_scenario_list_command_apply (WbCommand  *command,
                                GError    **error)
{
  WbScenarioListCommand *self = WB_SCENARIO_LIST_COMMAND (command);
  GPtrArray *array = kind_array (self->scenario, self->kind);

  g_assert (!self->applied);

  switch (self->op)
    {
    case OP_ADD:
      if (self->index > (int) array->len)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("Position %lld is past the end of the list"), (long long) self->index + 1);
          return FALSE;
        }
      if (!kind_check (self->kind, self->game, self->scenario, self->item, NULL, error))
        return FALSE;
      self->done_index = self->index < 0 ? array->len : (guint) self->index;
      g_ptr_array_insert (array, (int) self->done_index, self->item);
      break;

    case OP_REMOVE:
      if ((guint) self->index >= array->len)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("There is no entry %lld"), (long long) (guint) self->index + 1);
          return FALSE;
        }
      if (self->kind == KIND_BOX &&
          !check_box_removable (self->game, self->scenario,
                                g_ptr_array_index (array, self->index), error))
        return FALSE;
      self->done_index = (guint) self->index;
      self->old = g_ptr_array_steal_index (array, self->done_index);
      break;

    case OP_REPLACE:
      if ((guint) self->index >= array->len)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("There is no entry %lld"), (long long) (guint) self->index + 1);
          return FALSE;
        }
      if (!kind_check (self->kind, self->game, self->scenario, self->item,
                       g_ptr_array_index (array, self->index), error))
        return FALSE;
      self->done_index = (guint) self->index;
      self->old = g_ptr_array_index (array, self->done_index);
      g_ptr_array_index (array, self->done_index) = self->item;
      break;

    case OP_MOVE:
      if ((guint) self->index >= array->len || self->new_index >= array->len)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("There is no entry %lld"),
                       (long long) MAX ((guint) self->index, self->new_index) + 1);
          return FALSE;
        }
      {
        gpointer item = g_ptr_array_steal_index (array, (guint) self->index);

        g_ptr_array_insert (array, (int) self->new_index, item);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  self->applied = TRUE;
  wb_game_changed (self->game, "scenarios");
  return TRUE;
}

static void
wb_scenario_list_command_revert (WbCommand *command)
{
  WbScenarioListCommand *self = WB_SCENARIO_LIST_COMMAND (command);
  GPtrArray *array = kind_array (self->scenario, self->kind);

  g_assert (self->applied);

  switch (self->op)
    {
    case OP_ADD:
      g_ptr_array_steal_index (array, self->done_index);
      break;
    case OP_REMOVE:
      g_ptr_array_insert (array, (int) self->done_index, g_steal_pointer (&self->old));
      break;
    case OP_REPLACE:
      g_ptr_array_index (array, self->done_index) = self->old;
      self->old = NULL;
      break;
    case OP_MOVE:
      {
        gpointer item = g_ptr_array_steal_index (array, self->new_index);

        g_ptr_array_insert (array, self->index, item);
      }
      break;
    default:
      g_assert_not_reached ();
    }

  self->applied = FALSE;
  wb_game_changed (self->game, "scenarios");
}

static void
wb_scenario_list_command_finalize (GObject *object)
{
  WbScenarioListCommand *self = WB_SCENARIO_LIST_COMMAND (object);

  /* The model owns the new item while the command is applied. */
  if (self->item != NULL && !self->applied)
    kind_free (self->kind, self->item);
  if (self->old != NULL)
    kind_free (self->kind, self->old);
  g_clear_object (&self->game);
  g_clear_object (&self->scenario);
  G_OBJECT_CLASS (wb_scenario_list_command_parent_class)->finalize (object);
}

static void
wb_scenario_list_command_class_init (WbScenarioListCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_scenario_list_command_finalize;
  command_class->apply = wb_scenario_list_command_apply;
  command_class->revert = wb_scenario_list_command_revert;
}

static void
wb_scenario_list_command_init (WbScenarioListCommand *self)
{
}

static WbCommand *
list_command_new (WbGame     *game,
                  WbScenario *scenario,
                  ItemKind    kind,
                  ListOp      op,
                  int         index,
                  gpointer    item,
                  const char *label)
{
  WbScenarioListCommand *self = g_object_new (WB_TYPE_SCENARIO_LIST_COMMAND, NULL);

  self->game = g_object_ref (game);
  self->scenario = g_object_ref (scenario);
  self->kind = kind;
  self->op = op;
  self->index = index;
  self->item = item;
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

#define CHECK_ARGS(ret)                                             \
  g_return_val_if_fail (WB_IS_GAME (game), ret);                    \
  g_return_val_if_fail (WB_IS_SCENARIO (scenario), ret)

static gpointer
item_at (WbScenario *scenario,
         ItemKind    kind,
         guint       index)
{
  GPtrArray *array = kind_array (scenario, kind);

  return index < array->len ? g_ptr_array_index (array, index) : NULL;
}

WbCommand *
wb_command_add_setup_new (WbGame        *game,
                          WbScenario    *scenario,
                          const WbSetup *line,
                          int            index)
{
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (line != NULL, NULL);

  /* Translators: an undo label; %s is a unit, "1/1/V" */
  label = g_strdup_printf (_("Set up %s"), unit_name (game, line->unit));
  return list_command_new (game, scenario, KIND_SETUP, OP_ADD, index, wb_setup_copy (line), label);
}

WbCommand *
wb_command_edit_setup_new (WbGame        *game,
                           WbScenario    *scenario,
                           guint          index,
                           const WbSetup *line)
{
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (line != NULL, NULL);

  label = g_strdup_printf (_("Change set-up of %s"), unit_name (game, line->unit));
  return list_command_new (game, scenario, KIND_SETUP, OP_REPLACE, (int) index,
                           wb_setup_copy (line), label);
}

WbCommand *
wb_command_remove_setup_new (WbGame     *game,
                             WbScenario *scenario,
                             guint       index)
{
  WbSetup *line;
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);

  line = item_at (scenario, KIND_SETUP, index);
  label = line != NULL ? g_strdup_printf (_("Remove set-up of %s"), unit_name (game, line->unit))
                       : g_strdup (_("Remove set-up line"));
  return list_command_new (game, scenario, KIND_SETUP, OP_REMOVE, (int) index, NULL, label);
}

WbCommand *
wb_command_move_setup_new (WbGame     *game,
                           WbScenario *scenario,
                           guint       index,
                           guint       new_index)
{
  WbSetup *line;
  g_autofree char *label = NULL;
  WbCommand *command;

  CHECK_ARGS (NULL);

  line = item_at (scenario, KIND_SETUP, index);
  label = line != NULL ? g_strdup_printf (_("Move set-up of %s"), unit_name (game, line->unit))
                       : g_strdup (_("Move set-up line"));
  command = list_command_new (game, scenario, KIND_SETUP, OP_MOVE, (int) index, NULL, label);
  WB_SCENARIO_LIST_COMMAND (command)->new_index = new_index;
  return command;
}

WbCommand *
wb_command_place_unit_new (WbGame        *game,
                           WbScenario    *scenario,
                           const char    *unit,
                           const WbPlace *place)
{
  GPtrArray *setup;
  WbSetup *line;
  g_autofree char *label = NULL;
  g_autofree char *where = NULL;
  const char *u;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (unit != NULL, NULL);
  g_return_val_if_fail (place != NULL, NULL);

  u = g_intern_string (unit);
  setup = wb_scenario_get_setup (scenario);
  where = wb_scenario_format_place (game, scenario, place);
  /* Translators: an undo label: "Place 1/1/V at 0414" */
  label = g_strdup_printf (_("Place %s at %s"), unit_name (game, unit), where);
  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *s = g_ptr_array_index (setup, i);

      if (s->unit == u && s->option == NULL && s->unless == NULL)
        {
          WbPlace *first;

          line = wb_setup_copy (s);
          if (line->at->len == 0)
            wb_place_array_add (line->at, place->kind, place->ref);
          else
            {
              first = &g_array_index (line->at, WbPlace, 0);
              first->kind = place->kind;
              g_free (first->ref);
              first->ref = g_strdup (place->ref);
            }
          return list_command_new (game, scenario, KIND_SETUP, OP_REPLACE, (int) i, line, label);
        }
    }
  line = wb_setup_new (unit);
  wb_place_array_add (line->at, place->kind, place->ref);
  return list_command_new (game, scenario, KIND_SETUP, OP_ADD, -1, line, label);
}

WbCommand *
wb_command_add_reinforcement_new (WbGame                *game,
                                  WbScenario            *scenario,
                                  const WbReinforcement *r,
                                  int                    index)
{
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (r != NULL, NULL);

  label = g_strdup_printf (_("Add reinforcement on turn %d"), r->turn);
  return list_command_new (game, scenario, KIND_REINFORCEMENT, OP_ADD, index,
                           wb_reinforcement_copy (r), label);
}

WbCommand *
wb_command_edit_reinforcement_new (WbGame                *game,
                                   WbScenario            *scenario,
                                   guint                  index,
                                   const WbReinforcement *r)
{
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (r != NULL, NULL);

  label = g_strdup_printf (_("Change reinforcement on turn %d"), r->turn);
  return list_command_new (game, scenario, KIND_REINFORCEMENT, OP_REPLACE, (int) index,
                           wb_reinforcement_copy (r), label);
}

WbCommand *
wb_command_remove_reinforcement_new (WbGame     *game,
                                     WbScenario *scenario,
                                     guint       index)
{
  WbReinforcement *r;
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);

  r = item_at (scenario, KIND_REINFORCEMENT, index);
  label = r != NULL ? g_strdup_printf (_("Remove reinforcement on turn %d"), r->turn)
                    : g_strdup (_("Remove reinforcement"));
  return list_command_new (game, scenario, KIND_REINFORCEMENT, OP_REMOVE, (int) index, NULL,
                           label);
}

static const char *
feature_name (WbGame     *game,
              const char *id)
{
  WbFeatureType *f = wb_game_find_feature (game, id);

  return f != NULL && f->name != NULL ? f->name : id;
}

WbCommand *
wb_command_add_marker_new (WbGame         *game,
                           WbScenario     *scenario,
                           const WbMarker *marker,
                           int             index)
{
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (marker != NULL, NULL);

  /* Translators: an undo label; %s is a feature, "Fallen Timber" */
  label = g_strdup_printf (_("Add marker %s"), feature_name (game, marker->feature));
  return list_command_new (game, scenario, KIND_MARKER, OP_ADD, index, wb_marker_copy (marker),
                           label);
}

WbCommand *
wb_command_remove_marker_new (WbGame     *game,
                              WbScenario *scenario,
                              guint       index)
{
  WbMarker *m;
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);

  m = item_at (scenario, KIND_MARKER, index);
  label = g_strdup_printf (_("Remove marker %s"), m != NULL ? feature_name (game, m->feature) : "");
  return list_command_new (game, scenario, KIND_MARKER, OP_REMOVE, (int) index, NULL, label);
}

WbCommand *
wb_command_add_box_new (WbGame     *game,
                        WbScenario *scenario,
                        const char *id,
                        const char *name,
                        const char *side)
{
  WbBox b = { id != NULL ? id : "", (char *) name, side };
  g_autofree char *label = NULL;

  CHECK_ARGS (NULL);

  /* Translators: an undo label; %s is an off-map box, "Snyder's Bluff" */
  label = g_strdup_printf (_("Add box %s"), name != NULL && *name ? name : b.id);
  return list_command_new (game, scenario, KIND_BOX, OP_ADD, -1, box_copy (&b), label);
}

WbCommand *
wb_command_remove_box_new (WbGame     *game,
                           WbScenario *scenario,
                           const char *id)
{
  GPtrArray *boxes;
  g_autofree char *label = NULL;
  WbBox *b;
  guint index = G_MAXINT;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (id != NULL, NULL);

  boxes = wb_scenario_get_boxes (scenario);
  b = find_box (scenario, id);
  if (b != NULL)
    g_ptr_array_find (boxes, b, &index);
  label = g_strdup_printf (_("Remove box %s"), b != NULL && b->name != NULL ? b->name : id);
  return list_command_new (game, scenario, KIND_BOX, OP_REMOVE, (int) MIN (index, G_MAXINT),
                           NULL, label);
}

/* --- the turn track ------------------------------------------------------- */

#define WB_TYPE_TURNS_COMMAND (wb_turns_command_get_type ())
G_DECLARE_FINAL_TYPE (WbTurnsCommand, wb_turns_command, WB, TURNS_COMMAND, WbCommand)

struct _WbTurnsCommand
{
  WbCommand   parent_instance;

  WbGame     *game;
  WbScenario *scenario;
  GArray     *turns;      /* WbTurn */
  GArray     *old_turns;
  int         bad_turn;   /* set_turn: a turn off the track, or 0 */
};

G_DEFINE_FINAL_TYPE (WbTurnsCommand, wb_turns_command, WB_TYPE_COMMAND)

static void
turn_clear (WbTurn *t)
{
  g_free (t->label);
}

static GArray *
turns_copy (const WbTurn *turns,
            guint         n)
{
  GArray *a = g_array_sized_new (FALSE, TRUE, sizeof (WbTurn), n);

  g_array_set_clear_func (a, (GDestroyNotify) turn_clear);
  for (guint i = 0; i < n; i++)
    {
      WbTurn t = { NULL, turns[i].night };

      /* An empty label is no label: the file omits it. */
      if (turns[i].label != NULL && *turns[i].label != '\0')
        t.label = g_strdup (turns[i].label);
      g_array_append_val (a, t);
    }
  return a;
}

static void
turns_put (WbScenario *scenario,
           GArray     *from)
{
  GArray *turns;

  wb_scenario_set_turn_count (scenario, (int) from->len);
  turns = wb_scenario_get_turns (scenario);
  for (guint i = 0; i < from->len; i++)
    {
      WbTurn *to = &g_array_index (turns, WbTurn, i);
      WbTurn *t = &g_array_index (from, WbTurn, i);

      wb_set_str (&to->label, t->label);
      to->night = t->night;
    }
}

static gboolean
wb_turns_command_apply (WbCommand  *command,
                        GError    **error)
{
  WbTurnsCommand *self = WB_TURNS_COMMAND (command);
  GPtrArray *reinforcements = wb_scenario_get_reinforcements (self->scenario);
  GArray *current = wb_scenario_get_turns (self->scenario);

  if (self->bad_turn != 0)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("Turn %d is not on the turn track (turns 1 to %u)"), self->bad_turn,
                   current->len);
      return FALSE;
    }
  if (self->turns->len < 1 || self->turns->len > WB_SCENARIO_MAX_TURNS)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("A scenario has 1 to %d turns"), WB_SCENARIO_MAX_TURNS);
      return FALSE;
    }
  for (guint i = 0; i < reinforcements->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (reinforcements, i);

      if ((guint) r->turn > self->turns->len)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("A reinforcement arrives on turn %d: the scenario needs at least %d turns"),
                       r->turn, r->turn);
          return FALSE;
        }
    }
  g_clear_pointer (&self->old_turns, g_array_unref);
  self->old_turns = turns_copy ((const WbTurn *) (gpointer) current->data, current->len);
  turns_put (self->scenario, self->turns);
  wb_game_changed (self->game, "scenarios");
  return TRUE;
}

static void
wb_turns_command_revert (WbCommand *command)
{
  WbTurnsCommand *self = WB_TURNS_COMMAND (command);

  turns_put (self->scenario, self->old_turns);
  wb_game_changed (self->game, "scenarios");
}

static void
wb_turns_command_finalize (GObject *object)
{
  WbTurnsCommand *self = WB_TURNS_COMMAND (object);

  g_clear_pointer (&self->turns, g_array_unref);
  g_clear_pointer (&self->old_turns, g_array_unref);
  g_clear_object (&self->game);
  g_clear_object (&self->scenario);
  G_OBJECT_CLASS (wb_turns_command_parent_class)->finalize (object);
}

static void
wb_turns_command_class_init (WbTurnsCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_turns_command_finalize;
  command_class->apply = wb_turns_command_apply;
  command_class->revert = wb_turns_command_revert;
}

static void
wb_turns_command_init (WbTurnsCommand *self)
{
}

WbCommand *
wb_command_set_turns_new (WbGame       *game,
                          WbScenario   *scenario,
                          const WbTurn *turns,
                          guint         n_turns)
{
  WbTurnsCommand *self;

  CHECK_ARGS (NULL);
  g_return_val_if_fail (turns != NULL || n_turns == 0, NULL);

  self = g_object_new (WB_TYPE_TURNS_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->scenario = g_object_ref (scenario);
  self->turns = turns_copy (turns, n_turns);
  wb_command_set_label (WB_COMMAND (self), _("Change turn track"));
  return WB_COMMAND (self);
}

WbCommand *
wb_command_set_turn_new (WbGame     *game,
                         WbScenario *scenario,
                         int         turn,
                         const char *label,
                         gboolean    night)
{
  GArray *current;
  g_autoptr(GArray) turns = NULL;
  g_autofree char *text = NULL;
  WbCommand *command;

  CHECK_ARGS (NULL);

  current = wb_scenario_get_turns (scenario);
  turns = turns_copy ((const WbTurn *) (gpointer) current->data, current->len);
  if (turn >= 1 && (guint) turn <= turns->len)
    {
      WbTurn *t = &g_array_index (turns, WbTurn, turn - 1);

      wb_set_str (&t->label, label != NULL && *label ? label : NULL);
      t->night = night;
    }
  command = wb_command_set_turns_new (game, scenario, (const WbTurn *) (gpointer) turns->data,
                                      turns->len);
  if (turn < 1 || (guint) turn > turns->len)
    WB_TURNS_COMMAND (command)->bad_turn = turn != 0 ? turn : -1;
  /* Translators: an undo label; %d is a turn number */
  text = g_strdup_printf (_("Change turn %d"), turn);
  wb_command_set_label (command, text);
  return command;
}

/* --- scenarios ------------------------------------------------------------ */

#define WB_TYPE_SCENARIOS_COMMAND (wb_scenarios_command_get_type ())
G_DECLARE_FINAL_TYPE (WbScenariosCommand, wb_scenarios_command, WB, SCENARIOS_COMMAND, WbCommand)

struct _WbScenariosCommand
{
  WbCommand   parent_instance;

  WbGame     *game;
  gboolean    add;
  char       *id;
  WbScenario *scenario;   /* the new one (add) or the removed one */
  guint       index;
};

G_DEFINE_FINAL_TYPE (WbScenariosCommand, wb_scenarios_command, WB_TYPE_COMMAND)

static gboolean
wb_scenarios_command_apply (WbCommand  *command,
                            GError    **error)
{
  WbScenariosCommand *self = WB_SCENARIOS_COMMAND (command);

  if (self->add)
    {
      const char *map_id = wb_scenario_get_map (self->scenario);

      if (*self->id == '\0' || strpbrk (self->id, " \t\n\"") != NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("“%s” is not a valid scenario id (no spaces)"), self->id);
          return FALSE;
        }
      if (wb_game_find_scenario (self->game, self->id) != NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("The game already has a scenario “%s”"), self->id);
          return FALSE;
        }
      if (wb_game_find_map (self->game, map_id) == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The game has no map “%s”"), map_id ? map_id : "");
          return FALSE;
        }
      if (wb_scenario_get_turns (self->scenario)->len < 1)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("A scenario has 1 to %d turns"), WB_SCENARIO_MAX_TURNS);
          return FALSE;
        }
      self->index = wb_game_get_scenarios (self->game)->len;
      wb_game_insert_scenario (self->game, g_object_ref (self->scenario), self->index);
    }
  else
    {
      WbScenario *taken = wb_game_take_scenario (self->game, self->id, &self->index);

      if (taken == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The game has no scenario “%s”"), self->id);
          return FALSE;
        }
      g_clear_object (&self->scenario);
      self->scenario = taken;
    }
  wb_game_changed (self->game, "scenarios");
  return TRUE;
}

static void
wb_scenarios_command_revert (WbCommand *command)
{
  WbScenariosCommand *self = WB_SCENARIOS_COMMAND (command);

  if (self->add)
    {
      WbScenario *taken = wb_game_take_scenario (self->game, self->id, NULL);

      g_assert (taken == self->scenario);
      g_object_unref (taken);
    }
  else
    wb_game_insert_scenario (self->game, g_object_ref (self->scenario), self->index);
  wb_game_changed (self->game, "scenarios");
}

static void
wb_scenarios_command_finalize (GObject *object)
{
  WbScenariosCommand *self = WB_SCENARIOS_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->scenario);
  g_free (self->id);
  G_OBJECT_CLASS (wb_scenarios_command_parent_class)->finalize (object);
}

static void
wb_scenarios_command_class_init (WbScenariosCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_scenarios_command_finalize;
  command_class->apply = wb_scenarios_command_apply;
  command_class->revert = wb_scenarios_command_revert;
}

static void
wb_scenarios_command_init (WbScenariosCommand *self)
{
}

WbCommand *
wb_command_add_scenario_new (WbGame     *game,
                             const char *id,
                             const char *name,
                             const char *map_id,
                             int         n_turns)
{
  WbScenariosCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = g_object_new (WB_TYPE_SCENARIOS_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->add = TRUE;
  self->id = g_strdup (id);
  self->scenario = wb_scenario_new (id);
  if (name != NULL && *name)
    wb_scenario_set_name (self->scenario, name);
  wb_scenario_set_map (self->scenario, map_id);
  wb_scenario_set_turn_count (self->scenario, n_turns);
  /* Translators: an undo label; %s is a scenario's name */
  label = g_strdup_printf (_("Add scenario %s"), name != NULL && *name ? name : id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_remove_scenario_new (WbGame     *game,
                                const char *id)
{
  WbScenariosCommand *self;
  WbScenario *scenario;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  scenario = wb_game_find_scenario (game, id);
  self = g_object_new (WB_TYPE_SCENARIOS_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->id = g_strdup (id);
  label = g_strdup_printf (_("Delete scenario %s"),
                           scenario != NULL ? wb_scenario_get_name (scenario) : id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

char *
wb_scenario_make_id (WbGame     *game,
                     const char *name)
{
  g_autofree char *base = NULL;
  char *id;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  base = wb_slug_from_name (name, "scenario");
  id = g_strdup (base);
  for (guint n = 2; wb_game_find_scenario (game, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  return id;
}
