/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-attribute-commands.h"

/* The inspector's commands: a location's attributes, a connection's class,
 * crossings and note, a hex's features. */

static gboolean
valid_id (const char *s)
{
  gsize n = s != NULL ? strlen (s) : 0;

  if (n == 0 || n > 64)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
      return FALSE;
  return TRUE;
}

static GPtrArray *
strv_array_new (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

static void
strv_array_copy_into (GPtrArray *to,
                      GPtrArray *from)
{
  g_ptr_array_set_size (to, 0);
  for (guint i = 0; from != NULL && i < from->len; i++)
    g_ptr_array_add (to, g_strdup (g_ptr_array_index (from, i)));
}

/* An array of interned ids set to the strings of @from. */
static void
set_ids (GPtrArray *ids,
         GPtrArray *from)
{
  g_ptr_array_set_size (ids, 0);
  for (guint i = 0; i < from->len; i++)
    g_ptr_array_add (ids, (gpointer) g_intern_string (g_ptr_array_index (from, i)));
}

static gboolean
location_not_found (GError     **error,
                    WbPointMap  *map,
                    const char  *id)
{
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
               _("Map “%s” has no location “%s”"), wb_map_get_name (WB_MAP (map)), id);
  return FALSE;
}

/* Location attributes ----------------------------------------------------- */

WbLocationAttrs *
wb_location_attrs_new (void)
{
  WbLocationAttrs *attrs = g_new0 (WbLocationAttrs, 1);

  attrs->supply = strv_array_new ();
  attrs->replacement = strv_array_new ();
  attrs->tags = strv_array_new ();
  return attrs;
}

/**
 * wb_location_attrs_new_from:
 * @loc: a location
 *
 * Returns: (transfer full): a copy of @loc's attributes
 */
WbLocationAttrs *
wb_location_attrs_new_from (const WbLocation *loc)
{
  WbLocationAttrs *attrs;

  g_return_val_if_fail (loc != NULL, NULL);

  attrs = wb_location_attrs_new ();
  attrs->major = loc->major;
  attrs->port = loc->port;
  attrs->fortress = loc->fortress;
  attrs->vp = loc->vp;
  strv_array_copy_into (attrs->supply, loc->supply);
  strv_array_copy_into (attrs->replacement, loc->replacement);
  strv_array_copy_into (attrs->tags, loc->tags);
  attrs->note = g_strdup (loc->note);
  attrs->label_dx = loc->label_dx;
  attrs->label_dy = loc->label_dy;
  return attrs;
}

void
wb_location_attrs_free (WbLocationAttrs *attrs)
{
  if (attrs == NULL)
    return;
  g_ptr_array_unref (attrs->supply);
  g_ptr_array_unref (attrs->replacement);
  g_ptr_array_unref (attrs->tags);
  g_free (attrs->note);
  g_free (attrs);
}

static WbLocationAttrs *
attrs_copy (const WbLocationAttrs *from)
{
  WbLocationAttrs *attrs = wb_location_attrs_new ();

  attrs->major = from->major;
  attrs->port = from->port;
  attrs->fortress = from->fortress;
  attrs->vp = from->vp;
  strv_array_copy_into (attrs->supply, from->supply);
  strv_array_copy_into (attrs->replacement, from->replacement);
  strv_array_copy_into (attrs->tags, from->tags);
  attrs->note = g_strdup (from->note);
  attrs->label_dx = from->label_dx;
  attrs->label_dy = from->label_dy;
  return attrs;
}

