/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-command"
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "wb-record-commands.h"
#include "rules/wb-params.h"
#include "wb-format-read-private.h"
#include "rules/wb-roles.h"

#define MAX_MOVE_COST 1000.0
#define MAX_DEFENSE   100.0

static const char * const terrain_patterns[] = {
  "none", "trees", "rough", "marsh", "water", "town", "dots", NULL
};

/* What wb-render.c knows, plus "trench", which the hex feature artwork
 * recognises by name. */
static const char * const feature_styles[] = {
  "marker", "road", "trail", "pike", "railroad", "creek", "river", "ford", "bridge", "ferry",
  "town", "trench", "slope", "levee", "mountain", "gap", NULL
};

const char * const *
wb_legend_terrain_patterns (void)
{
  return terrain_patterns;
}

const char * const *
wb_legend_feature_styles (void)
{
  return feature_styles;
}

/* Ids ------------------------------------------------------------------- */

static char *
make_id (WbGame     *game,
         const char *name,
         const char *fallback,
         gboolean    feature)
{
  g_autofree char *ascii = g_str_to_ascii (name != NULL ? name : "", NULL);
  g_autoptr(GString) base = g_string_new (NULL);
  char *id;

  for (const char *p = ascii; *p != '\0' && base->len < 48; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (base, g_ascii_tolower (*p));
      else if (base->len > 0 && base->str[base->len - 1] != '-')
        g_string_append_c (base, '-');
    }
  while (base->len > 0 && base->str[base->len - 1] == '-')
    g_string_truncate (base, base->len - 1);
  if (base->len == 0)
    g_string_assign (base, fallback);

  id = g_strdup (base->str);
  for (guint n = 2;
       feature ? wb_game_find_feature (game, id) != NULL : wb_game_find_terrain (game, id) != NULL;
       n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base->str, n);
    }
  return id;
}

char *
wb_legend_make_terrain_id (WbGame     *game,
                           const char *name)
{
  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  return make_id (game, name, "terrain", FALSE);
}

char *
wb_legend_make_feature_id (WbGame     *game,
                           const char *name)
{
  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  return make_id (game, name, "feature", TRUE);
}

char
wb_legend_pick_terrain_key (WbGame     *game,
                            const char *name)
{
  g_return_val_if_fail (WB_IS_GAME (game), 0);

  for (const char *p = name; p != NULL && *p != '\0'; p++)
    {
      char lower = g_ascii_tolower (*p);
      char upper = g_ascii_toupper (*p);

      if (!g_ascii_isalnum (*p))
        continue;
      if (wb_game_find_terrain_by_key (game, lower) == NULL)
        return lower;
      if (wb_game_find_terrain_by_key (game, upper) == NULL)
        return upper;
    }
  for (char c = 'a'; c <= 'z'; c++)
    if (wb_game_find_terrain_by_key (game, c) == NULL)
      return c;
  for (char c = '!'; c <= '~'; c++)
    if (wb_game_find_terrain_by_key (game, c) == NULL)
      return c;
  return 0;
}

/* Uses ------------------------------------------------------------------ */

guint
wb_legend_count_terrain (WbGame      *game,
                         const char  *id,
                         WbHexMap   **first_map,
                         WbOffset    *first_hex)
{
  GPtrArray *maps;
  const char *tid;
  guint n = 0;

  g_return_val_if_fail (WB_IS_GAME (game), 0);
  g_return_val_if_fail (id != NULL, 0);

  tid = g_intern_string (id);
  maps = wb_game_get_maps (game);
  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *m = g_ptr_array_index (maps, i);
      WbHexMap *map;
      int cols, rows;

      if (!WB_IS_HEX_MAP (m))
        continue;
      map = WB_HEX_MAP (m);
      cols = wb_hex_map_get_cols (map);
      rows = wb_hex_map_get_rows (map);
      for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
          if (wb_hex_map_get_terrain (map, (WbOffset) { c, r }) == tid)
            {
              if (n++ == 0)
                {
                  if (first_map != NULL)
                    *first_map = map;
                  if (first_hex != NULL)
                    *first_hex = (WbOffset) { c, r };
                }
            }
    }
  return n;
}

