/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-mark-commands.h"
#include "wb-scenario.h"
#include "wb-util-private.h"

/* One command class for every mark edit: apply computes the mark as it
 * will be (@after) from the mark as it is (@before, a copy), and puts
 * @after in its place; revert puts @before back at the same index. Redo
 * runs apply again on the same state, so it computes the same @after. */

#define MAX_MARK_VP 9999

static const char * const kinds[] = {
  "objective", "entry", "supply", "setup", "trench", "place", NULL
};

const char * const *
wb_map_mark_kinds (void)
{
  return kinds;
}

const char *
wb_map_mark_kind_name (const char *kind)
{
  if (g_strcmp0 (kind, "objective") == 0)
    return _("Objective");
  if (g_strcmp0 (kind, "entry") == 0)
    return _("Entry hexes");
  if (g_strcmp0 (kind, "supply") == 0)
    return _("Supply source");
  if (g_strcmp0 (kind, "setup") == 0)
    return _("Set-up area");
  if (g_strcmp0 (kind, "trench") == 0)
    return _("Trenches");
  if (g_strcmp0 (kind, "place") == 0)
    return _("Named place");
  return kind;
}

typedef enum {
  MARK_ADD,
  MARK_EDIT,
  MARK_REMOVE,
  MARK_HEXES,
} MarkOp;

#define WB_TYPE_MARK_COMMAND (wb_mark_command_get_type ())
G_DECLARE_FINAL_TYPE (WbMarkCommand, wb_mark_command, WB, MARK_COMMAND, WbCommand)

struct _WbMarkCommand
{
  WbCommand   parent_instance;

  WbHexMap   *map;
  WbGame     *game;      /* its sides, and the scenarios that may use the mark */
  MarkOp      op;
  const char *id;        /* interned */
  char       *name;
  char       *kind;
  const char *side;      /* interned, NULL for both */
  int         vp;
  GArray     *hexes;     /* MARK_HEXES: WbOffset */
  gboolean    present;

  WbMapMark  *before;    /* set by apply; NULL for MARK_ADD */
  guint       index;
};

G_DEFINE_FINAL_TYPE (WbMarkCommand, wb_mark_command, WB_TYPE_COMMAND)

static gboolean
check_fields (WbMarkCommand  *self,
              GError        **error)
{
  if (self->name == NULL || *self->name == '\0')
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, _("A mark needs a name"));
      return FALSE;
    }
  if (!g_strv_contains (kinds, self->kind))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) kinds);

      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Unknown mark kind “%s” (expected one of: %s)"), self->kind, list);
      return FALSE;
    }
  if (self->side != NULL && self->game != NULL && wb_game_find_side (self->game, self->side) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no side “%s”"), self->side);
      return FALSE;
    }
  if (self->vp < -MAX_MARK_VP || self->vp > MAX_MARK_VP)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("A mark is worth between %d and %d VP"), -MAX_MARK_VP, MAX_MARK_VP);
      return FALSE;
    }
  return TRUE;
}