/* Copies the @fields of @attrs into @loc, exactly. */
static void
attrs_assign (WbLocation            *loc,
              WbLocationField        fields,
              const WbLocationAttrs *attrs)
{
  if (fields & WB_LOCATION_FIELD_MAJOR)
    loc->major = attrs->major;
  if (fields & WB_LOCATION_FIELD_PORT)
    loc->port = attrs->port;
  if (fields & WB_LOCATION_FIELD_FORTRESS)
    loc->fortress = attrs->fortress;
  if (fields & WB_LOCATION_FIELD_VP)
    loc->vp = attrs->vp;
  if (fields & WB_LOCATION_FIELD_SUPPLY)
    set_ids (loc->supply, attrs->supply);
  if (fields & WB_LOCATION_FIELD_REPLACEMENT)
    set_ids (loc->replacement, attrs->replacement);
  if (fields & WB_LOCATION_FIELD_TAGS)
    set_ids (loc->tags, attrs->tags);
  if (fields & WB_LOCATION_FIELD_NOTE)
    {
      g_free (loc->note);
      loc->note = g_strdup (attrs->note);
    }
  if (fields & WB_LOCATION_FIELD_LABEL_OFFSET)
    {
      loc->label_dx = attrs->label_dx;
      loc->label_dy = attrs->label_dy;
    }
}

#define WB_TYPE_SET_LOCATION_COMMAND (wb_set_location_command_get_type ())
G_DECLARE_FINAL_TYPE (WbSetLocationCommand, wb_set_location_command, WB, SET_LOCATION_COMMAND, WbCommand)

struct _WbSetLocationCommand
{
  WbCommand         parent_instance;

  WbGame           *game;
  WbPointMap       *map;
  const char       *id;          /* interned */
  WbLocationField   fields;
  WbLocationAttrs  *attrs;       /* the new values */
  WbLocationAttrs  *old;         /* set by apply */
};

G_DEFINE_FINAL_TYPE (WbSetLocationCommand, wb_set_location_command, WB_TYPE_COMMAND)

