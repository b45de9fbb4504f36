/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-format"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wb-format.h"
#include "wb-file-private.h"

/* The writer builds a JsonObject per entity (members in the documented
 * order, defaults left out) and prints the document in the canonical
 * layout of docs/file-format.md: one entity per line, containers (tables,
 * maps, scenarios) one member per line with their lists one element per
 * line. Printing is ours rather than JsonGenerator's so the layout and the
 * number format are stable: save → load → save gives identical bytes. */

/* ---- printing ---------------------------------------------------------- */

static void
write_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) s; *p; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, (char) *p);
        }
    }
  g_string_append_c (out, '"');
}

static void
write_double (GString *out, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (v == floor (v) && fabs (v) < 1e15)
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT, (gint64) v);
      return;
    }
  /* The shortest of %.15g and %.17g that reads back exactly. */
  g_ascii_formatd (buf, sizeof buf, "%.15g", v);
  if (g_ascii_strtod (buf, NULL) != v)
    g_ascii_formatd (buf, sizeof buf, "%.17g", v);
  g_string_append (out, buf);
}

static void
write_compact (GString *out, JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          write_string (out, json_node_get_string (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
          break;
        default:
          write_double (out, json_node_get_double (node));
        }
      break;
    case JSON_NODE_ARRAY:
      {
        JsonArray *a = json_node_get_array (node);
        g_string_append_c (out, '[');
        for (guint i = 0; i < json_array_get_length (a); i++)
          {
            if (i)
              g_string_append (out, ", ");
            write_compact (out, json_array_get_element (a, i));
          }
        g_string_append_c (out, ']');
      }
      break;
    case JSON_NODE_OBJECT:
      {
        JsonObject *o = json_node_get_object (node);
        g_autoptr(GList) members = json_object_get_members (o);
        g_string_append_c (out, '{');
        for (GList *l = members; l; l = l->next)
          {
            if (l != members)
              g_string_append (out, ", ");
            write_string (out, l->data);
            g_string_append (out, ": ");
            write_compact (out, json_object_get_member (o, l->data));
          }
        g_string_append_c (out, '}');
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
indent (GString *out, int n)
{
  for (int i = 0; i < n; i++)
    g_string_append_c (out, ' ');
}

/* Lists whose elements go one per line inside an expanded container. */
static gboolean
is_expanded_list (const char *member)
{
  static const char * const lists[] = {
    "columns", "rows", "codes", "terrain", "elevation", "hexes", "hexsides", "marks", "lines",
    "locations", "connections", "boxes", "options", "setup", "reinforcements", "markers", "victory",
    "special_rules", "modifiers", NULL
  };
  return g_strv_contains (lists, member);
}

static void
write_list (GString *out, JsonArray *a, int level, gboolean expand_elements);

static void
write_expanded_object (GString *out, JsonObject *o, int level)
{
  g_autoptr(GList) members = json_object_get_members (o);

  g_string_append (out, "{\n");
  for (GList *l = members; l; l = l->next)
    {
      JsonNode *v = json_object_get_member (o, l->data);
      indent (out, level + 2);
      write_string (out, l->data);
      g_string_append (out, ": ");
      if (JSON_NODE_HOLDS_ARRAY (v) && is_expanded_list (l->data))
        write_list (out, json_node_get_array (v), level + 2, FALSE);
      else
        write_compact (out, v);
      g_string_append (out, l->next ? ",\n" : "\n");
    }
  indent (out, level);
  g_string_append_c (out, '}');
}

static void
write_list (GString *out, JsonArray *a, int level, gboolean expand_elements)
{
  guint n = json_array_get_length (a);

  if (n == 0)
    {
      g_string_append (out, "[]");
      return;
    }
  g_string_append (out, "[\n");
  for (guint i = 0; i < n; i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      indent (out, level + 2);
      if (expand_elements && JSON_NODE_HOLDS_OBJECT (e))
        write_expanded_object (out, json_node_get_object (e), level + 2);
      else
        write_compact (out, e);
      g_string_append (out, i + 1 < n ? ",\n" : "\n");
    }
  indent (out, level);
  g_string_append_c (out, ']');
}

static void
write_document (GString *out, JsonObject *root)
{
  static const char * const containers[] = { "tables", "maps", "scenarios", NULL };
  g_autoptr(GList) members = json_object_get_members (root);

  g_string_append (out, "{\n");
  for (GList *l = members; l; l = l->next)
    {
      JsonNode *v = json_object_get_member (root, l->data);
      indent (out, 2);
      write_string (out, l->data);
      g_string_append (out, ": ");
      if (JSON_NODE_HOLDS_ARRAY (v))
        write_list (out, json_node_get_array (v), 2, g_strv_contains (containers, l->data));
      else
        write_compact (out, v);
      g_string_append (out, l->next ? ",\n" : "\n");
    }
  g_string_append (out, "}\n");
}

/* ---- building ---------------------------------------------------------- */

static void
set_str (JsonObject *o, const char *member, const char *value)
{
  if (value != NULL)
    json_object_set_string_member (o, member, value);
}

static void
set_num (JsonObject *o, const char *member, double value)
{
  if (value == floor (value) && fabs (value) < 1e15)
    json_object_set_int_member (o, member, (gint64) value);
  else
    json_object_set_double_member (o, member, value);
}

/* A printed length as the file writes it: whole or half millimetres as
 * "16mm", anything else in inches ("0.625in" for 5/8 in). */
static char *
printed_size (double points)
{
  double mm = points / (72.0 / 25.4), in = points / 72.0;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (fabs (mm * 2 - round (mm * 2)) < 1e-6)
    return g_strconcat (g_ascii_formatd (buf, sizeof buf, "%g", round (mm * 2) / 2), "mm", NULL);
  return g_strconcat (g_ascii_formatd (buf, sizeof buf, "%.4g", in), "in", NULL);
}

static void
set_true (JsonObject *o, const char *member, gboolean value)
{
  if (value)
    json_object_set_boolean_member (o, member, TRUE);
}

static JsonNode *
strings_node (GPtrArray *strings)
{
  JsonArray *a = json_array_sized_new (strings->len);

  for (guint i = 0; i < strings->len; i++)
    json_array_add_string_element (a, g_ptr_array_index (strings, i));
  return json_node_init_array (json_node_alloc (), a);
}

static void
set_strings (JsonObject *o, const char *member, GPtrArray *strings)
{
  if (strings != NULL && strings->len > 0)
    json_object_set_member (o, member, strings_node (strings));
  if (strings != NULL && strings->len > 0)
    json_array_unref (json_node_get_array (json_object_get_member (o, member)));
}

static JsonNode *
object_node (JsonObject *o)
{
  JsonNode *n = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return n;
}

static void
add_object (JsonArray *a, JsonObject *o)
{
  json_array_add_object_element (a, o);
}

static void
set_array (JsonObject *o, const char *member, JsonArray *a)
{
  json_object_set_array_member (o, member, a);
}

static void
set_move (JsonObject *o, GArray *move)
{
  JsonObject *m;

  if (move->len == 0)
    return;
  m = json_object_new ();
  for (guint i = 0; i < move->len; i++)
    {
      WbMoveCost *c = &g_array_index (move, WbMoveCost, i);
      if (c->cost < 0)
        json_object_set_null_member (m, c->unit_class);
      else
        set_num (m, c->unit_class, c->cost);
    }
  json_object_set_object_member (o, "move", m);
}

static JsonObject *
build_meta (WbGame *game)
{
  JsonObject *o = json_object_new ();

  set_str (o, "id", wb_game_get_id (game));
  set_str (o, "title", wb_game_get_title (game));
  set_str (o, "publisher", wb_game_get_publisher (game));
  set_str (o, "designer", wb_game_get_designer (game));
  set_str (o, "year", wb_game_get_year (game));
  set_str (o, "scale", wb_game_get_scale (game));
  set_str (o, "version", wb_game_get_game_version (game));
  set_str (o, "source", wb_game_get_source (game));
  set_str (o, "notes", wb_game_get_notes (game));
  return o;
}

static JsonArray *
build_sides (WbGame *game)
{
  GPtrArray *sides = wb_game_get_sides (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *s = g_ptr_array_index (sides, i);
      JsonObject *o = json_object_new ();
      set_str (o, "id", s->id);
      set_str (o, "name", s->name);
      set_str (o, "color", s->color);
      set_str (o, "text_color", s->text_color);
      add_object (a, o);
    }
  return a;
}

static JsonArray *
build_classes (WbGame *game)
{
  GPtrArray *classes = wb_game_get_unit_classes (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < classes->len; i++)
    {
      WbUnitType *k = g_ptr_array_index (classes, i);
      JsonObject *o = json_object_new ();
      set_str (o, "id", k->id);
      set_str (o, "name", k->name);
      set_str (o, "symbol", k->symbol);
      set_strings (o, "roles", k->roles);
      if (k->attrs->len > 0)
        {
          JsonArray *attrs = json_array_new ();
          for (guint j = 0; j < k->attrs->len; j++)
            {
              WbAttrDef *d = g_ptr_array_index (k->attrs, j);
              JsonObject *ao = json_object_new ();
              set_str (ao, "id", d->id);
              set_str (ao, "name", d->name);
              set_str (ao, "type", wb_attr_type_to_string (d->type));
              if (d->min != -G_MAXINT)
                set_num (ao, "min", d->min);
              if (d->max != G_MAXINT)
                set_num (ao, "max", d->max);
              add_object (attrs, ao);
            }
          set_array (o, "attrs", attrs);
        }
      add_object (a, o);
    }
  return a;
}

static JsonArray *
build_terrain (WbGame *game)
{
  GPtrArray *terrain = wb_game_get_terrain (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);
      JsonObject *o = json_object_new ();
      char key[2] = { t->key, 0 };
      set_str (o, "id", t->id);
      set_str (o, "name", t->name);
      set_str (o, "key", key);
      set_str (o, "color", t->color);
      if (g_strcmp0 (t->pattern, "none") != 0)
        set_str (o, "pattern", t->pattern);
      set_move (o, t->move);
      if (t->defense != 1.0)
        set_num (o, "defense", t->defense);
      set_true (o, "blocks_los", t->blocks_los);
      set_str (o, "note", t->note);
      add_object (a, o);
    }
  return a;
}

static JsonArray *
build_features (WbGame *game)
{
  GPtrArray *features = wb_game_get_features (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);
      JsonObject *o = json_object_new ();
      set_str (o, "id", f->id);
      set_str (o, "name", f->name);
      set_str (o, "where", wb_feature_where_to_string (f->where));
      if (g_strcmp0 (f->style, "marker") != 0)
        set_str (o, "style", f->style);
      set_str (o, "color", f->color);
      if (f->width != 0)
        set_num (o, "width", f->width);
      if (f->move_mode != WB_MOVE_NONE)
        set_str (o, "move_mode", wb_move_mode_to_string (f->move_mode));
      set_move (o, f->move);
      if (f->defense != 1.0)
        set_num (o, "defense", f->defense);
      set_true (o, "blocks_los", f->blocks_los);
      set_true (o, "blocks_zoc", f->blocks_zoc);
      set_strings (o, "negates", f->negates);
      set_strings (o, "roles", f->roles);
      set_str (o, "note", f->note);
      add_object (a, o);
    }
  return a;
}

static void
set_nonzero (JsonObject *o, const char *member, double value)
{
  if (value != 0)
    set_num (o, member, value);
}

static JsonObject *
build_code_effect (const WbResultCode *c)
{
  const WbCodeEffect *e = &c->effect;
  JsonObject *o = json_object_new ();

  set_nonzero (o, "attacker_eliminated", e->attacker_eliminated);
  set_nonzero (o, "defender_eliminated", e->defender_eliminated);
  set_nonzero (o, "attacker_steps", e->attacker_steps);
  set_nonzero (o, "defender_steps", e->defender_steps);
  set_nonzero (o, "attacker_retreat", e->attacker_retreat);
  set_nonzero (o, "defender_retreat", e->defender_retreat);
  set_nonzero (o, "attacker_morale", e->attacker_morale);
  set_nonzero (o, "defender_morale", e->defender_morale);
  if (e->exchange)
    json_object_set_boolean_member (o, "exchange", TRUE);
  set_str (o, "test", c->test);
  set_str (o, "column", c->test_column);
  return o;
}

/* The format 6 members of a table, each only when it says something. */
static void
build_table_rules (JsonObject *o, WbTable *t)
{
  const WbTableEnds *ends = wb_table_get_ends (t);
  const WbTablePool *pool = wb_table_get_pool (t);
  GPtrArray *modifiers = wb_table_get_modifiers (t);

  set_str (o, "source", wb_table_get_source (t));
  set_str (o, "note", wb_table_get_note (t));
  if (wb_table_get_read (t) != WB_TABLE_READ_SUM)
    set_str (o, "read", wb_table_read_to_string (wb_table_get_read (t)));
  set_str (o, "pair", wb_table_get_pair (t));
  if (ends->left != WB_TABLE_END_CLAMP || ends->right != WB_TABLE_END_CLAMP ||
      ends->defensive_left != ends->left || ends->defensive_right != ends->right)
    {
      JsonObject *eo = json_object_new ();
      set_str (eo, "left", wb_table_end_to_string (ends->left));
      set_str (eo, "right", wb_table_end_to_string (ends->right));
      if (ends->defensive_left != ends->left)
        set_str (eo, "defensive_left", wb_table_end_to_string (ends->defensive_left));
      if (ends->defensive_right != ends->right)
        set_str (eo, "defensive_right", wb_table_end_to_string (ends->defensive_right));
      json_object_set_object_member (o, "ends", eo);
    }
  if (pool->sides > 0)
    {
      JsonObject *po = json_object_new ();
      g_autofree char *hit = wb_table_pool_hit_to_string (pool);
      json_object_set_int_member (po, "sides", pool->sides);
      set_str (po, "hit", hit);
      json_object_set_object_member (o, "pool", po);
    }
  if (modifiers->len > 0)
    {
      JsonArray *ma = json_array_new ();
      for (guint j = 0; j < modifiers->len; j++)
        {
          WbTableModifier *m = g_ptr_array_index (modifiers, j);
          JsonObject *mo = json_object_new ();
          set_str (mo, "id", m->id);
          set_str (mo, "text", m->text);
          set_nonzero (mo, "columns", m->columns);
          set_nonzero (mo, "dice", m->dice);
          set_nonzero (mo, "target", m->target);
          set_nonzero (mo, "roll", m->roll);
          set_str (mo, "group", m->group);
          set_str (mo, "applies", m->applies);
          set_str (mo, "source", m->source);
          add_object (ma, mo);
        }
      set_array (o, "modifiers", ma);
    }
}

static JsonArray *
build_tables (WbGame *game)
{
  GPtrArray *tables = wb_game_get_tables (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *t = g_ptr_array_index (tables, i);
      gboolean chart = wb_table_get_kind (t) == WB_TABLE_CHART;
      GPtrArray *columns = wb_table_get_columns (t);
      GPtrArray *rows = wb_table_get_rows (t);
      GPtrArray *codes = wb_table_get_codes (t);
      JsonObject *o = json_object_new ();
      JsonArray *ca = json_array_new (), *ra = json_array_new ();

      set_str (o, "id", wb_table_get_id (t));
      set_str (o, "name", wb_table_get_name (t));
      set_str (o, "kind", wb_table_kind_to_string (wb_table_get_kind (t)));
      set_str (o, "dice", wb_table_get_dice (t));
      build_table_rules (o, t);
      for (guint j = 0; j < columns->len; j++)
        {
          WbTableColumn *c = g_ptr_array_index (columns, j);
          JsonObject *co = json_object_new ();
          set_str (co, "label", c->label);
          if (c->lo != 0 || c->hi != 0)
            {
              set_num (co, "lo", c->lo);
              set_num (co, "hi", c->hi);
            }
          add_object (ca, co);
        }
      set_array (o, "columns", ca);
      for (guint j = 0; j < rows->len; j++)
        {
          WbTableRow *r = g_ptr_array_index (rows, j);
          JsonObject *ro = json_object_new ();
          set_str (ro, "label", r->label);
          if (!chart || r->lo != 0 || r->hi != 0)
            json_object_set_int_member (ro, "lo", r->lo);
          if (r->hi != r->lo)
            json_object_set_int_member (ro, "hi", r->hi);
          json_object_set_member (ro, "cells", strings_node (r->cells));
          json_array_unref (json_node_get_array (json_object_get_member (ro, "cells")));
          add_object (ra, ro);
        }
      set_array (o, "rows", ra);
      if (codes->len > 0)
        {
          JsonArray *cda = json_array_new ();
          for (guint j = 0; j < codes->len; j++)
            {
              WbResultCode *c = g_ptr_array_index (codes, j);
              JsonObject *co = json_object_new ();
              set_str (co, "code", c->code);
              set_str (co, "name", c->name);
              set_str (co, "text", c->text);
              if (c->has_effect)
                json_object_set_object_member (co, "effect", build_code_effect (c));
              add_object (cda, co);
            }
          set_array (o, "codes", cda);
        }
      add_object (a, o);
    }
  return a;
}

static const char *flat_dirs[] = { "n", "ne", "se", "s", "sw", "nw" };
static const char *pointy_dirs[] = { "ne", "e", "se", "sw", "w", "nw" };

static void
build_hex_map (WbGame *game, WbHexMap *map, JsonObject *o)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);
  WbHexNumbering num;
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) hexes = wb_hex_map_list_detailed_hexes (map);
  g_autoptr(GArray) sides = wb_hex_map_list_sides (map);
  const char *default_terrain = NULL;
  guint best = 0;
  JsonObject *numbering;
  GPtrArray *marks;
  char buf[WB_HEX_NUMBER_MAX_LEN];

  set_str (o, "orientation", layout.orientation == WB_HEX_FLAT ? "flat" : "pointy");
  set_str (o, "parity", layout.parity == WB_HEX_ODD ? "odd" : "even");
  json_object_set_int_member (o, "cols", cols);
  json_object_set_int_member (o, "rows", rows);
  wb_hex_map_get_hex_numbering (map, &num);
  numbering = json_object_new ();
  /* The defaults (digits, straight) are left out: a version 6 map saves
   * as it was. */
  if (num.scheme != WB_HEX_NUMBERING_DIGITS)
    set_str (numbering, "scheme", wb_hex_numbering_scheme_to_string (num.scheme));
  if (num.oblique)
    json_object_set_boolean_member (numbering, "oblique", TRUE);
  json_object_set_int_member (numbering, "first_col", num.first_col);
  json_object_set_int_member (numbering, "first_row", num.first_row);
  json_object_set_int_member (numbering, "digits", num.digits);
  json_object_set_object_member (o, "numbering", numbering);
  set_num (o, "hex_size", wb_hex_map_get_hex_size (map));
  if (wb_hex_map_get_printed_hex_size (map) > 0)
    {
      g_autofree char *size = printed_size (wb_hex_map_get_printed_hex_size (map));

      set_str (o, "printed_hex_size", size);
    }

  /* The most common terrain is the default; rows are always written. */
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      {
        const char *t = wb_hex_map_get_terrain (map, (WbOffset) { x, y });
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, t)) + 1;
        g_hash_table_insert (counts, (gpointer) t, GUINT_TO_POINTER (n));
        if (n > best || (n == best && t == default_terrain))
          {
            best = n;
            default_terrain = t;
          }
      }
  set_str (o, "default_terrain", default_terrain);
  {
    JsonArray *ta = json_array_sized_new ((guint) rows);
    g_autofree char *row = g_malloc ((gsize) cols + 1);
    row[cols] = '\0';
    for (int y = 0; y < rows; y++)
      {
        for (int x = 0; x < cols; x++)
          {
            WbTerrainType *t = wb_game_find_terrain (game, wb_hex_map_get_terrain (map, (WbOffset) { x, y }));
            row[x] = t ? t->key : '?';
          }
        json_array_add_string_element (ta, row);
      }
    set_array (o, "terrain", ta);
    if (wb_hex_map_has_elevation (map))
      {
        JsonArray *ea = json_array_sized_new ((guint) rows);
        for (int y = 0; y < rows; y++)
          {
            for (int x = 0; x < cols; x++)
              row[x] = (char) ('0' + CLAMP (wb_hex_map_get_elevation (map, (WbOffset) { x, y }), 0, 9));
            json_array_add_string_element (ea, row);
          }
        set_array (o, "elevation", ea);
      }
  }
  if (hexes->len > 0)
    {
      JsonArray *ha = json_array_new ();
      for (guint i = 0; i < hexes->len; i++)
        {
          WbOffset h = g_array_index (hexes, WbOffset, i);
          JsonObject *ho = json_object_new ();
          wb_hex_map_format_hex (map, h, buf, sizeof buf);
          set_str (ho, "hex", buf);
          set_str (ho, "label", wb_hex_map_get_label (map, h));
          set_strings (ho, "features", wb_hex_map_get_hex_features (map, h));
          add_object (ha, ho);
        }
      set_array (o, "hexes", ha);
    }
  if (sides->len > 0)
    {
      const char **dirs = layout.orientation == WB_HEX_FLAT ? flat_dirs : pointy_dirs;
      JsonArray *sa = json_array_new ();
      for (guint i = 0; i < sides->len; i++)
        {
          WbHexside s = g_array_index (sides, WbHexside, i);
          JsonObject *so = json_object_new ();
          WbOffset hex = s.hex;
          int dir = s.dir;

          /* Name the hexside by a hex on the map: border edges are owned by
           * the off-map hex in canonical form. */
          if (!wb_hex_map_contains (map, hex))
            {
              hex = wb_hex_neighbour (layout, s.hex, s.dir);
              dir = (s.dir + 3) % 6;
            }
          wb_hex_map_format_hex (map, hex, buf, sizeof buf);
          set_str (so, "hex", buf);
          set_str (so, "dir", dirs[dir]);
          set_strings (so, "features", wb_hex_map_get_side_features (map, s.hex, s.dir));
          add_object (sa, so);
        }
      set_array (o, "hexsides", sa);
    }
  marks = wb_hex_map_get_marks (map);
  if (marks->len > 0)
    {
      JsonArray *ma = json_array_new ();
      for (guint i = 0; i < marks->len; i++)
        {
          WbMapMark *m = g_ptr_array_index (marks, i);
          JsonObject *mo = json_object_new ();
          JsonArray *hx = json_array_new ();
          set_str (mo, "id", m->id);
          set_str (mo, "name", m->name);
          set_str (mo, "kind", m->kind);
          set_str (mo, "side", m->side);
          if (m->vp != 0)
            json_object_set_int_member (mo, "vp", m->vp);
          for (guint j = 0; j < m->hexes->len; j++)
            {
              wb_hex_map_format_hex (map, g_array_index (m->hexes, WbOffset, j), buf, sizeof buf);
              json_array_add_string_element (hx, buf);
            }
          set_array (mo, "hexes", hx);
          set_str (mo, "note", m->note);
          add_object (ma, mo);
        }
      set_array (o, "marks", ma);
    }
}