static gboolean
strv_has (GPtrArray  *ids,
          const char *id)
{
  return ids != NULL && g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL);
}

guint
wb_legend_count_feature (WbGame     *game,
                         const char *id,
                         guint      *hexes,
                         guint      *hexsides,
                         guint      *connections,
                         guint      *crossings,
                         guint      *negated_by)
{
  GPtrArray *maps, *features;
  const char *fid;
  guint n_hexes = 0, n_sides = 0, n_conns = 0, n_cross = 0, n_neg = 0;

  g_return_val_if_fail (WB_IS_GAME (game), 0);
  g_return_val_if_fail (id != NULL, 0);

  fid = g_intern_string (id);
  maps = wb_game_get_maps (game);
  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *m = g_ptr_array_index (maps, i);

      if (WB_IS_HEX_MAP (m))
        {
          WbHexMap *map = WB_HEX_MAP (m);
          g_autoptr(GArray) detailed = wb_hex_map_list_detailed_hexes (map);
          g_autoptr(GArray) sides = wb_hex_map_list_sides (map);

          for (guint j = 0; j < detailed->len; j++)
            if (wb_hex_map_has_hex_feature (map, g_array_index (detailed, WbOffset, j), fid))
              n_hexes++;
          for (guint j = 0; j < sides->len; j++)
            {
              WbHexside *s = &g_array_index (sides, WbHexside, j);

              if (wb_hex_map_has_side_feature (map, s->hex, s->dir, fid))
                n_sides++;
            }
        }
      else if (WB_IS_POINT_MAP (m))
        {
          GPtrArray *conns = wb_point_map_get_connections (WB_POINT_MAP (m));

          for (guint j = 0; j < conns->len; j++)
            {
              WbConnection *c = g_ptr_array_index (conns, j);

              if (c->klass == fid)
                n_conns++;
              if (strv_has (c->crossings, fid))
                n_cross++;
            }
        }
    }
  features = wb_game_get_features (game);
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      if (f->id != fid && strv_has (f->negates, fid))
        n_neg++;
    }

  if (hexes != NULL)
    *hexes = n_hexes;
  if (hexsides != NULL)
    *hexsides = n_sides;
  if (connections != NULL)
    *connections = n_conns;
  if (crossings != NULL)
    *crossings = n_cross;
  if (negated_by != NULL)
    *negated_by = n_neg;
  return n_hexes + n_sides + n_conns + n_cross + n_neg;
}

/* Checks: what the game file reader accepts ----------------------------- */