static gboolean
check_sides (WbSetLocationCommand  *self,
             GPtrArray             *sides,
             GError               **error)
{
  if (sides->len > WB_LOCATION_MAX_IDS)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("A location can name at most %d sides"), WB_LOCATION_MAX_IDS);
      return FALSE;
    }
  for (guint i = 0; i < sides->len; i++)
    {
      const char *side = g_ptr_array_index (sides, i);

      if (side == NULL || wb_game_find_side (self->game, side) == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("The game has no side “%s”"), side != NULL ? side : "");
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (side, g_ptr_array_index (sides, j)))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("Side “%s” is named twice"), side);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
check_location_attrs (WbSetLocationCommand  *self,
                      GError               **error)
{
  const WbLocationAttrs *a = self->attrs;
  WbLocationField f = self->fields;

  if ((f & WB_LOCATION_FIELD_FORTRESS) && (a->fortress < 0 || a->fortress > WB_LOCATION_MAX_FORTRESS))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("Fortress capacity %d is outside 0 to %d"), a->fortress, WB_LOCATION_MAX_FORTRESS);
      return FALSE;
    }
  if ((f & WB_LOCATION_FIELD_VP) && (a->vp < -WB_LOCATION_MAX_VP || a->vp > WB_LOCATION_MAX_VP))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("Victory points %d are outside %d to %d"), a->vp,
                   -WB_LOCATION_MAX_VP, WB_LOCATION_MAX_VP);
      return FALSE;
    }
  if ((f & WB_LOCATION_FIELD_LABEL_OFFSET) &&
      (!isfinite (a->label_dx) || !isfinite (a->label_dy) ||
       fabs (a->label_dx) > WB_LOCATION_MAX_LABEL_OFFSET ||
       fabs (a->label_dy) > WB_LOCATION_MAX_LABEL_OFFSET))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   _("A label can be at most %g points from its location"),
                   WB_LOCATION_MAX_LABEL_OFFSET);
      return FALSE;
    }
  if ((f & WB_LOCATION_FIELD_SUPPLY) && !check_sides (self, a->supply, error))
    return FALSE;
  if ((f & WB_LOCATION_FIELD_REPLACEMENT) && !check_sides (self, a->replacement, error))
    return FALSE;
  if (f & WB_LOCATION_FIELD_TAGS)
    {
      if (a->tags->len > WB_LOCATION_MAX_IDS)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("A location can have at most %d region tags"), WB_LOCATION_MAX_IDS);
          return FALSE;
        }
      for (guint i = 0; i < a->tags->len; i++)
        if (!valid_id (g_ptr_array_index (a->tags, i)))
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("“%s” is not a valid region tag: use letters, digits, “-”, “_” and “.”"),
                         (const char *) g_ptr_array_index (a->tags, i));
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
wb_set_location_command_apply (WbCommand  *command,
                               GError    **error)
{
  WbSetLocationCommand *self = WB_SET_LOCATION_COMMAND (command);
  WbLocation *loc = wb_point_map_find_location (self->map, self->id);

  if (loc == NULL)
    return location_not_found (error, self->map, self->id);
  if (!check_location_attrs (self, error))
    return FALSE;

  g_clear_pointer (&self->old, wb_location_attrs_free);
  self->old = wb_location_attrs_new_from (loc);
  attrs_assign (loc, self->fields, self->attrs);
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_set_location_command_revert (WbCommand *command)
{
  WbSetLocationCommand *self = WB_SET_LOCATION_COMMAND (command);
  WbLocation *loc = wb_point_map_find_location (self->map, self->id);

  g_return_if_fail (loc != NULL && self->old != NULL);
  attrs_assign (loc, self->fields, self->old);
  wb_map_changed (WB_MAP (self->map));
}

static gboolean
mergeable_field (WbLocationField fields)
{
  return fields == WB_LOCATION_FIELD_FORTRESS || fields == WB_LOCATION_FIELD_VP ||
         fields == WB_LOCATION_FIELD_TAGS || fields == WB_LOCATION_FIELD_NOTE ||
         fields == WB_LOCATION_FIELD_LABEL_OFFSET;
}

static gboolean
wb_set_location_command_merge (WbCommand *command,
                               WbCommand *next_command)
{
  WbSetLocationCommand *self = WB_SET_LOCATION_COMMAND (command);
  WbSetLocationCommand *next;

  if (!WB_IS_SET_LOCATION_COMMAND (next_command))
    return FALSE;
  next = WB_SET_LOCATION_COMMAND (next_command);
  if (next->map != self->map || next->id != self->id || next->fields != self->fields ||
      !mergeable_field (self->fields))
    return FALSE;

  /* Keep our old values (what undo restores), take the newer new ones. */
  wb_location_attrs_free (self->attrs);
  self->attrs = attrs_copy (next->attrs);
  return TRUE;
}

static void
wb_set_location_command_finalize (GObject *object)
{
  WbSetLocationCommand *self = WB_SET_LOCATION_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_clear_pointer (&self->attrs, wb_location_attrs_free);
  g_clear_pointer (&self->old, wb_location_attrs_free);
  G_OBJECT_CLASS (wb_set_location_command_parent_class)->finalize (object);
}

static void
wb_set_location_command_class_init (WbSetLocationCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_set_location_command_finalize;
  command_class->apply = wb_set_location_command_apply;
  command_class->revert = wb_set_location_command_revert;
  command_class->merge = wb_set_location_command_merge;
}

static void
wb_set_location_command_init (WbSetLocationCommand *self)
{
}

static char *
location_label (WbLocationField  fields,
                const char      *name)
{
  switch (fields)
    {
    case WB_LOCATION_FIELD_MAJOR:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set major town of “%s”"), name);
    case WB_LOCATION_FIELD_PORT:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set port of “%s”"), name);
    case WB_LOCATION_FIELD_FORTRESS:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set fortress of “%s”"), name);
    case WB_LOCATION_FIELD_VP:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set victory points of “%s”"), name);
    case WB_LOCATION_FIELD_SUPPLY:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set supply of “%s”"), name);
    case WB_LOCATION_FIELD_REPLACEMENT:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set replacements of “%s”"), name);
    case WB_LOCATION_FIELD_TAGS:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set region tags of “%s”"), name);
    case WB_LOCATION_FIELD_NOTE:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Set note of “%s”"), name);
    case WB_LOCATION_FIELD_LABEL_OFFSET:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Move label of “%s”"), name);
    default:
      /* Translators: an undo step; %s is a location name */
      return g_strdup_printf (_("Edit location “%s”"), name);
    }
}

/**
 * wb_command_set_location_new:
 * @game: the game @map belongs to (its sides are checked)
 * @map: a point map
 * @id: a location id
 * @fields: which attributes to set
 * @attrs: the new values (copied; only @fields are used)
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_location_new (WbGame                *game,
                             WbPointMap            *map,
                             const char            *id,
                             WbLocationField        fields,
                             const WbLocationAttrs *attrs)
{
  WbSetLocationCommand *self;
  WbLocation *loc;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (attrs != NULL, NULL);

  self = g_object_new (WB_TYPE_SET_LOCATION_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->map = g_object_ref (map);
  self->id = g_intern_string (id);
  self->fields = fields;
  self->attrs = attrs_copy (attrs);
  /* No note is stored as none. */
  if (self->attrs->note != NULL && self->attrs->note[0] == '\0')
    g_clear_pointer (&self->attrs->note, g_free);
  loc = wb_point_map_find_location (map, id);
  label = location_label (fields, loc != NULL && loc->name != NULL ? loc->name : self->id);
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/* Connection class, crossings and note ------------------------------------ */

#define WB_TYPE_SET_CONNECTION_COMMAND (wb_set_connection_command_get_type ())
G_DECLARE_FINAL_TYPE (WbSetConnectionCommand, wb_set_connection_command, WB, SET_CONNECTION_COMMAND, WbCommand)

struct _WbSetConnectionCommand
{
  WbCommand    parent_instance;

  WbGame      *game;
  WbPointMap  *map;
  guint        index;
  const char  *a, *b;          /* interned */
  const char  *klass;          /* interned */
  GPtrArray   *crossings;      /* interned ids */
  char        *note;

  /* Set by apply. */
  const char  *old_klass;
  GPtrArray   *old_crossings;
  char        *old_note;
};

G_DEFINE_FINAL_TYPE (WbSetConnectionCommand, wb_set_connection_command, WB_TYPE_COMMAND)

static gboolean
check_feature (WbGame          *game,
               const char      *id,
               WbFeatureWhere   where,
               GError         **error)
{
  WbFeatureType *f = id != NULL ? wb_game_find_feature (game, id) : NULL;

  if (f != NULL && f->where == where)
    return TRUE;
  switch (where)
    {
    case WB_FEATURE_CONNECTION:
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no connection class “%s”"), id != NULL ? id : "");
      break;
    case WB_FEATURE_CROSSING:
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no crossing feature “%s”"), id != NULL ? id : "");
      break;
    case WB_FEATURE_HEX:
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no hex feature “%s”"), id != NULL ? id : "");
      break;
    case WB_FEATURE_HEXSIDE:
    default:
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("The game has no hexside feature “%s”"), id != NULL ? id : "");
      break;
    }
  return FALSE;
}