static void
build_point_map (WbPointMap *map, JsonObject *o)
{
  GPtrArray *locations = wb_point_map_get_locations (map);
  GPtrArray *connections = wb_point_map_get_connections (map);
  double w, h;

  wb_map_get_extent (WB_MAP (map), &w, &h);
  set_num (o, "width", w);
  set_num (o, "height", h);
  if (locations->len > 0)
    {
      JsonArray *la = json_array_new ();
      for (guint i = 0; i < locations->len; i++)
        {
          WbLocation *l = g_ptr_array_index (locations, i);
          JsonObject *lo = json_object_new ();
          set_str (lo, "id", l->id);
          set_str (lo, "name", l->name);
          set_num (lo, "x", l->x);
          set_num (lo, "y", l->y);
          if (l->label_dx != 0 || l->label_dy != 0)
            {
              set_num (lo, "label_dx", l->label_dx);
              set_num (lo, "label_dy", l->label_dy);
            }
          set_true (lo, "major", l->major);
          set_true (lo, "port", l->port);
          if (l->fortress)
            json_object_set_int_member (lo, "fortress", l->fortress);
          if (l->vp)
            json_object_set_int_member (lo, "vp", l->vp);
          set_strings (lo, "supply", l->supply);
          set_strings (lo, "replacement", l->replacement);
          set_strings (lo, "tags", l->tags);
          set_str (lo, "note", l->note);
          add_object (la, lo);
        }
      set_array (o, "locations", la);
    }
  if (connections->len > 0)
    {
      JsonArray *ca = json_array_new ();
      for (guint i = 0; i < connections->len; i++)
        {
          WbConnection *c = g_ptr_array_index (connections, i);
          JsonObject *co = json_object_new ();
          set_str (co, "a", c->a);
          set_str (co, "b", c->b);
          set_str (co, "class", c->klass);
          set_strings (co, "crossings", c->crossings);
          set_str (co, "note", c->note);
          add_object (ca, co);
        }
      set_array (o, "connections", ca);
    }
}