static gboolean
check_name (const char  *name,
            GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (name != NULL ? name : ""));

  if (stripped[0] == '\0')
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("A legend entry needs a name"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_color (const char  *color,
             GError     **error)
{
  if (color != NULL && !wb_color_parse (color, NULL, NULL, NULL))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a colour (expected #rrggbb)"), color);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_number (double       v,
              double       lo,
              double       hi,
              const char  *what,
              GError     **error)
{
  if (!(v >= lo && v <= hi))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                   /* Translators: %s is a field: "Defence", "Line width" */
                   _("%s %g is outside %g to %g"), what, v, lo, hi);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_move (WbGame      *game,
            GArray      *move,
            GError     **error)
{
  for (guint i = 0; i < move->len; i++)
    {
      const WbMoveCost *c = &g_array_index (move, WbMoveCost, i);

      if (c->unit_class == NULL ||
          (g_strcmp0 (c->unit_class, "*") != 0 && wb_game_find_unit_class (game, c->unit_class) == NULL))
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("There is no unit class “%s”"), c->unit_class ? c->unit_class : "");
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_strcmp0 (g_array_index (move, WbMoveCost, j).unit_class, c->unit_class) == 0)
          {
            g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                         _("Unit class “%s” has two movement costs"), c->unit_class);
            return FALSE;
          }
      /* A negative cost means prohibited; the file writes it as null. */
      if (isnan (c->cost) || c->cost > MAX_MOVE_COST)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                       _("Movement cost %g is outside 0 to %g"), c->cost, MAX_MOVE_COST);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_terrain (WbGame              *game,
               const WbTerrainType *t,
               GError             **error)
{
  WbTerrainType *same_key;

  if (t->id == NULL || !wb_read_valid_id (t->id))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a valid id (expected 1–64 characters from A–Z a–z 0–9 _ - .)"),
                   t->id ? t->id : "");
      return FALSE;
    }
  if (!check_name (t->name, error) || !check_color (t->color, error))
    return FALSE;
  if (!g_ascii_isgraph (t->key))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Terrain “%s” has no map key (one printable ASCII character)"), t->name);
      return FALSE;
    }
  same_key = wb_game_find_terrain_by_key (game, t->key);
  if (same_key != NULL && same_key->id != t->id)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("The map key “%c” is used by terrain “%s”"), t->key, same_key->name);
      return FALSE;
    }
  if (t->pattern == NULL || !g_strv_contains (terrain_patterns, t->pattern))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Unknown pattern “%s”"), t->pattern ? t->pattern : "");
      return FALSE;
    }
  return check_move (game, t->move, error) &&
         check_number (t->defense, 0, MAX_DEFENSE, _("Defence"), error);
}

static WbRoleOn
role_on_feature (WbFeatureWhere where)
{
  switch (where)
    {
    case WB_FEATURE_HEX:
      return WB_ROLE_ON_HEX;
    case WB_FEATURE_HEXSIDE:
      return WB_ROLE_ON_HEXSIDE;
    case WB_FEATURE_CONNECTION:
      return WB_ROLE_ON_CONNECTION;
    case WB_FEATURE_CROSSING:
    default:
      return WB_ROLE_ON_CROSSING;
    }
}

/* The roles the reader accepts: valid ids, each once, known to the game's
 * rules family for that kind of record. */
static gboolean
check_roles (WbGame    *game,
             GPtrArray *roles,
             WbRoleOn   on,
             GError   **error)
{
  g_autofree char *refusal = wb_roles_list_refusal (wb_game_get_rules (game)->family, roles, on);

  if (refusal == NULL)
    return TRUE;
  g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, refusal);
  return FALSE;
}

static gboolean
check_feature (WbGame              *game,
               const WbFeatureType *f,
               const WbFeatureType *old,
               GError             **error)
{
  if (f->id == NULL || !wb_read_valid_id (f->id))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("“%s” is not a valid id (expected 1–64 characters from A–Z a–z 0–9 _ - .)"),
                   f->id ? f->id : "");
      return FALSE;
    }
  if (!check_name (f->name, error) || !check_color (f->color, error))
    return FALSE;
  if ((guint) f->where > WB_FEATURE_CROSSING)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("Unknown place for a feature"));
      return FALSE;
    }
  if (old != NULL && old->where != f->where)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Where “%s” applies cannot change: remove it and add a new one"), old->name);
      return FALSE;
    }
  /* An unknown style read from a file may stay; new ones must be known. */
  if (f->style == NULL ||
      (!g_strv_contains (feature_styles, f->style) && (old == NULL || g_strcmp0 (old->style, f->style) != 0)))
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("Unknown style “%s”"), f->style ? f->style : "");
      return FALSE;
    }
  if ((guint) f->move_mode > WB_MOVE_PROHIBIT)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                           _("Unknown movement mode"));
      return FALSE;
    }
  if (!check_number (f->width, 0, 1, _("Line width"), error) ||
      !check_move (game, f->move, error) ||
      !check_number (f->defense, 0, MAX_DEFENSE, _("Defence"), error))
    return FALSE;
  for (guint i = 0; i < f->negates->len; i++)
    {
      const char *n = g_ptr_array_index (f->negates, i);

      if (g_strcmp0 (n, f->id) == 0 || wb_game_find_feature (game, n) == NULL)
        {
          g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                       _("“%s” cannot negate “%s”"), f->name, n);
          return FALSE;
        }
    }
  return check_roles (game, f->roles, role_on_feature (f->where), error);
}