static gboolean
same_ends (WbConnection *c,
           const char   *a,
           const char   *b)
{
  return (c->a == a && c->b == b) || (c->a == b && c->b == a);
}

static gboolean
wb_set_connection_command_apply (WbCommand  *command,
                                 GError    **error)
{
  WbSetConnectionCommand *self = WB_SET_CONNECTION_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);
  WbConnection *c;

  if (self->index >= connections->len ||
      !same_ends ((c = g_ptr_array_index (connections, self->index)), self->a, self->b))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("Map “%s” has no connection between “%s” and “%s”"),
                   wb_map_get_name (WB_MAP (self->map)), self->a, self->b);
      return FALSE;
    }
  if (!check_feature (self->game, self->klass, WB_FEATURE_CONNECTION, error))
    return FALSE;
  if (self->crossings->len > WB_LOCATION_MAX_IDS)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("A connection can have at most %d crossings"), WB_LOCATION_MAX_IDS);
      return FALSE;
    }
  for (guint i = 0; i < self->crossings->len; i++)
    {
      const char *crossing = g_ptr_array_index (self->crossings, i);

      if (!check_feature (self->game, crossing, WB_FEATURE_CROSSING, error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (g_ptr_array_index (self->crossings, j) == crossing)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("Crossing “%s” is named twice"), crossing);
            return FALSE;
          }
    }
  for (guint i = 0; i < connections->len; i++)
    {
      WbConnection *other = g_ptr_array_index (connections, i);

      if (i != self->index && same_ends (other, self->a, self->b) && other->klass == self->klass)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                       _("“%s” and “%s” are already connected by that class"), self->a, self->b);
          return FALSE;
        }
    }

  self->old_klass = c->klass;
  g_ptr_array_set_size (self->old_crossings, 0);
  g_ptr_array_extend (self->old_crossings, c->crossings, NULL, NULL);
  g_free (self->old_note);
  self->old_note = g_steal_pointer (&c->note);

  c->klass = self->klass;
  g_ptr_array_set_size (c->crossings, 0);
  g_ptr_array_extend (c->crossings, self->crossings, NULL, NULL);
  c->note = g_strdup (self->note);
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_set_connection_command_revert (WbCommand *command)
{
  WbSetConnectionCommand *self = WB_SET_CONNECTION_COMMAND (command);
  GPtrArray *connections = wb_point_map_get_connections (self->map);
  WbConnection *c;

  g_return_if_fail (self->index < connections->len);
  c = g_ptr_array_index (connections, self->index);
  c->klass = self->old_klass;
  g_ptr_array_set_size (c->crossings, 0);
  g_ptr_array_extend (c->crossings, self->old_crossings, NULL, NULL);
  g_free (c->note);
  c->note = g_steal_pointer (&self->old_note);
  wb_map_changed (WB_MAP (self->map));
}