/* Whether a scenario on this map brings units in through the mark. */
static gboolean
check_unused (WbMarkCommand  *self,
              GError        **error)
{
  GPtrArray *scenarios;
  const char *map_id = wb_map_get_id (WB_MAP (self->map));

  if (self->game == NULL)
    return TRUE;
  scenarios = wb_game_get_scenarios (self->game);
  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *scenario = g_ptr_array_index (scenarios, i);
      GPtrArray *reinforcements = wb_scenario_get_reinforcements (scenario);
      const char *name = wb_scenario_get_name (scenario);

      if (name == NULL)
        name = wb_scenario_get_id (scenario);
      if (g_strcmp0 (wb_scenario_get_map (scenario), map_id) != 0)
        continue;
      for (guint j = 0; j < reinforcements->len; j++)
        {
          WbReinforcement *r = g_ptr_array_index (reinforcements, j);

          if (g_strcmp0 (r->area, self->id) == 0)
            {
              g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           /* Translators: a scenario and a mark */
                           _("Scenario “%s” brings reinforcements in through “%s”"),
                           name, self->id);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
wb_mark_command_apply (WbCommand  *command,
                       GError    **error)
{
  WbMarkCommand *self = WB_MARK_COMMAND (command);
  WbMapMark *current = wb_hex_map_find_mark (self->map, self->id);
  WbMapMark *after;

  if (self->op == MARK_ADD)
    {
      if (current != NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("Map “%s” already has a mark “%s”"),
                       wb_map_get_name (WB_MAP (self->map)), self->id);
          return FALSE;
        }
      if (!check_fields (self, error))
        return FALSE;
      after = wb_map_mark_new (self->id);
      after->name = g_strdup (self->name);
      after->kind = g_strdup (self->kind);
      after->side = self->side;
      after->vp = self->vp;
      wb_hex_map_add_mark (self->map, after);
      wb_map_changed (WB_MAP (self->map));
      return TRUE;
    }

  if (current == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("Map “%s” has no mark “%s”"), wb_map_get_name (WB_MAP (self->map)), self->id);
      return FALSE;
    }

  switch (self->op)
    {
    case MARK_EDIT:
      if (!check_fields (self, error))
        return FALSE;
      break;
    case MARK_REMOVE:
      if (!check_unused (self, error))
        return FALSE;
      break;
    case MARK_HEXES:
      for (guint i = 0; i < self->hexes->len; i++)
        {
          WbOffset hex = g_array_index (self->hexes, WbOffset, i);

          if (!wb_hex_map_contains (self->map, hex))
            {
              char buf[32];

              wb_hex_map_format_hex (self->map, hex, buf, sizeof buf);
              g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                           _("Hex %s is not on map “%s”"), buf, wb_map_get_name (WB_MAP (self->map)));
              return FALSE;
            }
        }
      break;
    case MARK_ADD:
    default:
      g_assert_not_reached ();
    }

  g_clear_pointer (&self->before, wb_map_mark_free);
  self->before = wb_hex_map_remove_mark (self->map, self->id, &self->index);
  if (self->op != MARK_REMOVE)
    {
      after = wb_map_mark_copy (self->before);
      if (self->op == MARK_EDIT)
        {
          wb_set_str (&after->name, self->name);
          wb_set_str (&after->kind, self->kind);
          after->side = self->side;
          after->vp = self->vp;
        }
      else
        for (guint i = 0; i < self->hexes->len; i++)
          {
            WbOffset hex = g_array_index (self->hexes, WbOffset, i);

            if (self->present && !wb_map_mark_has_hex (after, hex))
              g_array_append_val (after->hexes, hex);
            else if (!self->present)
              for (guint h = after->hexes->len; h-- > 0;)
                if (wb_offset_equal (g_array_index (after->hexes, WbOffset, h), hex))
                  g_array_remove_index (after->hexes, h);
          }
      wb_hex_map_insert_mark (self->map, after, self->index);
    }
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_mark_command_revert (WbCommand *command)
{
  WbMarkCommand *self = WB_MARK_COMMAND (command);
  WbMapMark *now = wb_hex_map_remove_mark (self->map, self->id, NULL);

  wb_map_mark_free (now);
  if (self->before != NULL)
    wb_hex_map_insert_mark (self->map, wb_map_mark_copy (self->before), self->index);
  wb_map_changed (WB_MAP (self->map));
}

static void
update_hexes_label (WbMarkCommand *self)
{
  WbMapMark *mark = wb_hex_map_find_mark (self->map, self->id);
  const char *name = mark != NULL && mark->name != NULL ? mark->name : self->id;
  guint n = self->hexes->len;
  g_autofree char *label = NULL;

  if (self->present)
    /* Translators: "Add 3 hexes to “Objectives”" */
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Add %u hex to “%s”",
                                          "Add %u hexes to “%s”", n), n, name);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Remove %u hex from “%s”",
                                          "Remove %u hexes from “%s”", n), n, name);
  wb_command_set_label (WB_COMMAND (self), label);
}

static gboolean
wb_mark_command_merge (WbCommand *command,
                       WbCommand *next_command)
{
  WbMarkCommand *self = WB_MARK_COMMAND (command);
  WbMarkCommand *next;

  if (!WB_IS_MARK_COMMAND (next_command))
    return FALSE;
  next = WB_MARK_COMMAND (next_command);
  if (self->op != MARK_HEXES || next->op != MARK_HEXES || self->map != next->map ||
      self->id != next->id || self->present != next->present)
    return FALSE;

  /* @self's before stays; applying the union of hexes to it gives what the
   * two did one after the other. */
  for (guint i = 0; i < next->hexes->len; i++)
    {
      WbOffset hex = g_array_index (next->hexes, WbOffset, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < self->hexes->len && !seen; j++)
        seen = wb_offset_equal (g_array_index (self->hexes, WbOffset, j), hex);
      if (!seen)
        g_array_append_val (self->hexes, hex);
    }
  update_hexes_label (self);
  return TRUE;
}