/* The command ------------------------------------------------------------ */

typedef enum {
  OP_ADD,
  OP_EDIT,
  OP_REMOVE,
} RecordOp;

/* A crossing or negates entry taken out by a removal. */
typedef struct {
  WbConnection *connection;   /* or NULL: a negates entry of @holder */
  const char   *holder;       /* feature id (interned) */
  guint         index;
} TakenRef;

#define WB_TYPE_RECORD_COMMAND (wb_record_command_get_type ())
G_DECLARE_FINAL_TYPE (WbRecordCommand, wb_record_command, WB, RECORD_COMMAND, WbCommand)

struct _WbRecordCommand
{
  WbCommand   parent_instance;

  WbGame     *game;
  RecordOp    op;
  gboolean    feature;
  const char *id;            /* interned */
  char       *merge_key;
  const char *replacement;   /* remove terrain: interned or NULL */
  /* The record to put in (add, edit); the one taken out (edit, remove) while
   * it is not in the game. */
  gpointer    record;
  gpointer    old;
  guint       index;
  /* Remove: hex maps whose content changed, and their content before. */
  GPtrArray  *maps;
  GPtrArray  *snapshots;
  GArray     *taken;         /* TakenRef, in the order they were taken */
  GPtrArray  *point_maps;    /* point maps whose crossings changed */
};

G_DEFINE_FINAL_TYPE (WbRecordCommand, wb_record_command, WB_TYPE_COMMAND)

static void
record_free (WbRecordCommand *self,
             gpointer         record)
{
  if (record == NULL)
    return;
  if (self->feature)
    wb_feature_type_free (record);
  else
    wb_terrain_type_free (record);
}

static gpointer
record_copy (WbRecordCommand *self,
             gconstpointer    record)
{
  return self->feature ? (gpointer) wb_feature_type_copy (record)
                       : (gpointer) wb_terrain_type_copy (record);
}

static const char *
record_name (WbRecordCommand *self,
             gconstpointer    record)
{
  const char *name = self->feature ? ((const WbFeatureType *) record)->name
                                   : ((const WbTerrainType *) record)->name;

  return name != NULL && name[0] != '\0' ? name : self->id;
}

static void
record_update_label (WbRecordCommand *self,
                     gconstpointer    record)
{
  g_autofree char *label = NULL;
  const char *name = record_name (self, record);

  switch (self->op)
    {
    case OP_ADD:
      label = g_strdup_printf (self->feature ? _("Add feature “%s”") : _("Add terrain “%s”"), name);
      break;
    case OP_EDIT:
      label = g_strdup_printf (self->feature ? _("Edit feature “%s”") : _("Edit terrain “%s”"), name);
      break;
    case OP_REMOVE:
      label = g_strdup_printf (self->feature ? _("Remove feature “%s”") : _("Remove terrain “%s”"), name);
      break;
    default:
      g_assert_not_reached ();
    }
  wb_command_set_label (WB_COMMAND (self), label);
}

static void
record_changed (WbRecordCommand *self)
{
  wb_game_changed (self->game, self->feature ? "features" : "terrain");
}

static gboolean
set_not_found (WbRecordCommand  *self,
               GError          **error)
{
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
               self->feature ? _("There is no feature type “%s”") : _("There is no terrain type “%s”"),
               self->id);
  return FALSE;
}

static gboolean
record_check (WbRecordCommand  *self,
              gconstpointer     record,
              gconstpointer     old,
              GError          **error)
{
  if (self->feature)
    return check_feature (self->game, record, old, error);
  return check_terrain (self->game, record, error);
}