static gboolean
wb_set_connection_command_merge (WbCommand *command,
                                 WbCommand *next_command)
{
  WbSetConnectionCommand *self = WB_SET_CONNECTION_COMMAND (command);
  WbSetConnectionCommand *next;

  /* Typing a note: consecutive note edits of one connection are one step. */
  if (!WB_IS_SET_CONNECTION_COMMAND (next_command))
    return FALSE;
  next = WB_SET_CONNECTION_COMMAND (next_command);
  if (next->map != self->map || next->index != self->index || next->klass != self->klass ||
      next->crossings->len != self->crossings->len ||
      g_strcmp0 (next->old_note, self->note) != 0)
    return FALSE;
  for (guint i = 0; i < self->crossings->len; i++)
    if (g_ptr_array_index (self->crossings, i) != g_ptr_array_index (next->crossings, i))
      return FALSE;
  if (g_strcmp0 (self->note, next->note) == 0)
    return FALSE;

  g_free (self->note);
  self->note = g_strdup (next->note);
  return TRUE;
}

static void
wb_set_connection_command_finalize (GObject *object)
{
  WbSetConnectionCommand *self = WB_SET_CONNECTION_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_ptr_array_unref (self->crossings);
  g_ptr_array_unref (self->old_crossings);
  g_free (self->note);
  g_free (self->old_note);
  G_OBJECT_CLASS (wb_set_connection_command_parent_class)->finalize (object);
}

static void
wb_set_connection_command_class_init (WbSetConnectionCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_set_connection_command_finalize;
  command_class->apply = wb_set_connection_command_apply;
  command_class->revert = wb_set_connection_command_revert;
  command_class->merge = wb_set_connection_command_merge;
}

static void
wb_set_connection_command_init (WbSetConnectionCommand *self)
{
  self->crossings = g_ptr_array_new ();
  self->old_crossings = g_ptr_array_new ();
}

static const char *
location_name (WbPointMap *map,
               const char *id)
{
  WbLocation *loc = wb_point_map_find_location (map, id);

  return loc != NULL && loc->name != NULL ? loc->name : id;
}