static void
set_background (JsonObject *o, const WbMapBackground *bg)
{
  JsonObject *b;

  if (bg == NULL)
    return;
  b = json_object_new ();
  set_str (b, "image", bg->image);
  /* Defaults (as the reader has them) are left out. */
  if (bg->opacity != 0.5)
    set_num (b, "opacity", bg->opacity);
  if (bg->x != 0 || bg->y != 0)
    {
      set_num (b, "x", bg->x);
      set_num (b, "y", bg->y);
    }
  if (bg->scale != 1)
    set_num (b, "scale", bg->scale);
  if (bg->rotation != 0)
    set_num (b, "rotation", bg->rotation);
  set_true (b, "hidden", bg->hidden);
  json_object_set_object_member (o, "background", b);
}

static void
set_lines (JsonObject *o, WbMap *map)
{
  GPtrArray *lines = wb_map_get_lines (map);
  JsonArray *a;

  if (lines->len == 0)
    return;
  a = json_array_new ();
  for (guint i = 0; i < lines->len; i++)
    {
      WbMapLine *line = g_ptr_array_index (lines, i);
      JsonObject *l = json_object_new ();
      JsonArray *points = json_array_new ();

      set_str (l, "style", line->style);
      set_str (l, "name", line->name);
      set_str (l, "side", line->side);
      set_true (l, "closed", line->closed);
      for (guint j = 0; j < line->points->len; j++)
        {
          WbMapPoint p = g_array_index (line->points, WbMapPoint, j);
          JsonArray *pair = json_array_new ();

          json_array_add_double_element (pair, p.x);
          json_array_add_double_element (pair, p.y);
          json_array_add_array_element (points, pair);
        }
      json_object_set_array_member (l, "points", points);
      add_object (a, l);
    }
  set_array (o, "lines", a);
}