static gboolean
apply_add (WbRecordCommand  *self,
           GError          **error)
{
  gpointer copy;
  gboolean taken;

  if ((self->feature ? (gpointer) wb_game_find_feature (self->game, self->id)
                     : (gpointer) wb_game_find_terrain (self->game, self->id)) != NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   _("The id “%s” is already used"), self->id);
      return FALSE;
    }
  if (!record_check (self, self->record, NULL, error))
    return FALSE;
  if (wb_game_get_terrain (self->game)->len + wb_game_get_features (self->game)->len >=
      WB_GAME_MAX_ENTITIES)
    {
      g_set_error_literal (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_RANGE,
                           _("The legend is full"));
      return FALSE;
    }
  copy = record_copy (self, self->record);
  taken = self->feature ? wb_game_insert_feature (self->game, copy, G_MAXUINT)
                        : wb_game_insert_terrain (self->game, copy, G_MAXUINT);
  g_assert (taken);
  record_changed (self);
  return TRUE;
}

static gboolean
apply_edit (WbRecordCommand  *self,
            GError          **error)
{
  gpointer current = self->feature ? (gpointer) wb_game_find_feature (self->game, self->id)
                                   : (gpointer) wb_game_find_terrain (self->game, self->id);
  gpointer prev;

  if (current == NULL)
    return set_not_found (self, error);
  if (!record_check (self, self->record, current, error))
    return FALSE;
  prev = self->feature ? (gpointer) wb_game_replace_feature (self->game, record_copy (self, self->record))
                       : (gpointer) wb_game_replace_terrain (self->game, record_copy (self, self->record));
  g_assert (prev == current);
  record_free (self, self->old);
  self->old = prev;
  record_changed (self);
  return TRUE;
}

static void
snapshot_map (WbRecordCommand *self,
              WbHexMap        *map)
{
  if (g_ptr_array_find (self->maps, map, NULL))
    return;
  g_ptr_array_add (self->maps, g_object_ref (map));
  g_ptr_array_add (self->snapshots, wb_hex_map_snapshot (map));
}

/* A parameter of the rules family naming it: the file would not load
 * again (rules.params is checked against the family's declaration). */
static gboolean
params_use (WbRecordCommand  *self,
            GError          **error)
{
  g_autofree char *path = wb_params_reference (self->game,
                                               self->feature ? WB_PARAM_REFS_FEATURE : WB_PARAM_REFS_TERRAIN,
                                               self->id);

  if (path == NULL)
    return TRUE;
  g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
               _("“%s” is named by the rules parameters (%s): change them first"), self->id, path);
  return FALSE;
}

static gboolean
remove_terrain_uses (WbRecordCommand  *self,
                     GError          **error)
{
  WbHexMap *first_map = NULL;
  WbOffset first = { 0, 0 };
  guint n = wb_legend_count_terrain (self->game, self->id, &first_map, &first);
  GPtrArray *maps;

  if (n == 0)
    return params_use (self, error);
  if (self->replacement == NULL)
    {
      WbTerrainType *t = wb_game_find_terrain (self->game, self->id);
      char buf[32];

      wb_hex_map_format_hex (first_map, first, buf, sizeof buf);
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "“%s” is used by %u hex (%s on map “%s”)",
                                "“%s” is used by %u hexes (the first is %s on map “%s”)", n),
                   t->name ? t->name : self->id, n, buf, wb_map_get_name (WB_MAP (first_map)));
      return FALSE;
    }
  if (self->replacement == self->id || wb_game_find_terrain (self->game, self->replacement) == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                   _("“%s” cannot be replaced by “%s”"), self->id, self->replacement);
      return FALSE;
    }
  if (!params_use (self, error))
    return FALSE;

  maps = wb_game_get_maps (self->game);
  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *m = g_ptr_array_index (maps, i);
      WbHexMap *map;
      int cols, rows;

      if (!WB_IS_HEX_MAP (m))
        continue;
      map = WB_HEX_MAP (m);
      cols = wb_hex_map_get_cols (map);
      rows = wb_hex_map_get_rows (map);
      for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
          if (wb_hex_map_get_terrain (map, (WbOffset) { c, r }) == self->id)
            {
              snapshot_map (self, map);
              wb_hex_map_set_terrain (map, (WbOffset) { c, r }, self->replacement);
            }
    }
  return TRUE;
}