/**
 * wb_command_set_connection_new:
 * @game: the game @map belongs to (its features are checked)
 * @map: a point map
 * @index: the connection's index in wb_point_map_get_connections()
 * @a: one end (a location id)
 * @b: the other end
 * @klass: the class (a connection feature id)
 * @crossings: (array zero-terminated=1) (nullable): crossing feature ids
 * @note: (nullable): the note; NULL or "" for none
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_connection_new (WbGame             *game,
                               WbPointMap         *map,
                               guint               index,
                               const char         *a,
                               const char         *b,
                               const char         *klass,
                               const char * const *crossings,
                               const char         *note)
{
  WbSetConnectionCommand *self;
  g_autofree char *label = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_POINT_MAP (map), NULL);
  g_return_val_if_fail (a != NULL && b != NULL && klass != NULL, NULL);

  self = g_object_new (WB_TYPE_SET_CONNECTION_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->map = g_object_ref (map);
  self->index = index;
  self->a = g_intern_string (a);
  self->b = g_intern_string (b);
  self->klass = g_intern_string (klass);
  for (guint i = 0; crossings != NULL && crossings[i] != NULL; i++)
    g_ptr_array_add (self->crossings, (gpointer) g_intern_string (crossings[i]));
  self->note = note != NULL && note[0] != '\0' ? g_strdup (note) : NULL;
  /* Translators: an undo step; %s are the two locations it joins */
  label = g_strdup_printf (_("Edit connection %s – %s"),
                           location_name (map, self->a), location_name (map, self->b));
  wb_command_set_label (WB_COMMAND (self), label);
  return WB_COMMAND (self);
}

/* Hex features ------------------------------------------------------------ */

#define WB_TYPE_HEX_FEATURE_COMMAND (wb_hex_feature_command_get_type ())
G_DECLARE_FINAL_TYPE (WbHexFeatureCommand, wb_hex_feature_command, WB, HEX_FEATURE_COMMAND, WbCommand)

struct _WbHexFeatureCommand
{
  WbCommand    parent_instance;

  WbGame      *game;
  WbHexMap    *map;
  WbOffset     hex;
  const char  *feature;   /* interned */
  gboolean     present;
  GPtrArray   *before;    /* the hex's features (interned ids), set by apply */
  GPtrArray   *merged;    /* WbHexFeatureCommand: the same edit on further hexes (a drag) */
};

G_DEFINE_FINAL_TYPE (WbHexFeatureCommand, wb_hex_feature_command, WB_TYPE_COMMAND)

static gboolean
wb_hex_feature_command_apply (WbCommand  *command,
                              GError    **error)
{
  WbHexFeatureCommand *self = WB_HEX_FEATURE_COMMAND (command);
  GPtrArray *features;

  if (!wb_hex_map_contains (self->map, self->hex))
    {
      char buf[32];

      wb_hex_map_format_hex (self->map, self->hex, buf, sizeof buf);
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                   _("Hex %s is not on map “%s”"), buf, wb_map_get_name (WB_MAP (self->map)));
      return FALSE;
    }
  if (!check_feature (self->game, self->feature, WB_FEATURE_HEX, error))
    return FALSE;

  features = wb_hex_map_get_hex_features (self->map, self->hex);
  g_ptr_array_set_size (self->before, 0);
  if (features != NULL)
    g_ptr_array_extend (self->before, features, NULL, NULL);

  if (self->present && !wb_hex_map_has_hex_feature (self->map, self->hex, self->feature))
    wb_hex_map_add_hex_feature (self->map, self->hex, self->feature);
  else if (!self->present)
    wb_hex_map_remove_hex_feature (self->map, self->hex, self->feature);
  /* Redo of a merged drag: the other hexes, checked when first applied. */
  for (guint i = 0; i < self->merged->len; i++)
    if (!wb_command_apply (g_ptr_array_index (self->merged, i), NULL))
      g_warn_if_reached ();
  wb_map_changed (WB_MAP (self->map));
  return TRUE;
}