static JsonArray *
build_maps (WbGame *game)
{
  GPtrArray *maps = wb_game_get_maps (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *m = g_ptr_array_index (maps, i);
      JsonObject *o = json_object_new ();
      set_str (o, "id", wb_map_get_id (m));
      if (g_strcmp0 (wb_map_get_name (m), wb_map_get_id (m)) != 0)
        set_str (o, "name", wb_map_get_name (m));
      set_str (o, "kind", WB_IS_HEX_MAP (m) ? "hex" : "points");
      set_str (o, "source", wb_map_get_source (m));
      set_background (o, wb_map_get_background (m));
      set_lines (o, m);
      if (WB_IS_HEX_MAP (m))
        build_hex_map (game, WB_HEX_MAP (m), o);
      else
        build_point_map (WB_POINT_MAP (m), o);
      add_object (a, o);
    }
  return a;
}

static JsonArray *
build_formations (WbGame *game)
{
  GPtrArray *formations = wb_game_get_formations (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (formations, i);
      JsonObject *o = json_object_new ();
      set_str (o, "id", f->id);
      set_str (o, "name", f->name);
      set_str (o, "echelon", f->echelon);
      set_str (o, "side", f->side);
      set_str (o, "parent", f->parent);
      set_str (o, "color", f->color);
      add_object (a, o);
    }
  return a;
}