static gboolean
remove_feature_uses (WbRecordCommand  *self,
                     GError          **error)
{
  guint conns = 0;
  GPtrArray *maps, *features;

  wb_legend_count_feature (self->game, self->id, NULL, NULL, &conns, NULL, NULL);
  if (conns > 0)
    {
      WbFeatureType *f = wb_game_find_feature (self->game, self->id);

      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%u connection is a “%s”: change its class first",
                                "%u connections are a “%s”: change their class first", conns),
                   conns, f->name ? f->name : self->id);
      return FALSE;
    }
  if (!params_use (self, error))
    return FALSE;

  maps = wb_game_get_maps (self->game);
  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *m = g_ptr_array_index (maps, i);

      if (WB_IS_HEX_MAP (m))
        {
          WbHexMap *map = WB_HEX_MAP (m);
          g_autoptr(GArray) detailed = wb_hex_map_list_detailed_hexes (map);
          g_autoptr(GArray) sides = wb_hex_map_list_sides (map);

          for (guint j = 0; j < detailed->len; j++)
            {
              WbOffset hex = g_array_index (detailed, WbOffset, j);

              if (wb_hex_map_has_hex_feature (map, hex, self->id))
                {
                  snapshot_map (self, map);
                  wb_hex_map_remove_hex_feature (map, hex, self->id);
                }
            }
          for (guint j = 0; j < sides->len; j++)
            {
              WbHexside *s = &g_array_index (sides, WbHexside, j);

              if (wb_hex_map_has_side_feature (map, s->hex, s->dir, self->id))
                {
                  snapshot_map (self, map);
                  wb_hex_map_remove_side_feature (map, s->hex, s->dir, self->id);
                }
            }
        }
      else if (WB_IS_POINT_MAP (m))
        {
          GPtrArray *list = wb_point_map_get_connections (WB_POINT_MAP (m));
          gboolean changed = FALSE;

          for (guint j = 0; j < list->len; j++)
            {
              WbConnection *c = g_ptr_array_index (list, j);
              guint k;

              while (c->crossings != NULL &&
                     g_ptr_array_find_with_equal_func (c->crossings, self->id, g_str_equal, &k))
                {
                  TakenRef t = { c, NULL, k };

                  g_ptr_array_remove_index (c->crossings, k);
                  g_array_append_val (self->taken, t);
                  changed = TRUE;
                }
            }
          if (changed)
            g_ptr_array_add (self->point_maps, g_object_ref (m));
        }
    }

  features = wb_game_get_features (self->game);
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);
      guint k;

      if (f->id == self->id)
        continue;
      while (g_ptr_array_find_with_equal_func (f->negates, self->id, g_str_equal, &k))
        {
          TakenRef t = { NULL, f->id, k };

          g_ptr_array_remove_index (f->negates, k);
          g_array_append_val (self->taken, t);
        }
    }
  return TRUE;
}

static gboolean
apply_remove (WbRecordCommand  *self,
              GError          **error)
{
  gpointer current = self->feature ? (gpointer) wb_game_find_feature (self->game, self->id)
                                   : (gpointer) wb_game_find_terrain (self->game, self->id);
  gboolean ok;

  if (current == NULL)
    return set_not_found (self, error);
  record_update_label (self, current);

  g_ptr_array_set_size (self->maps, 0);
  g_ptr_array_set_size (self->snapshots, 0);
  g_array_set_size (self->taken, 0);
  g_ptr_array_set_size (self->point_maps, 0);
  /* Both check before they change anything. */
  ok = self->feature ? remove_feature_uses (self, error) : remove_terrain_uses (self, error);
  if (!ok)
    return FALSE;

  record_free (self, self->old);
  self->old = self->feature ? (gpointer) wb_game_take_feature (self->game, self->id, &self->index)
                            : (gpointer) wb_game_take_terrain (self->game, self->id, &self->index);
  g_assert (self->old == current);
  for (guint i = 0; i < self->maps->len; i++)
    wb_map_changed (g_ptr_array_index (self->maps, i));
  for (guint i = 0; i < self->point_maps->len; i++)
    wb_map_changed (g_ptr_array_index (self->point_maps, i));
  record_changed (self);
  return TRUE;
}

