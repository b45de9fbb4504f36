/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-starter"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-game.h"

static void
add_side (WbGame *game, const char *id, const char *name, const char *color, const char *text)
{
  WbSide *s = wb_side_new (id);
  s->name = g_strdup (name);
  s->color = g_strdup (color);
  s->text_color = g_strdup (text);
  wb_game_add_side (game, s);
}

static void
add_class (WbGame *game, const char *id, const char *name, const char *symbol, const char *role)
{
  WbUnitType *k = wb_unit_type_new (id);
  WbAttrDef *movement = wb_attr_def_new ("movement", WB_ATTR_INT);

  k->name = g_strdup (name);
  k->symbol = g_strdup (symbol);
  movement->name = g_strdup (_("Movement"));
  movement->min = 0;
  movement->max = 99;
  g_ptr_array_add (k->attrs, movement);
  if (role != NULL)
    g_ptr_array_add (k->roles, (gpointer) g_intern_string (role));
  wb_game_add_unit_class (game, k);
}

static void
add_cost (GArray *move, const char *klass, double cost)
{
  WbMoveCost c = { g_intern_string (klass), cost };
  g_array_append_val (move, c);
}

static void
add_terrain (WbGame *game, const char *id, const char *name, char key, const char *color,
             const char *pattern, double cost, double defense, gboolean blocks_los)
{
  WbTerrainType *t = wb_terrain_type_new (id);

  t->name = g_strdup (name);
  t->key = key;
  t->color = g_strdup (color);
  t->pattern = g_strdup (pattern);
  add_cost (t->move, "*", cost);
  t->defense = defense;
  t->blocks_los = blocks_los;
  wb_game_add_terrain (game, t);
}

static WbFeatureType *
add_feature (WbGame *game, const char *id, const char *name, WbFeatureWhere where,
             const char *style, const char *color, double width, WbMoveMode mode, double cost)
{
  WbFeatureType *f = wb_feature_type_new (id, where);

  f->name = g_strdup (name);
  f->style = g_strdup (style);
  f->color = g_strdup (color);
  f->width = width;
  f->move_mode = mode;
  if (mode == WB_MOVE_ADD || mode == WB_MOVE_SET)
    add_cost (f->move, "*", cost);
  wb_game_add_feature (game, f);
  return f;
}

/* The starter records for @map's kind around @map (taken), and one
 * scenario on it. */
static WbGame *
new_starter_around (WbMap *map)
{
  WbGame *game = wb_game_new ();
  WbRulesRef *rules = wb_game_get_rules (game);
  g_autoptr(WbScenario) scenario = NULL;
  gboolean hex = WB_IS_HEX_MAP (map);

  wb_game_set_id (game, "untitled");
  wb_game_set_title (game, _("Untitled Game"));
  rules->family = g_intern_string (hex ? "spi-blue-gray" : "bg-campaign");

  add_side (game, "blue", _("Blue"), "#3a5f9f", "#ffffff");
  add_side (game, "red", _("Red"), "#b33a3a", "#ffffff");
  /* The roles the family plays them as (format 7): the SPI family's
   * artillery bombards; the Blue & Gray Campaign family plays every class
   * a unit uses as one of its four, artillery with the infantry (Base 3
   * has none). */
  add_class (game, "infantry", _("Infantry"), "infantry", hex ? NULL : "infantry");
  add_class (game, "cavalry", _("Cavalry"), "cavalry", hex ? NULL : "cavalry");
  add_class (game, "artillery", _("Artillery"), "artillery", hex ? "artillery" : "infantry");

  if (hex)
    {
      WbFeatureType *ford;

      add_terrain (game, "clear", C_("terrain", "Clear"), '.', "#e8e2c4", "none", 1, 1, FALSE);
      add_terrain (game, "forest", _("Forest"), 'f', "#7fa36a", "trees", 3, 1, TRUE);
      add_terrain (game, "rough", _("Rough"), 'r', "#c9b48a", "rough", 3, 2, FALSE);
      add_feature (game, "road", _("Road"), WB_FEATURE_HEXSIDE, "road", "#6b4a2b", 0.08,
                   WB_MOVE_SET, 1);
      add_feature (game, "creek", _("Creek"), WB_FEATURE_HEXSIDE, "creek", "#3b7fc4", 0.1,
                   WB_MOVE_PROHIBIT, 0)->blocks_zoc = TRUE;
      ford = add_feature (game, "ford", _("Ford"), WB_FEATURE_HEXSIDE, "ford", "#3b7fc4", 0.1,
                          WB_MOVE_ADD, 1);
      g_ptr_array_add (ford->negates, (gpointer) g_intern_string ("creek"));
    }
  else
    {
      add_feature (game, "road", _("Road"), WB_FEATURE_CONNECTION, "road", "#6b4a2b", 0.08,
                   WB_MOVE_NONE, 0);
      WbFeatureType *river = add_feature (game, "river", _("River"), WB_FEATURE_CROSSING, "river", "#3b7fc4",
                                          0.1, WB_MOVE_NONE, 0);

      g_ptr_array_add (river->roles, (gpointer) g_intern_string ("river-crossing"));
    }
  wb_map_set_name (map, _("Map"));
  wb_game_add_map (game, map);

  scenario = wb_scenario_new ("scenario");
  wb_scenario_set_name (scenario, _("Scenario"));
  wb_scenario_set_map (scenario, "map");
  wb_scenario_set_first_side (scenario, "blue");
  wb_scenario_set_turn_count (scenario, 10);
  wb_game_add_scenario (game, g_steal_pointer (&scenario));
  return game;
}

WbGame *
wb_game_new_starter (int cols, int rows)
{
  WbMap *map;

  if (cols > 0)
    {
      WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };

      map = WB_MAP (wb_hex_map_new ("map", layout, CLAMP (cols, 1, WB_HEX_MAP_MAX_DIM),
                                    CLAMP (rows, 1, WB_HEX_MAP_MAX_DIM), "clear"));
    }
  else
    {
      WbPointMap *points = wb_point_map_new ("map", 1000, 700);
      WbLocation *a = wb_location_new ("town-a"), *b = wb_location_new ("town-b");

      a->name = g_strdup (_("Town A"));
      a->x = 250;
      a->y = 350;
      a->major = TRUE;
      b->name = g_strdup (_("Town B"));
      b->x = 750;
      b->y = 350;
      wb_point_map_add_location (points, a);
      wb_point_map_add_location (points, b);
      wb_point_map_add_connection (points, wb_connection_new ("town-a", "town-b", "road"));
      map = WB_MAP (points);
    }
  return new_starter_around (map);
}

WbGame *
wb_game_new_with_map (WbMap *map)
{
  g_return_val_if_fail (WB_IS_MAP (map), NULL);
  g_return_val_if_fail (g_strcmp0 (wb_map_get_id (map), "map") == 0, NULL);

  return new_starter_around (map);
}