static JsonArray *
build_chits (WbGame *game)
{
  GPtrArray *chits = wb_game_get_chits (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < chits->len; i++)
    {
      WbChit *c = g_ptr_array_index (chits, i);
      JsonObject *o = json_object_new ();

      set_str (o, "id", c->id);
      set_str (o, "name", c->name);
      set_str (o, "side", c->side);
      set_str (o, "kind", wb_chit_kind_to_string (c->kind));
      switch (c->kind)
        {
        case WB_CHIT_ACTIVATION:
          set_str (o, "level", wb_chit_level_to_string (c->level));
          set_str (o, "formation", c->formation);
          if (c->command_rating == WB_CHIT_RATING_UNKNOWN)
            set_str (o, "command_rating", "?");
          else if (c->command_rating >= 0)
            json_object_set_int_member (o, "command_rating", c->command_rating);
          set_true (o, "automatic", c->automatic);
          set_str (o, "casualty_of", c->casualty_of);
          break;
        case WB_CHIT_EVENT:
          set_str (o, "play", wb_chit_play_to_string (c->play));
          if (c->effect != NULL)
            json_object_set_member (o, "effect", json_node_copy (c->effect));
          set_str (o, "text", c->text);
          break;
        case WB_CHIT_WILD:
          set_str (o, "wild", wb_chit_wild_to_string (c->wild));
          break;
        default:
          g_assert_not_reached ();
        }
      set_str (o, "note", c->note);
      set_str (o, "source", c->source);
      add_object (a, o);
    }
  return a;
}