static void
wb_hex_feature_command_revert (WbCommand *command)
{
  WbHexFeatureCommand *self = WB_HEX_FEATURE_COMMAND (command);
  GPtrArray *features = wb_hex_map_get_hex_features (self->map, self->hex);
  g_autoptr(GPtrArray) now = g_ptr_array_new ();

  for (guint i = self->merged->len; i-- > 0;)
    wb_command_revert (g_ptr_array_index (self->merged, i));

  /* Everything off, then the old list back in its order. */
  if (features != NULL)
    g_ptr_array_extend (now, features, NULL, NULL);
  for (guint i = 0; i < now->len; i++)
    wb_hex_map_remove_hex_feature (self->map, self->hex, g_ptr_array_index (now, i));
  for (guint i = 0; i < self->before->len; i++)
    wb_hex_map_add_hex_feature (self->map, self->hex, g_ptr_array_index (self->before, i));
  wb_map_changed (WB_MAP (self->map));
}

static void
wb_hex_feature_command_finalize (GObject *object)
{
  WbHexFeatureCommand *self = WB_HEX_FEATURE_COMMAND (object);

  g_clear_object (&self->game);
  g_clear_object (&self->map);
  g_ptr_array_unref (self->before);
  g_ptr_array_unref (self->merged);
  G_OBJECT_CLASS (wb_hex_feature_command_parent_class)->finalize (object);
}

static void
hex_feature_label (WbHexFeatureCommand *self)
{
  WbFeatureType *f = wb_game_find_feature (self->game, self->feature);
  const char *name = f != NULL && f->name != NULL ? f->name : self->feature;
  guint n = 1 + self->merged->len;
  g_autofree char *label = NULL;
  char number[32];

  wb_hex_map_format_hex (self->map, self->hex, number, sizeof number);
  if (n > 1 && self->present)
    /* Translators: an undo step; a feature name and a number of hexes */
    label = g_strdup_printf (_("Add %s to %u hexes"), name, n);
  else if (n > 1)
    label = g_strdup_printf (_("Remove %s from %u hexes"), name, n);
  else if (self->present)
    /* Translators: an undo step; a feature name and a hex number */
    label = g_strdup_printf (_("Add %s to hex %s"), name, number);
  else
    /* Translators: an undo step; a feature name and a hex number */
    label = g_strdup_printf (_("Remove %s from hex %s"), name, number);
  wb_command_set_label (WB_COMMAND (self), label);
}

/* A drag: the same feature added (or removed) on the next hex joins this
 * step. */
static gboolean
wb_hex_feature_command_merge (WbCommand *command,
                              WbCommand *next_command)
{
  WbHexFeatureCommand *self = WB_HEX_FEATURE_COMMAND (command);
  WbHexFeatureCommand *next;

  if (!WB_IS_HEX_FEATURE_COMMAND (next_command))
    return FALSE;
  next = WB_HEX_FEATURE_COMMAND (next_command);
  if (next->map != self->map || next->feature != self->feature || next->present != self->present ||
      next->merged->len > 0)
    return FALSE;
  g_ptr_array_add (self->merged, g_object_ref (next));
  hex_feature_label (self);
  return TRUE;
}

static void
wb_hex_feature_command_class_init (WbHexFeatureCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_hex_feature_command_finalize;
  command_class->apply = wb_hex_feature_command_apply;
  command_class->revert = wb_hex_feature_command_revert;
  command_class->merge = wb_hex_feature_command_merge;
}

static void
wb_hex_feature_command_init (WbHexFeatureCommand *self)
{
  self->before = g_ptr_array_new ();
  self->merged = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * wb_command_set_hex_feature_new:
 * @game: the game @map belongs to (its features are checked)
 * @map: a hex map
 * @hex: the hex
 * @feature: a hex feature id
 * @present: add (TRUE) or remove it
 *
 * Returns: (transfer full): the command, not yet applied
 */
WbCommand *
wb_command_set_hex_feature_new (WbGame     *game,
                                WbHexMap   *map,
                                WbOffset    hex,
                                const char *feature,
                                gboolean    present)
{
  WbHexFeatureCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);
  g_return_val_if_fail (feature != NULL, NULL);

  self = g_object_new (WB_TYPE_HEX_FEATURE_COMMAND, NULL);
  self->game = g_object_ref (game);
  self->map = g_object_ref (map);
  self->hex = hex;
  self->feature = g_intern_string (feature);
  self->present = present;
  hex_feature_label (self);
  return WB_COMMAND (self);
}