static gboolean
wb_record_command_apply (WbCommand  *command,
                         GError    **error)
{
  WbRecordCommand *self = WB_RECORD_COMMAND (command);

  switch (self->op)
    {
    case OP_ADD: return apply_add (self, error);
    case OP_EDIT: return apply_edit (self, error);
    case OP_REMOVE: return apply_remove (self, error);
    default: g_assert_not_reached ();
    }
  return FALSE;
}

static void
wb_record_command_revert (WbCommand *command)
{
  WbRecordCommand *self = WB_RECORD_COMMAND (command);
  gpointer out = NULL;

  switch (self->op)
    {
    case OP_ADD:
      out = self->feature ? (gpointer) wb_game_take_feature (self->game, self->id, NULL)
                          : (gpointer) wb_game_take_terrain (self->game, self->id, NULL);
      record_free (self, out);
      break;

    case OP_EDIT:
      out = self->feature ? (gpointer) wb_game_replace_feature (self->game, record_copy (self, self->old))
                          : (gpointer) wb_game_replace_terrain (self->game, record_copy (self, self->old));
      record_free (self, out);
      break;

    case OP_REMOVE:
      if (self->feature)
        wb_game_insert_feature (self->game, g_steal_pointer (&self->old), self->index);
      else
        wb_game_insert_terrain (self->game, g_steal_pointer (&self->old), self->index);
      for (guint i = self->taken->len; i-- > 0;)
        {
          TakenRef *t = &g_array_index (self->taken, TakenRef, i);

          if (t->connection != NULL)
            g_ptr_array_insert (t->connection->crossings, (int) t->index, (gpointer) self->id);
          else
            {
              WbFeatureType *holder = wb_game_find_feature (self->game, t->holder);

              g_assert (holder != NULL);
              g_ptr_array_insert (holder->negates, (int) t->index, (gpointer) self->id);
            }
        }
      for (guint i = 0; i < self->maps->len; i++)
        wb_hex_map_restore (g_ptr_array_index (self->maps, i), g_ptr_array_index (self->snapshots, i));
      for (guint i = 0; i < self->point_maps->len; i++)
        wb_map_changed (g_ptr_array_index (self->point_maps, i));
      break;

    default:
      g_assert_not_reached ();
    }
  record_changed (self);
}

static gboolean
wb_record_command_merge (WbCommand *command,
                         WbCommand *next_command)
{
  WbRecordCommand *self = WB_RECORD_COMMAND (command);
  WbRecordCommand *next;

  if (!WB_IS_RECORD_COMMAND (next_command))
    return FALSE;
  next = WB_RECORD_COMMAND (next_command);
  if (self->op != OP_EDIT || next->op != OP_EDIT || self->feature != next->feature ||
      self->game != next->game || self->id != next->id ||
      self->merge_key == NULL || g_strcmp0 (self->merge_key, next->merge_key) != 0)
    return FALSE;

  /* Keep the oldest old record; take the newest new one. */
  record_free (self, self->record);
  self->record = record_copy (self, next->record);
  record_update_label (self, self->record);
  return TRUE;
}