/* Side counts in the game's side order, whatever order they were set in. */
static void
set_side_counts (JsonObject *o, const char *member, GArray *counts, WbGame *game)
{
  GPtrArray *sides = wb_game_get_sides (game);
  JsonObject *co;

  if (counts->len == 0)
    return;
  co = json_object_new ();
  for (guint i = 0; i < sides->len; i++)
    {
      const char *side = ((WbSide *) g_ptr_array_index (sides, i))->id;
      int n = wb_side_counts_get (counts, side);

      if (n >= 0)
        json_object_set_int_member (co, side, n);
    }
  json_object_set_object_member (o, member, co);
}

static JsonObject *
build_cup (WbGame *game, const WbCup *cup)
{
  JsonObject *o = json_object_new ();

  set_strings (o, "chits", cup->chits);
  set_side_counts (o, "key_chits", cup->key_chits, game);
  set_side_counts (o, "included_events", cup->included_events, game);
  set_side_counts (o, "excluded_events", cup->excluded_events, game);
  if (cup->clarity_chits->len > 0)
    {
      JsonObject *co = json_object_new ();

      set_strings (co, "chits", cup->clarity_chits);
      if (cup->clarity_per_division)
        set_str (co, "per", "division");
      json_object_set_object_member (o, "command_clarity", co);
    }
  if (cup->add->len > 0)
    {
      JsonArray *a = json_array_new ();

      for (guint i = 0; i < cup->add->len; i++)
        {
          const WbCupAdd *add = g_ptr_array_index (cup->add, i);
          JsonObject *ao = json_object_new ();

          json_object_set_int_member (ao, "turn", add->turn);
          set_strings (ao, "chits", add->chits);
          set_str (ao, "note", add->note);
          add_object (a, ao);
        }
      set_array (o, "add", a);
    }
  set_str (o, "note", cup->note);
  return o;
}

static JsonNode *
halves_node (int halves)
{
  JsonNode *n = json_node_alloc ();

  if (halves % 2 == 0)
    return json_node_init_int (n, halves / 2);
  return json_node_init_double (n, halves / 2.0);
}

static void
set_strength (JsonObject *o, const WbStrength *s)
{
  switch (s->kind)
    {
    case WB_STRENGTH_SINGLE:
      json_object_set_member (o, "strength", halves_node (s->halves[0]));
      break;
    case WB_STRENGTH_STEPS:
      {
        JsonObject *so = json_object_new ();
        JsonArray *steps = json_array_new ();
        for (guint i = 0; i < s->n; i++)
          json_array_add_element (steps, halves_node (s->halves[i]));
        json_object_set_array_member (so, "steps", steps);
        if (s->current != 0)
          json_object_set_int_member (so, "current", s->current);
        json_object_set_object_member (o, "strength", so);
      }
      break;
    case WB_STRENGTH_SIDES:
      {
        JsonObject *so = json_object_new ();
        json_object_set_member (so, "fresh", halves_node (s->halves[0]));
        json_object_set_member (so, "worn", halves_node (s->halves[1]));
        if (s->current != 0)
          json_object_set_string_member (so, "current", "worn");
        json_object_set_object_member (o, "strength", so);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

static JsonArray *
build_units (WbGame *game)
{
  GPtrArray *units = wb_game_get_units (game);
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      GPtrArray *ids = wb_unit_get_attr_ids (u);
      JsonObject *o = json_object_new ();
      const char *name = wb_unit_get_name (u);
      const char *designation = wb_unit_get_designation (u);

      set_str (o, "id", wb_unit_get_id (u));
      if (g_strcmp0 (name, wb_unit_get_id (u)) != 0)
        set_str (o, "name", name);
      if (g_strcmp0 (designation, name) != 0)
        set_str (o, "designation", designation);
      set_str (o, "side", wb_unit_get_side (u));
      set_str (o, "class", wb_unit_get_class_id (u));
      set_str (o, "formation", wb_unit_get_formation (u));
      set_str (o, "size", wb_unit_get_size (u));
      set_strength (o, wb_unit_get_strength (u));
      if (ids->len > 0)
        {
          JsonObject *ao = json_object_new ();
          for (guint j = 0; j < ids->len; j++)
            {
              const char *id = g_ptr_array_index (ids, j);
              const WbAttrValue *v = wb_unit_get_attr (u, id);
              switch (v->type)
                {
                case WB_ATTR_INT:
                  json_object_set_int_member (ao, id, v->i);
                  break;
                case WB_ATTR_NUMBER:
                  set_num (ao, id, v->d);
                  break;
                case WB_ATTR_BOOL:
                  json_object_set_boolean_member (ao, id, v->b);
                  break;
                case WB_ATTR_STRING:
                case WB_ATTR_FIREPOWER:
                  json_object_set_string_member (ao, id, v->s);
                  break;
                default:
                  g_assert_not_reached ();
                }
            }
          json_object_set_object_member (o, "attrs", ao);
        }
      set_str (o, "note", wb_unit_get_note (u));
      add_object (a, o);
    }
  return a;
}

static const char *place_members[] = { "hex", "location", "box" };

static JsonObject *
place_object (const WbPlace *p)
{
  JsonObject *o = json_object_new ();
  set_str (o, place_members[p->kind], p->ref);
  return o;
}

static void
set_places (JsonObject *o, GArray *places)
{
  if (places->len == 1)
    {
      const WbPlace *p = &g_array_index (places, WbPlace, 0);
      set_str (o, place_members[p->kind], p->ref);
    }
  else if (places->len > 1)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < places->len; i++)
        add_object (a, place_object (&g_array_index (places, WbPlace, i)));
      set_array (o, "choices", a);
    }
}