static void
wb_mark_command_finalize (GObject *object)
{
  WbMarkCommand *self = WB_MARK_COMMAND (object);

  g_clear_object (&self->map);
  g_clear_object (&self->game);
  g_free (self->name);
  g_free (self->kind);
  g_clear_pointer (&self->hexes, g_array_unref);
  g_clear_pointer (&self->before, wb_map_mark_free);
  G_OBJECT_CLASS (wb_mark_command_parent_class)->finalize (object);
}

static void
wb_mark_command_class_init (WbMarkCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_mark_command_finalize;
  command_class->apply = wb_mark_command_apply;
  command_class->revert = wb_mark_command_revert;
  command_class->merge = wb_mark_command_merge;
}

static void
wb_mark_command_init (WbMarkCommand *self)
{
}

static WbMarkCommand *
mark_command_new (WbGame     *game,
                  WbHexMap   *map,
                  MarkOp      op,
                  const char *id)
{
  WbMarkCommand *self = g_object_new (WB_TYPE_MARK_COMMAND, NULL);

  self->game = game != NULL ? g_object_ref (game) : NULL;
  self->map = g_object_ref (map);
  self->op = op;
  self->id = g_intern_string (id);
  return self;
}

static const char *
mark_name (WbHexMap   *map,
           const char *id)
{
  WbMapMark *mark = wb_hex_map_find_mark (map, id);

  return mark != NULL && mark->name != NULL ? mark->name : id;
}

/**
 * wb_command_add_mark_new:
 * @game: (nullable): the game, whose sides @side must be one of
 * @map: a hex map
 * @name: the mark's name ("Objectives (17.1)")
 * @kind: one of wb_map_mark_kinds()
 * @side: (nullable): the side the mark is for; %NULL for both
 * @vp: victory points, 0 for none
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_add_mark_new (WbGame     *game,
                         WbHexMap   *map,
                         const char *name,
                         const char *kind,
                         const char *side,
                         int         vp)
{
  g_autofree char *id = NULL;
  g_autofree char *label = NULL;
  WbMarkCommand *self;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  id = wb_hex_map_make_mark_id (map, name);
  self = mark_command_new (game, map, MARK_ADD, id);
  self->name = g_strdup (name);
  self->kind = g_strdup (kind);
  self->side = wb_intern0 (side);
  self->vp = vp;
  label = g_strdup_printf (_("Add mark “%s”"), name != NULL ? name : id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

const char *
wb_command_add_mark_get_id (WbCommand *command)
{
  g_return_val_if_fail (WB_IS_MARK_COMMAND (command), NULL);
  return WB_MARK_COMMAND (command)->id;
}

/**
 * wb_command_edit_mark_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_edit_mark_new (WbGame     *game,
                          WbHexMap   *map,
                          const char *id,
                          const char *name,
                          const char *kind,
                          const char *side,
                          int         vp)
{
  g_autofree char *label = NULL;
  WbMarkCommand *self;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = mark_command_new (game, map, MARK_EDIT, id);
  self->name = g_strdup (name);
  self->kind = g_strdup (kind);
  self->side = wb_intern0 (side);
  self->vp = vp;
  label = g_strdup_printf (_("Edit mark “%s”"), mark_name (map, id));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/**
 * wb_command_remove_mark_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_remove_mark_new (WbGame     *game,
                            WbHexMap   *map,
                            const char *id)
{
  g_autofree char *label = NULL;
  WbMarkCommand *self;

  g_return_val_if_fail (game == NULL || WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = mark_command_new (game, map, MARK_REMOVE, id);
  label = g_strdup_printf (_("Delete mark “%s”"), mark_name (map, id));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/**
 * wb_command_mark_hexes_new:
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_mark_hexes_new (WbHexMap       *map,
                           const char     *id,
                           const WbOffset *hexes,
                           guint           n_hexes,
                           gboolean        present)
{
  WbMarkCommand *self;

  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, NULL);

  self = mark_command_new (NULL, map, MARK_HEXES, id);
  self->present = present;
  self->hexes = g_array_sized_new (FALSE, FALSE, sizeof (WbOffset), n_hexes);
  g_array_append_vals (self->hexes, hexes, n_hexes);
  update_hexes_label (self);
  return WB_COMMAND (self);
}