static void
wb_record_command_finalize (GObject *object)
{
  WbRecordCommand *self = WB_RECORD_COMMAND (object);

  record_free (self, self->record);
  record_free (self, self->old);
  g_clear_object (&self->game);
  g_free (self->merge_key);
  g_ptr_array_unref (self->maps);
  g_ptr_array_unref (self->snapshots);
  g_array_unref (self->taken);
  g_ptr_array_unref (self->point_maps);

  G_OBJECT_CLASS (wb_record_command_parent_class)->finalize (object);
}

static void
wb_record_command_class_init (WbRecordCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WbCommandClass *command_class = WB_COMMAND_CLASS (klass);

  object_class->finalize = wb_record_command_finalize;
  command_class->apply = wb_record_command_apply;
  command_class->revert = wb_record_command_revert;
  command_class->merge = wb_record_command_merge;
}

static void
wb_record_command_init (WbRecordCommand *self)
{
  self->maps = g_ptr_array_new_with_free_func (g_object_unref);
  self->snapshots = g_ptr_array_new_with_free_func (g_object_unref);
  self->taken = g_array_new (FALSE, FALSE, sizeof (TakenRef));
  self->point_maps = g_ptr_array_new_with_free_func (g_object_unref);
}

static WbRecordCommand *
record_command_new (WbGame        *game,
                    RecordOp       op,
                    gboolean       feature,
                    const char    *id,
                    gconstpointer  record)
{
  WbRecordCommand *self = g_object_new (WB_TYPE_RECORD_COMMAND, NULL);

  self->game = g_object_ref (game);
  self->op = op;
  self->feature = feature;
  self->id = g_intern_string (id);
  if (record != NULL)
    {
      self->record = record_copy (self, record);
      record_update_label (self, record);
    }
  return self;
}

WbCommand *
wb_command_add_terrain_new (WbGame              *game,
                            const WbTerrainType *terrain)
{
  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (terrain != NULL && terrain->id != NULL, NULL);
  return WB_COMMAND (record_command_new (game, OP_ADD, FALSE, terrain->id, terrain));
}

WbCommand *
wb_command_edit_terrain_new (WbGame              *game,
                             const WbTerrainType *terrain,
                             const char          *merge_key)
{
  WbRecordCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (terrain != NULL && terrain->id != NULL, NULL);
  self = record_command_new (game, OP_EDIT, FALSE, terrain->id, terrain);
  self->merge_key = g_strdup (merge_key);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_remove_terrain_new (WbGame     *game,
                               const char *id,
                               const char *replacement)
{
  WbRecordCommand *self;
  WbTerrainType *t;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  self = record_command_new (game, OP_REMOVE, FALSE, id, NULL);
  self->replacement = replacement != NULL ? g_intern_string (replacement) : NULL;
  t = wb_game_find_terrain (game, id);
  if (t != NULL)
    record_update_label (self, t);
  else
    wb_command_set_label (WB_COMMAND (self), _("Remove terrain"));
  return WB_COMMAND (self);
}

WbCommand *
wb_command_add_feature_new (WbGame              *game,
                            const WbFeatureType *feature)
{
  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (feature != NULL && feature->id != NULL, NULL);
  return WB_COMMAND (record_command_new (game, OP_ADD, TRUE, feature->id, feature));
}

WbCommand *
wb_command_edit_feature_new (WbGame              *game,
                             const WbFeatureType *feature,
                             const char          *merge_key)
{
  WbRecordCommand *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (feature != NULL && feature->id != NULL, NULL);
  self = record_command_new (game, OP_EDIT, TRUE, feature->id, feature);
  self->merge_key = g_strdup (merge_key);
  return WB_COMMAND (self);
}

WbCommand *
wb_command_remove_feature_new (WbGame     *game,
                               const char *id)
{
  WbRecordCommand *self;
  WbFeatureType *f;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  self = record_command_new (game, OP_REMOVE, TRUE, id, NULL);
  f = wb_game_find_feature (game, id);
  if (f != NULL)
    record_update_label (self, f);
  else
    wb_command_set_label (WB_COMMAND (self), _("Remove feature"));
  return WB_COMMAND (self);
}