static JsonObject *
build_scenario (WbGame *game, WbScenario *s)
{
  GArray *turns = wb_scenario_get_turns (s);
  GPtrArray *list;
  JsonObject *o = json_object_new ();
  JsonObject *to = json_object_new ();
  gboolean any_label = FALSE, any_night = FALSE;

  set_str (o, "id", wb_scenario_get_id (s));
  if (g_strcmp0 (wb_scenario_get_name (s), wb_scenario_get_id (s)) != 0)
    set_str (o, "name", wb_scenario_get_name (s));
  set_str (o, "description", wb_scenario_get_description (s));
  set_str (o, "map", wb_scenario_get_map (s));
  set_str (o, "first_side", wb_scenario_get_first_side (s));
  json_object_set_int_member (to, "count", turns->len);
  for (guint i = 0; i < turns->len; i++)
    {
      any_label |= g_array_index (turns, WbTurn, i).label != NULL;
      any_night |= g_array_index (turns, WbTurn, i).night;
    }
  if (any_label)
    {
      JsonArray *la = json_array_new ();
      /* Labels are positional: write up to the last one given. */
      guint last = 0;
      for (guint i = 0; i < turns->len; i++)
        if (g_array_index (turns, WbTurn, i).label)
          last = i + 1;
      for (guint i = 0; i < last; i++)
        {
          const char *l = g_array_index (turns, WbTurn, i).label;
          json_array_add_string_element (la, l ? l : "");
        }
      json_object_set_array_member (to, "labels", la);
    }
  if (any_night)
    {
      JsonArray *na = json_array_new ();
      for (guint i = 0; i < turns->len; i++)
        if (g_array_index (turns, WbTurn, i).night)
          json_array_add_int_element (na, i + 1);
      json_object_set_array_member (to, "night", na);
    }
  json_object_set_object_member (o, "turns", to);

  list = wb_scenario_get_boxes (s);
  if (list->len)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < list->len; i++)
        {
          WbBox *b = g_ptr_array_index (list, i);
          JsonObject *bo = json_object_new ();
          set_str (bo, "id", b->id);
          set_str (bo, "name", b->name);
          set_str (bo, "side", b->side);
          add_object (a, bo);
        }
      set_array (o, "boxes", a);
    }
  list = wb_scenario_get_options (s);
  if (list->len)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < list->len; i++)
        {
          WbOption *op = g_ptr_array_index (list, i);
          JsonObject *oo = json_object_new ();
          set_str (oo, "id", op->id);
          set_str (oo, "name", op->name);
          set_str (oo, "text", op->text);
          add_object (a, oo);
        }
      set_array (o, "options", a);
    }
  list = wb_scenario_get_setup (s);
  if (list->len)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < list->len; i++)
        {
          WbSetup *st = g_ptr_array_index (list, i);
          JsonObject *so = json_object_new ();
          set_str (so, "unit", st->unit);
          set_places (so, st->at);
          set_str (so, "option", st->option);
          set_str (so, "unless", st->unless);
          set_str (so, "note", st->note);
          add_object (a, so);
        }
      set_array (o, "setup", a);
    }
  list = wb_scenario_get_reinforcements (s);
  if (list->len)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < list->len; i++)
        {
          WbReinforcement *re = g_ptr_array_index (list, i);
          JsonObject *ro = json_object_new ();
          JsonNode *units = strings_node (re->units);
          json_object_set_int_member (ro, "turn", re->turn);
          set_places (ro, re->at);
          set_str (ro, "area", re->area);
          json_object_set_member (ro, "units", units);
          json_array_unref (json_node_get_array (units));
          set_str (ro, "option", re->option);
          set_str (ro, "unless", re->unless);
          set_str (ro, "condition", re->condition);
          set_str (ro, "note", re->note);
          add_object (a, ro);
        }
      set_array (o, "reinforcements", a);
    }
  list = wb_scenario_get_markers (s);
  if (list->len)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < list->len; i++)
        {
          WbMarker *m = g_ptr_array_index (list, i);
          JsonObject *mo = json_object_new ();
          set_str (mo, "feature", m->feature);
          set_places (mo, m->at);
          set_str (mo, "option", m->option);
          set_str (mo, "unless", m->unless);
          set_str (mo, "note", m->note);
          add_object (a, mo);
        }
      set_array (o, "markers", a);
    }
  list = wb_scenario_get_victory (s);
  if (list->len)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < list->len; i++)
        {
          WbVictory *v = g_ptr_array_index (list, i);
          JsonObject *vo = json_object_new ();
          set_str (vo, "kind", wb_victory_kind_to_string (v->kind));
          set_str (vo, "side", v->side);
          if (v->vp)
            json_object_set_int_member (vo, "vp", v->vp);
          if (v->places->len)
            {
              JsonArray *pa = json_array_new ();
              for (guint j = 0; j < v->places->len; j++)
                add_object (pa, place_object (&g_array_index (v->places, WbPlace, j)));
              set_array (vo, "places", pa);
            }
          set_strings (vo, "units", v->units);
          set_str (vo, "text", v->text);
          add_object (a, vo);
        }
      set_array (o, "victory", a);
    }
  set_str (o, "victory_text", wb_scenario_get_victory_text (s));
  list = wb_scenario_get_special_rules (s);
  if (list->len)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; i < list->len; i++)
        {
          WbSpecialRule *r = g_ptr_array_index (list, i);
          JsonObject *ro = json_object_new ();
          set_str (ro, "id", r->id);
          set_str (ro, "title", r->title);
          set_str (ro, "text", r->text);
          add_object (a, ro);
        }
      set_array (o, "special_rules", a);
    }
  if (wb_scenario_get_cup (s) != NULL)
    json_object_set_object_member (o, "cup", build_cup (game, wb_scenario_get_cup (s)));
  return o;
}

char *
wb_game_to_data (WbGame *game, gsize *len)
{
  g_autoptr(JsonNode) root_node = NULL;
  GString *out;
  JsonObject *root;
  WbRulesRef *rules;
  GPtrArray *scenarios;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  root = json_object_new ();
  json_object_set_string_member (root, "format", WB_FORMAT_NAME);
  json_object_set_int_member (root, "version", WB_FORMAT_VERSION);
  json_object_set_object_member (root, "game", build_meta (game));
  rules = wb_game_get_rules (game);
  {
    JsonObject *ro = json_object_new ();
    set_str (ro, "family", rules->family);
    if (rules->params)
      json_object_set_member (ro, "params", json_node_copy (rules->params));
    json_object_set_object_member (root, "rules", ro);
  }
  {
    const WbCounterSpec *spec = wb_game_get_counter (game);
    JsonObject *co = json_object_new (), *slots = json_object_new ();

    if (spec->style != WB_COUNTER_STYLE_AUTO)
      set_str (co, "style", wb_counter_style_to_string (spec->style));
    for (guint i = 0; i < WB_COUNTER_N_SLOTS; i++)
      if (spec->slots[i] != NULL)
        set_str (slots, wb_counter_slot_to_string (i), spec->slots[i]);
    if (json_object_get_size (slots) > 0)
      json_object_set_object_member (co, "slots", slots);
    else
      json_object_unref (slots);
    if (spec->size > 0)
      {
        g_autofree char *size = printed_size (spec->size);

        set_str (co, "size", size);
      }
    if (spec->source != NULL)
      set_str (co, "source", spec->source);
    if (json_object_get_size (co) > 0)
      json_object_set_object_member (root, "counter", co);
    else
      json_object_unref (co);
  }
  json_object_set_array_member (root, "sides", build_sides (game));
  json_object_set_array_member (root, "unit_classes", build_classes (game));
  json_object_set_array_member (root, "terrain", build_terrain (game));
  json_object_set_array_member (root, "features", build_features (game));
  json_object_set_array_member (root, "tables", build_tables (game));
  json_object_set_array_member (root, "maps", build_maps (game));
  json_object_set_array_member (root, "formations", build_formations (game));
  json_object_set_array_member (root, "units", build_units (game));
  /* Only a game that has chits says so (format 8): the others stay as they were. */
  if (wb_game_get_chits (game)->len > 0)
    json_object_set_array_member (root, "chits", build_chits (game));
  scenarios = wb_game_get_scenarios (game);
  {
    JsonArray *sa = json_array_new ();
    for (guint i = 0; i < scenarios->len; i++)
      add_object (sa, build_scenario (game, g_ptr_array_index (scenarios, i)));
    json_object_set_array_member (root, "scenarios", sa);
  }
  root_node = object_node (root);
  out = g_string_sized_new (64 * 1024);
  write_document (out, json_node_get_object (root_node));
  if (len)
    *len = out->len;
  return g_string_free (out, FALSE);
}

gboolean
wb_game_save (WbGame *game, GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  gsize len = 0, written = 0;

  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = wb_game_to_data (game, &len);
  path = g_file_get_path (file);
  /* Local files: temporary file, fsync, rename, so a crash or a full disk
   * never leaves a half-written game. */
  if (path != NULL)
    return wb_file_write_atomic (path, data, len, error);

  /* Other GIO backends: g_file_replace writes a temporary file and renames
   * it over the target when the stream is closed. */
  name = g_file_get_parse_name (file);
  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, &local_error);
  if (stream == NULL ||
      !g_output_stream_write_all (G_OUTPUT_STREAM (stream), data, len, &written, cancellable,
                                  &local_error) ||
      !g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, &local_error))
    {
      if (stream != NULL && !g_output_stream_is_closed (G_OUTPUT_STREAM (stream)))
        {
          /* Cancelling the close abandons the temporary file; the target is untouched. */
          g_autoptr(GCancellable) abort = g_cancellable_new ();
          g_cancellable_cancel (abort);
          g_output_stream_close (G_OUTPUT_STREAM (stream), abort, NULL);
        }
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, _("%s: could not save: %s"), name,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}
