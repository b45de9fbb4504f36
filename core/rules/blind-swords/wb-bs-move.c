/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-table.h"
#include "wb-unit.h"
#include "rules/wb-hex-movement.h"
#include "rules/blind-swords/wb-bs-private.h"

/* Movement for the Blind Swords family (series 3.0, 10.0, 12.3, 13.2b;
 * exclusive 2.2a, 2.10g-k, 3.1, 6.0, 12.3): terrain costs and roads,
 * stacking, engagement and retreats, all from the game's legend and
 * rules.params (docs/rules-engine.md, "The Blind Swords family: movement
 * and retreats").
 *
 * Each unit class has a WbHexGraph of what entering a hex costs by its
 * terrain, hex features and hexsides with the roads left out, and beside
 * it the road rates per hexside: 10.5 pays the road rate "regardless of
 * the other terrain in the hex or on the hexside", where the generic graph
 * would add a creek crossed by a pike, and 10.5b needs to know, step by
 * step, whether the road rate was used (the stacking limit then holds in
 * the hex entered). The searches read the match's units at each call
 * (they move) into scratch grids kept here, so a search allocates only
 * its answer. */

#define NO_ROAD   0xff
#define MAX_GUNS  32          /* rows of the Artillery Stacking Table read */
#define FAR       0xff        /* no enemy this close (the scratch distance) */
#define MIX_CAV   1u          /* a mounted cavalry unit is in the hex (3.1b) */
#define MIX_FOOT  2u          /* an infantry or artillery unit is */
#define MIX_ANY   4u          /* a fighting unit is */
#define MIX_SKIRM 8u          /* a unit in Skirmish Order is (excl. 15.2: it never stacks) */
#define ALL_ROLES 0x1fu
#define N_ORDERS  4

/* What a terrain type, a hex feature or a marker does to movement
 * (terrain_effects, exclusive 2.2a). */
typedef struct {
  const char *id;             /* interned */
  gboolean    enter_all;      /* entering costs all the MP left: the move ends there */
  guint8      closed[2];      /* per side: the BsRole bits that may not enter */
} BsMoveFx;

typedef struct {
  const char *id;             /* the unit class, interned */
  WbHexGraph *terrain;        /* the legend's costs, roads left out */
  guint8     *road;           /* [hex * 6 + dir]: the road rate into the neighbour, quarter MP, or NO_ROAD */
  guint8     *march;          /* the same at the March Column rate (10.5a) */
  guint8     *stand;          /* [hex]: a unit of the class may end a move or retreat there */
} BsClassMove;

typedef struct {
  int cost;
  int hex;
} BsHeapItem;

struct _BsMove
{
  WbHexLayout  layout;
  int          cols, rows, n;
  int          area[4];             /* excl. 17.3a: the area of play, first col, row, last col, row */
  guint        n_classes;
  BsClassMove *klass;
  int         *unit_class;          /* per unit: index into klass, -1 */
  int          foot_class;          /* 10.9: the class a dismounted unit moves as (the first with no role), -1 */
  int          limit;               /* the stacking limit, quarter SP (exclusive 3.1) */
  int          art_range;           /* artillery_engagement_range (10.6) */
  int          rally_distance;      /* rally_enemy_distance (13.1, 13.2b) */
  int          cap;                 /* how far the enemy distances are counted */
  int          artillery_mp;        /* quarter MP (exclusive 6.0) */
  const char  *order[N_ORDERS];     /* interned order ids */
  int          ma[N_ORDERS][2];     /* quarter MP: infantry, cavalry (8.2-8.5) */
  int          retreat_row[2];      /* row index, -1: none (exclusive 12.3) */
  gboolean     forward[2][WB_HEX_DIRECTIONS]; /* the three directions toward each side's row */
  gint16       guns[2][MAX_GUNS + 1];         /* quarter SP a battery of N SP counts, -1: not given */
  const char  *twin_option;         /* the option that plays the rulebook-only table, interned */
  BsMoveFx    *fx;
  guint        n_fx;
  guint8      *hex_closed[2];       /* [hex]: role bits closed by terrain and hex features, per side */
  guint8      *hex_all;             /* [hex]: terrain or a hex feature with enter_all_mp */
  int          bridge_q;            /* excl. 2.1b: entering an undamaged Pontoon Bridge, quarter MP */

  /* The scratch of a search, filled from the match at each call. */
  guint8      *near;                /* distance to the nearest enemy (0: there), FAR beyond cap */
  gint16      *stack;               /* friendly quarter SP, the moving unit left out */
  guint8      *mix;                 /* MIX_* of the friendly units there */
  guint8      *mark_closed;         /* role bits closed by the markers there, for the side */
  guint8      *mark_all;            /* a marker with enter_all_mp */
  guint8      *bridge;              /* an undamaged Pontoon Bridge there (excl. 2.1b) */
  guint8      *adj_cause;           /* retreats: next to a unit that caused it */
  guint8      *adj_other;           /* retreats: next to another enemy */
  guint8      *skirm_adj;           /* next to an enemy in Skirmish Order (excl. 15.3: +1 MP) */
  guint8      *via_road;            /* the last search entered the hex at a road rate */
  int         *queue;
  guint32     *stamp;
  guint32      generation;
  int         *cost;
  int         *prev;
  int         *reached;             /* the hexes reached, in order */
  int          n_reached;
  BsHeapItem  *heap;
  int          heap_len;
  int          last_unit;           /* the unit of the last reach, -1 */
};

/* ---- compiling ---------------------------------------------------------- */

static int
quarters (double mp)
{
  return (int) lround (mp * WB_MOVE_QUARTERS);
}

static int
role_bit (const char *role)
{
  static const char * const roles[] = { "infantry", "cavalry", "artillery", "pioneer", "marker" };

  if (role == NULL)
    return ALL_ROLES;
  for (guint r = 0; r < G_N_ELEMENTS (roles); r++)
    if (strcmp (roles[r], role) == 0)
      return 1 << r;
  return 0;
}

static BsMoveFx *
find_fx (BsMove *mv, const char *id)
{
  for (guint i = 0; id != NULL && i < mv->n_fx; i++)
    if (mv->fx[i].id == id)
      return &mv->fx[i];
  return NULL;
}

/* terrain_effects' enter_all_mp and closed_to (exclusive 2.2a): the rest
 * of it is the map's effects on combat (wb-bs-los.c). */
static gboolean
read_effects (BsData *data, BsMove *mv, const WbParams *params, GError **error)
{
  g_autoptr(GList) keys = wb_params_keys (params, "terrain_effects");
  guint n = g_list_length (keys), k = 0;

  mv->fx = g_new0 (BsMoveFx, MAX (n, 1));
  for (GList *l = keys; l != NULL; l = l->next)
    {
      WbParams value;   /* an object entry: the view is on its members */
      BsMoveFx *fx = &mv->fx[k];

      if (!wb_params_entry (params, "terrain_effects", l->data, &value))
        continue;
      fx->id = g_intern_string (l->data);
      fx->enter_all = wb_params_bool (&value, "enter_all_mp");
      for (guint i = 0; i < wb_params_length (&value, "closed_to"); i++)
        {
          WbParams item;
          int side;

          if (!wb_params_item (&value, "closed_to", i, &item))
            continue;
          side = _wb_bs_side_index (data->game, wb_params_string (&item, "side"));
          if (side < 0 || side > 1)
            return _wb_bs_fail (error, _("rules.params.terrain_effects.%s.closed_to[%u]: no side “%s”"),
                                fx->id, i, wb_params_string (&item, "side"));
          fx->closed[side] |= (guint8) role_bit (wb_params_string (&item, "units"));
        }
      k++;
    }
  mv->n_fx = k;
  return TRUE;
}

/* The Artillery Stacking Table (3.1a): a row per SP of guns, "N SP of
 * guns", its first cell what they count. */
static gboolean
read_guns (WbGame *game, const char *param, const char *id, gint16 *guns, GError **error)
{
  WbTable *table = id != NULL ? wb_game_find_table (game, id) : NULL;
  GPtrArray *rows;

  for (int g = 0; g <= MAX_GUNS; g++)
    guns[g] = -1;
  if (table == NULL)
    return _wb_bs_fail (error, _("rules.params.%s: the game has no table “%s”"), param, id != NULL ? id : "");
  rows = wb_table_get_rows (table);
  for (guint r = 0; rows != NULL && r < rows->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (rows, r);
      const char *cell = row->cells != NULL && row->cells->len > 0 ? g_ptr_array_index (row->cells, 0) : NULL;
      char *end = NULL;
      gint64 sp = row->label != NULL ? g_ascii_strtoll (row->label, &end, 10) : -1;
      double counts;

      if (end == row->label || sp < 0 || sp > MAX_GUNS || cell == NULL || wb_table_cell_is_unknown (cell))
        continue;
      counts = g_ascii_strtod (cell, &end);
      if (end == cell || counts < 0 || counts > 1000)
        return _wb_bs_fail (error, _("Table “%s”, row “%s”: “%s” is not a number of SP"), id, row->label, cell);
      guns[sp] = (gint16) quarters (counts);
    }
  return TRUE;
}

static gboolean
read_params (BsData *data, BsMove *mv, const WbParams *params, GError **error)
{
  static const char * const orders[N_ORDERS] = { "attack", "defend", "maneuver", "regroup" };
  WbParams ma;
  gboolean have_ma = wb_params_object (params, "movement_allowances", &ma);
  const char *table = wb_params_string (params, "artillery_stacking_table");
  const char *twin = table;
  WbParams entry;
  int first_col = 0, first_row = 0, digits = 0;

  mv->limit = (int) wb_params_int (params, "stacking_sp") * 4;
  mv->art_range = (int) wb_params_int (params, "artillery_engagement_range");
  mv->rally_distance = (int) wb_params_int (params, "rally_enemy_distance");
  mv->cap = MAX (MAX (mv->art_range, mv->rally_distance), 1) + 1;
  mv->cap = MIN (mv->cap, FAR - 1);
  mv->artillery_mp = (int) wb_params_int (params, "artillery_movement") * WB_MOVE_QUARTERS;
  for (int o = 0; o < N_ORDERS; o++)
    {
      WbParams per;

      mv->order[o] = g_intern_static_string (orders[o]);
      if (have_ma && wb_params_object (&ma, orders[o], &per))
        {
          mv->ma[o][0] = (int) wb_params_int (&per, "infantry") * WB_MOVE_QUARTERS;
          mv->ma[o][1] = (int) wb_params_int (&per, "cavalry") * WB_MOVE_QUARTERS;
        }
    }
  wb_hex_map_get_numbering (data->map, &first_col, &first_row, &digits);
  for (guint s = 0; s < 2; s++)
    {
      const char *sid = ((WbSide *) g_ptr_array_index (wb_game_get_sides (data->game), s))->id;
      const char *row;
      char *end = NULL;
      gint64 r;

      mv->retreat_row[s] = -1;
      if (!wb_params_entry (params, "retreat_row", sid, &entry) ||
          (row = wb_params_string (&entry, "value")) == NULL)
        continue;
      r = g_ascii_strtoll (row, &end, 10);
      if (end == row || *end != '\0' || r - first_row < 0 || r - first_row >= data->rows)
        return _wb_bs_fail (error, _("rules.params.retreat_row.%s: “%s” is not a row of the map"), sid, row);
      mv->retreat_row[s] = (int) (r - first_row);
    }
  /* 3.1a: the rulebook-only twin when the match plays the option (read
   * at each call: the options are the match's). */
  mv->twin_option = g_intern_string (wb_params_string (params, "rulebook_tables_option"));
  if (table != NULL && wb_params_entry (params, "rulebook_tables", table, &entry))
    twin = wb_params_string (&entry, "value");
  return read_guns (data->game, "artillery_stacking_table", table, mv->guns[0], error) &&
         read_guns (data->game, "artillery_stacking_table", twin, mv->guns[1], error);
}

/* 10.5: a road is a hexside feature whose cost replaces the terrain's
 * ("set") at the road rate; 10.5a: the March Column rate is not allowed
 * on Lanes or Trails: only the road styles below take it. The legend has
 * no flag for it (docs/rules-engine.md). */
static gboolean
is_road (WbFeatureType *f, double road_mp)
{
  gboolean found = FALSE;
  double c;

  if (f == NULL || f->where != WB_FEATURE_HEXSIDE || f->move_mode != WB_MOVE_SET || f->move == NULL)
    return FALSE;
  c = wb_move_costs_lookup (f->move, "*", &found);
  return found && fabs (c - road_mp) < 1e-9;
}

static gboolean
takes_march_column (WbFeatureType *f)
{
  static const char * const march_column_styles[] = { "road", "pike", NULL };

  return f->style != NULL && g_strv_contains (march_column_styles, f->style);
}

static gboolean
terrain_prohibits (WbGame *game, WbHexMap *map, WbOffset hex, const char *klass)
{
  WbTerrainType *t = wb_game_find_terrain (game, wb_hex_map_get_terrain (map, hex));
  gboolean found = FALSE;
  double c = t != NULL && t->move != NULL ? wb_move_costs_lookup (t->move, klass, &found) : -1;

  return !found || c < 0;
}

/* Exclusive 2.10k, 2.1b: artillery and cavalry cross the Corduroy Bridge
 * (or a Pontoon Bridge) over a Bayou but may not end a move or a retreat
 * on it. Read as: a hex feature drawn as a bridge, in terrain the class
 * may not enter, is not a place to stop (docs/rules-engine.md). */
static gboolean
bridge_only (WbGame *game, WbHexMap *map, WbOffset hex, const char *klass)
{
  GPtrArray *features = wb_hex_map_get_hex_features (map, hex);

  if (!terrain_prohibits (game, map, hex, klass))
    return FALSE;
  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (game, g_ptr_array_index (features, i));

      if (f != NULL && g_strcmp0 (f->style, "bridge") == 0)
        return TRUE;
    }
  return FALSE;
}

static void
compile_class (BsData *data, BsMove *mv, BsClassMove *k, GHashTable *no_roads, double road_mp, double march_mp)
{
  WbMoveProfile profile = { .unit_class = k->id, .costs = no_roads };
  gsize steps = (gsize) mv->n * WB_HEX_DIRECTIONS;

  k->terrain = wb_hex_graph_new_for (data->game, data->map, &profile);
  k->road = g_malloc (steps);
  k->march = g_malloc (steps);
  k->stand = g_malloc0 (mv->n);
  memset (k->road, NO_ROAD, steps);
  memset (k->march, NO_ROAD, steps);
  for (int h = 0; h < mv->n; h++)
    for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
      {
        WbOffset from = { h % mv->cols, h / mv->cols };
        GPtrArray *sides;

        if (!wb_hex_map_contains (data->map, wb_hex_neighbour (mv->layout, from, d)))
          continue;
        sides = wb_hex_map_get_side_features (data->map, from, d);
        for (guint i = 0; sides != NULL && i < sides->len; i++)
          {
            WbFeatureType *f = wb_game_find_feature (data->game, g_ptr_array_index (sides, i));
            gboolean found = FALSE;
            double c;
            int q, mq;
            gsize at = (gsize) h * WB_HEX_DIRECTIONS + d;

            if (!is_road (f, road_mp))
              continue;
            c = wb_move_costs_lookup (f->move, k->id, &found);
            if (!found || c < 0)
              continue;
            q = CLAMP (quarters (c), 0, NO_ROAD - 1);
            mq = takes_march_column (f) ? CLAMP (quarters (march_mp), 0, NO_ROAD - 1) : q;
            k->road[at] = (guint8) MIN (k->road[at], q);
            k->march[at] = (guint8) MIN (k->march[at], mq);
          }
      }
  /* Where a unit of the class may stand: a hex it may enter somehow. */
  for (int h = 0; h < mv->n; h++)
    {
      WbOffset hex = { h % mv->cols, h / mv->cols };

      if (bridge_only (data->game, data->map, hex, k->id))
        continue;
      for (int d = 0; d < WB_HEX_DIRECTIONS && !k->stand[h]; d++)
        {
          WbOffset from = wb_hex_neighbour (mv->layout, hex, d);
          int back = (d + 3) % WB_HEX_DIRECTIONS;
          int f = from.row * mv->cols + from.col;

          if (!wb_hex_map_contains (data->map, from))
            continue;
          if (wb_hex_graph_step_cost (k->terrain, from, back) != WB_STEP_PROHIBITED ||
              k->road[(gsize) f * WB_HEX_DIRECTIONS + back] != NO_ROAD)
            k->stand[h] = 1;
        }
    }
}

gboolean
_wb_bs_move_compile (BsData *data, const WbParams *params, GError **error)
{
  BsMove *mv = g_new0 (BsMove, 1);
  GPtrArray *classes = wb_game_get_unit_classes (data->game);
  GPtrArray *features = wb_game_get_features (data->game);
  g_autoptr(GHashTable) no_roads = g_hash_table_new (g_str_hash, g_str_equal);
  static double ignored = -1;
  double road_mp = wb_params_number (params, "road_mp");
  double march_mp = wb_params_number (params, "march_column_mp");

  data->move = mv;
  mv->layout = data->layout;
  mv->cols = data->cols;
  mv->rows = data->rows;
  mv->n = data->cols * data->rows;
  mv->last_unit = -1;
  mv->foot_class = -1;
  mv->area[0] = mv->area[1] = 0;
  mv->area[2] = data->cols - 1;
  mv->area[3] = data->rows - 1;
  {
    WbParams pa;
    WbOffset a, b;

    if (wb_params_object (params, "area_of_play", &pa))
      {
        const char *from = wb_params_string (&pa, "from"), *to = wb_params_string (&pa, "to");

        if (from == NULL || to == NULL || !wb_hex_map_parse_hex (data->map, from, &a) ||
            !wb_hex_map_parse_hex (data->map, to, &b) || !wb_hex_map_contains (data->map, a) ||
            !wb_hex_map_contains (data->map, b))
          return _wb_bs_fail (error, _("rules.params.area_of_play: “%s” to “%s” are not hexes of the map"),
                              from != NULL ? from : "", to != NULL ? to : "");
        mv->area[0] = MIN (a.col, b.col);
        mv->area[1] = MIN (a.row, b.row);
        mv->area[2] = MAX (a.col, b.col);
        mv->area[3] = MAX (a.row, b.row);
      }
  }
  if (!read_params (data, mv, params, error) || !read_effects (data, mv, params, error))
    return FALSE;
  {
    WbParams pb;

    mv->bridge_q = wb_params_object (params, "pontoon_bridges", &pb)
                   ? quarters (wb_params_number (&pb, "bridge_mp")) : WB_MOVE_QUARTERS;
  }

  /* The directions toward each side's retreat row (exclusive 12.3: three
   * hexes, straight back or at a diagonal). */
  for (guint s = 0; s < 2; s++)
    {
      WbOffset c = { 1, 1 };
      double x, y, nx, ny;
      gboolean up = mv->retreat_row[s] >= 0 && mv->retreat_row[s] * 2 < mv->rows;

      wb_hex_center (mv->layout, 1.0, c, &x, &y);
      for (int d = 0; d < WB_HEX_DIRECTIONS && mv->retreat_row[s] >= 0; d++)
        {
          wb_hex_center (mv->layout, 1.0, wb_hex_neighbour (mv->layout, c, d), &nx, &ny);
          mv->forward[s][d] = up ? ny < y - 1e-9 : ny > y + 1e-9;
        }
    }

  /* The roads are left out of the terrain graphs: their rate is the road
   * arrays'. */
  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      if (is_road (f, road_mp))
        g_hash_table_insert (no_roads, (gpointer) f->id, &ignored);
    }
  mv->n_classes = classes != NULL ? classes->len : 0;
  mv->klass = g_new0 (BsClassMove, MAX (mv->n_classes, 1));
  for (guint c = 0; c < mv->n_classes; c++)
    {
      WbUnitType *type = g_ptr_array_index (classes, c);

      mv->klass[c].id = type->id;
      compile_class (data, mv, &mv->klass[c], no_roads, road_mp, march_mp);
      if (mv->foot_class < 0 && (type->roles == NULL || type->roles->len == 0))
        mv->foot_class = (int) c;
    }
  /* The match's units are the game's, in its order (wb-match.h). */
  mv->unit_class = g_new (int, MAX (data->n_units, 1));
  for (guint i = 0; i < data->n_units; i++)
    {
      GPtrArray *units = wb_game_get_units (data->game);
      WbUnit *unit = units != NULL && i < units->len ? g_ptr_array_index (units, i) : NULL;
      const char *klass = unit != NULL ? g_intern_string (wb_unit_get_class_id (unit)) : NULL;

      mv->unit_class[i] = -1;
      for (guint c = 0; klass != NULL && c < mv->n_classes; c++)
        if (mv->klass[c].id == klass)
          mv->unit_class[i] = (int) c;
    }

  for (guint s = 0; s < 2; s++)
    mv->hex_closed[s] = g_malloc0 (mv->n);
  mv->hex_all = g_malloc0 (mv->n);
  for (int h = 0; h < mv->n; h++)
    {
      WbOffset hex = { h % mv->cols, h / mv->cols };
      GPtrArray *hf = wb_hex_map_get_hex_features (data->map, hex);
      BsMoveFx *fx = find_fx (mv, g_intern_string (wb_hex_map_get_terrain (data->map, hex)));

      for (guint i = 0; ; i++)
        {
          if (fx != NULL)
            {
              mv->hex_closed[0][h] |= fx->closed[0];
              mv->hex_closed[1][h] |= fx->closed[1];
              mv->hex_all[h] |= fx->enter_all;
            }
          if (hf == NULL || i >= hf->len)
            break;
          fx = find_fx (mv, g_intern_string (g_ptr_array_index (hf, i)));
        }
    }

  mv->near = g_malloc (mv->n);
  mv->stack = g_new (gint16, mv->n);
  mv->mix = g_malloc (mv->n);
  mv->mark_closed = g_malloc (mv->n);
  mv->mark_all = g_malloc (mv->n);
  mv->bridge = g_malloc (mv->n);
  mv->adj_cause = g_malloc (mv->n);
  mv->adj_other = g_malloc (mv->n);
  mv->skirm_adj = g_malloc (mv->n);
  mv->via_road = g_malloc0 (mv->n);
  mv->queue = g_new (int, mv->n);
  mv->stamp = g_new0 (guint32, mv->n);
  mv->cost = g_new (int, mv->n);
  mv->prev = g_new (int, mv->n);
  mv->reached = g_new (int, mv->n);
  mv->heap = g_new (BsHeapItem, (gsize) mv->n * WB_HEX_DIRECTIONS + 1);
  return TRUE;
}

void
_wb_bs_move_free (BsMove *mv)
{
  if (mv == NULL)
    return;
  for (guint c = 0; mv->klass != NULL && c < mv->n_classes; c++)
    {
      wb_hex_graph_free (mv->klass[c].terrain);
      g_free (mv->klass[c].road);
      g_free (mv->klass[c].march);
      g_free (mv->klass[c].stand);
    }
  g_free (mv->klass);
  g_free (mv->unit_class);
  g_free (mv->fx);
  g_free (mv->hex_closed[0]);
  g_free (mv->hex_closed[1]);
  g_free (mv->hex_all);
  g_free (mv->near);
  g_free (mv->stack);
  g_free (mv->mix);
  g_free (mv->mark_closed);
  g_free (mv->mark_all);
  g_free (mv->bridge);
  g_free (mv->adj_cause);
  g_free (mv->adj_other);
  g_free (mv->skirm_adj);
  g_free (mv->via_road);
  g_free (mv->queue);
  g_free (mv->stamp);
  g_free (mv->cost);
  g_free (mv->prev);
  g_free (mv->reached);
  g_free (mv->heap);
  g_free (mv);
}

/* ---- units, stacking, the enemy ----------------------------------------- */

static inline WbUnitState *
unit_at (WbMatch *m, guint u)
{
  return &g_array_index (m->units, WbUnitState, u);
}

static inline gboolean
on_map (const WbUnitState *u)
{
  return u->where.kind == WB_WHERE_HEX;
}

/* Pioneers never cause Engagement nor stop the enemy (exclusive 2.1a: a
 * Confederate unit entering their hex removes them), and a marker (a
 * Pontoon Bridge) is no fighting unit: neither is "an enemy unit" here. */
static inline gboolean
fighting (BsData *data, guint u)
{
  return data->counter[u].role != BS_ROLE_PIONEER && data->counter[u].role != BS_ROLE_MARKER;
}

static inline int
index_of (BsMove *mv, WbOffset h)
{
  return h.row * mv->cols + h.col;
}

/* On the map and in the scenario's area of play (excl. 17.3a). */
static inline gboolean
inside (BsMove *mv, WbOffset h)
{
  return h.col >= mv->area[0] && h.row >= mv->area[1] && h.col <= mv->area[2] && h.row <= mv->area[3] &&
         h.col >= 0 && h.row >= 0 && h.col < mv->cols && h.row < mv->rows;
}

/* The movement class @u moves as now: its own, or when dismounted the
 * infantry's (10.9: "treated as an infantry unit for all purposes"); NULL
 * when it has none. */
static BsClassMove *
class_of (BsData *data, WbMatch *m, guint u)
{
  BsMove *mv = data->move;
  int c = mv->unit_class[u];

  if (c >= 0 && mv->foot_class >= 0 && (unit_at (m, u)->flags & BS_UNIT_DISMOUNTED))
    c = mv->foot_class;
  return c >= 0 ? &mv->klass[c] : NULL;
}

/* 3.1: the printed SP of the side up, unmodified; 3.1a: artillery through
 * the Artillery Stacking Table; exclusive 2.1a: pioneers count nothing.
 * In quarter SP (the table counts 0.75). */
static int
stack_quarters (BsData *data, WbMatch *m, guint u)
{
  const BsCounter *c = &data->counter[u];
  const WbUnitState *s = unit_at (m, u);
  int halves = c->sp[(s->flags & BS_UNIT_WORN) ? 1 : 0];

  if (c->role == BS_ROLE_PIONEER || c->role == BS_ROLE_MARKER)
    return 0;
  if (c->role == BS_ROLE_ARTILLERY && halves % 2 == 0 && halves / 2 <= MAX_GUNS)
    {
      int t = wb_match_has_option (m, data->move->twin_option) ? 1 : 0;
      int q = data->move->guns[t][halves / 2];

      /* A row the table does not give (the rulebook-only table prints one):
       * the printed SP, 3.1's rule. */
      if (q >= 0)
        return q;
    }
  return halves * 2;
}

int
_wb_bs_stack_halves (BsData *data, WbMatch *m, guint u)
{
  g_return_val_if_fail (u < m->units->len && u < data->n_units, 0);
  return (stack_quarters (data, m, u) + 1) / 2;
}

int
_wb_bs_hex_stack (BsData *data, WbMatch *m, WbOffset hex, int skip)
{
  int q = 0;

  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      const WbUnitState *s = unit_at (m, i);

      if ((int) i != skip && on_map (s) && wb_offset_equal (s->where.hex, hex))
        q += stack_quarters (data, m, i);
    }
  return (q + 1) / 2;
}

gboolean
_wb_bs_enemy_at (BsData *data, WbMatch *m, guint side, WbOffset hex)
{
  return _wb_bs_enemy_within (data, m, side, hex, 0);
}

gboolean
_wb_bs_enemy_within (BsData *data, WbMatch *m, guint side, WbOffset hex, int range)
{
  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      const WbUnitState *s = unit_at (m, i);

      if (s->side != side && on_map (s) && fighting (data, i) &&
          wb_hex_distance (data->layout, s->where.hex, hex) <= range)
        return TRUE;
    }
  return FALSE;
}

gboolean
_wb_bs_engaged (BsData *data, WbMatch *m, guint u)
{
  const WbUnitState *s;

  g_return_val_if_fail (u < m->units->len && u < data->n_units, FALSE);
  s = unit_at (m, u);
  if (!on_map (s) || !fighting (data, u))
    return FALSE;
  return _wb_bs_enemy_within (data, m, s->side, s->where.hex,
                              bs_role (data, m, u) == BS_ROLE_ARTILLERY ? data->move->art_range : 1);
}

int
_wb_bs_allowance (BsData *data, WbMatch *m, guint u, const char *order)
{
  BsMove *mv = data->move;
  const BsCounter *c;

  g_return_val_if_fail (u < m->units->len && u < data->n_units, 0);
  c = &data->counter[u];
  switch ((BsRole) c->role)
    {
    case BS_ROLE_ARTILLERY:
      return mv->artillery_mp;
    case BS_ROLE_PIONEER:   /* exclusive 2.1a: pioneers cannot move once placed */
    case BS_ROLE_MARKER:
      return 0;
    case BS_ROLE_INFANTRY:
    case BS_ROLE_CAVALRY:
    default:
      break;
    }
  {
    /* 10.9: dismounted cavalry moves as infantry; one that mounted or
     * dismounted in this step keeps the allowance it began with. */
    const WbUnitState *s = unit_at (m, u);
    gboolean mounted = c->role == BS_ROLE_CAVALRY && !(s->flags & BS_UNIT_DISMOUNTED);

    if (c->role == BS_ROLE_CAVALRY && (s->data[BS_DATA_EXCL] & BS_EX_MODE_CHANGED))
      mounted = !mounted;
    for (int o = 0; order != NULL && o < N_ORDERS; o++)
      if (strcmp (mv->order[o], order) == 0)
        return mv->ma[o][mounted ? 1 : 0];
  }
  return 0;
}

static void mark_around (BsMove *mv, guint8 *grid, WbOffset hex);

/* Reads the match's units for a search by @self (an index, or -1) of
 * @side: the distance of each hex to the nearest enemy up to mv->cap, the
 * friendly stacks and kinds of units without @self, the markers. */
static void
scan (BsData *data, WbMatch *m, guint side, int self)
{
  BsMove *mv = data->move;
  int head = 0, tail = 0;

  memset (mv->near, FAR, mv->n);
  memset (mv->stack, 0, sizeof (gint16) * mv->n);
  memset (mv->mix, 0, mv->n);
  memset (mv->mark_closed, 0, mv->n);
  memset (mv->mark_all, 0, mv->n);
  memset (mv->skirm_adj, 0, mv->n);
  memset (mv->bridge, 0, mv->n);
  {
    BsState *st = bs_state (m);

    /* Excl. 2.1b: the undamaged Pontoon Bridges (wb-bs-pontoon.c). */
    for (guint k = 0; k < st->pt_n && k < G_N_ELEMENTS (st->pt_unit); k++)
      {
        const WbUnitState *b = unit_at (m, (guint) st->pt_unit[k]);

        if (on_map (b) && inside (mv, b->where.hex) && !(b->flags & BS_UNIT_WORN))
          mv->bridge[index_of (mv, b->where.hex)] = 1;
      }
  }
  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      const WbUnitState *s = unit_at (m, i);
      int h;

      if (!on_map (s) || !inside (mv, s->where.hex))
        continue;
      h = index_of (mv, s->where.hex);
      if (s->side != side)
        {
          if (fighting (data, i) && mv->near[h] != 0)
            {
              mv->near[h] = 0;
              mv->queue[tail++] = h;
            }
          if (fighting (data, i) && (s->flags & BS_UNIT_SKIRMISH))
            mark_around (mv, mv->skirm_adj, s->where.hex);
        }
      else if ((int) i != self)
        {
          if (fighting (data, i))
            mv->mix[h] |= MIX_ANY | ((s->flags & BS_UNIT_SKIRMISH) ? MIX_SKIRM : 0);
          mv->stack[h] = (gint16) MIN (mv->stack[h] + stack_quarters (data, m, i), G_MAXINT16);
          if (bs_role (data, m, i) == BS_ROLE_CAVALRY)
            mv->mix[h] |= MIX_CAV;
          else if (bs_role (data, m, i) == BS_ROLE_INFANTRY || bs_role (data, m, i) == BS_ROLE_ARTILLERY)
            mv->mix[h] |= MIX_FOOT;
        }
    }
  while (head < tail)
    {
      int h = mv->queue[head++];
      WbOffset o = { h % mv->cols, h / mv->cols };

      if (mv->near[h] >= mv->cap)
        continue;
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset n = wb_hex_neighbour (mv->layout, o, d);
          int k;

          if (!inside (mv, n))
            continue;
          k = index_of (mv, n);
          if (mv->near[k] == FAR)
            {
              mv->near[k] = (guint8) (mv->near[h] + 1);
              mv->queue[tail++] = k;
            }
        }
    }
  for (guint i = 0; m->markers != NULL && i < m->markers->len; i++)
    {
      const WbMatchMarker *mk = &g_array_index (m->markers, WbMatchMarker, i);
      BsMoveFx *fx = find_fx (mv, mk->feature);

      if (fx == NULL || !inside (mv, mk->hex) || side > 1)
        continue;
      mv->mark_closed[index_of (mv, mk->hex)] |= fx->closed[side];
      mv->mark_all[index_of (mv, mk->hex)] |= fx->enter_all;
    }
}

/* Whether the unit (@role, @own quarter SP, @klass, in Skirmish Order
 * when @skirm) may end a move or a retreat at @h: 3.1 (the limit), 3.1b
 * (mounted cavalry apart from infantry and artillery), exclusive 2.10k
 * (no stop on a bridge), 15.2 (a skirmisher never stacks). */
static gboolean
may_end (BsMove *mv, BsClassMove *k, int h, int role, int own, gboolean skirm)
{
  if (!k->stand[h] || mv->stack[h] + own > mv->limit)
    return FALSE;
  if ((skirm && (mv->mix[h] & MIX_ANY)) || (mv->mix[h] & MIX_SKIRM))
    return FALSE;
  if (role == BS_ROLE_CAVALRY && (mv->mix[h] & MIX_FOOT))
    return FALSE;
  if ((role == BS_ROLE_INFANTRY || role == BS_ROLE_ARTILLERY) && (mv->mix[h] & MIX_CAV))
    return FALSE;
  return TRUE;
}

static inline gboolean
closed (BsMove *mv, guint side, int h, int role)
{
  return ((mv->hex_closed[side][h] | mv->mark_closed[h]) & (1u << role)) != 0;
}

/* ---- the search --------------------------------------------------------- */

static void
heap_push (BsMove *mv, int cost, int hex)
{
  int i = mv->heap_len++;

  while (i > 0)
    {
      int parent = (i - 1) / 2;
      if (mv->heap[parent].cost < cost ||
          (mv->heap[parent].cost == cost && mv->heap[parent].hex <= hex))
        break;
      mv->heap[i] = mv->heap[parent];
      i = parent;
    }
  mv->heap[i] = (BsHeapItem) { cost, hex };
}

static gboolean
heap_less (const BsHeapItem *a, const BsHeapItem *b)
{
  return a->cost < b->cost || (a->cost == b->cost && a->hex < b->hex);
}

static BsHeapItem
heap_pop (BsMove *mv)
{
  BsHeapItem top = mv->heap[0];
  BsHeapItem last = mv->heap[--mv->heap_len];
  int i = 0;

  for (;;)
    {
      int child = 2 * i + 1;
      if (child >= mv->heap_len)
        break;
      if (child + 1 < mv->heap_len && heap_less (&mv->heap[child + 1], &mv->heap[child]))
        child++;
      if (!heap_less (&mv->heap[child], &last))
        break;
      mv->heap[i] = mv->heap[child];
      i = child;
    }
  if (mv->heap_len > 0)
    mv->heap[i] = last;
  return top;
}

static void
search_begin (BsMove *mv, int start)
{
  if (++mv->generation == 0)
    {
      memset (mv->stamp, 0, sizeof (guint32) * mv->n);
      mv->generation = 1;
    }
  mv->n_reached = 0;
  mv->heap_len = 0;
  mv->stamp[start] = mv->generation;
  mv->cost[start] = 0;
  mv->prev[start] = -1;
  heap_push (mv, 0, start);
}

static inline gboolean
was_reached (BsMove *mv, int h)
{
  return mv->stamp[h] == mv->generation;
}

static void
reach_hex (BsMove *mv, int h, int cost, int from, gboolean road)
{
  if (!was_reached (mv, h))
    mv->reached[mv->n_reached++] = h;
  mv->stamp[h] = mv->generation;
  mv->cost[h] = cost;
  mv->prev[h] = from;
  mv->via_road[h] = (guint8) road;
}

/* What stepping from @h in direction @d into @n costs the unit, quarter
 * MP, or -1: the terrain's cost, or the road's when lower (10.5) and the
 * stacking limit holds in @n with the unit in it (10.5b, excl. 3.1a). */
static int
step_cost_road (BsMove *mv, BsClassMove *k, const guint8 *roads, int h, int d, int n, int own, gboolean *by_road)
{
  WbOffset from = { h % mv->cols, h / mv->cols };
  guint16 t = wb_hex_graph_step_cost (k->terrain, from, d);
  int road = roads[(gsize) h * WB_HEX_DIRECTIONS + d];
  int terrain = t == WB_STEP_PROHIBITED ? -1 : t;

  if (road == NO_ROAD || mv->stack[n] + own > mv->limit)
    road = -1;
  *by_road = road >= 0 && (terrain < 0 || road <= terrain);
  if (terrain < 0)
    return road;
  return road < 0 ? terrain : MIN (terrain, road);
}

/* 6.5a: artillery going up a hexside terrain_effects marks artillery_climb
 * (a Steep Slope) from @h in direction @d. */
static gboolean
climbs (BsData *data, int h, int d)
{
  BsMove *mv = data->move;
  WbOffset from = { h % mv->cols, h / mv->cols };
  WbOffset to = wb_hex_neighbour (mv->layout, from, d);
  GPtrArray *sides = wb_hex_map_get_side_features (data->map, from, d);

  if (wb_hex_map_get_elevation (data->map, to) <= wb_hex_map_get_elevation (data->map, from))
    return FALSE;
  for (guint i = 0; sides != NULL && i < sides->len; i++)
    for (guint c = 0; c < data->n_climb; c++)
      if (g_ptr_array_index (sides, i) == (gpointer) data->climb[c])
        return TRUE;
  return FALSE;
}

typedef struct {
  BsClassMove *k;
  guint        side;
  int          role;
  int          own;
  int          start;
  gboolean     artillery;
  gboolean     art_engaged;
  int          d0;             /* the artillery's distance to the nearest enemy at the start */
  gboolean     may_engage;
  gboolean     cavalry;        /* a cavalry counter, even dismounted (excl. 2.10h) */
  gboolean     infantry;       /* barred from the Bayou hexes of BsState (excl. 2.10h) */
  guint        unit;
} BsMover;

/* Excl. 2.10h: the Bayou hexes @u rolled a 5-6 for this turn. */
static gboolean
barred (WbMatch *m, guint u, WbOffset hex)
{
  BsState *st = bs_state (m);

  if (st->barred_turn != m->turn)
    return FALSE;
  for (guint k = 0; k < st->n_barred && k < G_N_ELEMENTS (st->barred_unit); k++)
    if (st->barred_unit[k] == (gint16) u && wb_offset_equal (st->barred_hex[k], hex))
      return TRUE;
  return FALSE;
}

/* Whether the mover may enter @n at all: no enemy there (10.1), no
 * closed_to (excl. 2.2a); infantry and cavalry not next to an enemy
 * unless they may Engage (8.4, 10.6); artillery never within
 * artillery_engagement_range, unless Engaged already and then only
 * farther from the nearest enemy than it started (10.6, 6.5a). */
static gboolean
may_enter (BsMove *mv, const BsMover *w, int n)
{
  int near = mv->near[n];

  if (near == 0 || closed (mv, w->side, n, w->role))
    return FALSE;
  if (w->artillery)
    return near > mv->art_range || (w->art_engaged && near > w->d0);
  return w->may_engage || near > 1;
}

/* The cost of the mover's step from @h in direction @d into @n, -1 when
 * it may not: step_cost () and may_enter (); excl. 2.10h: cavalry, even
 * dismounted, into a hex with an entry_table only by a road (the
 * Corduroy Bridge, 2.10k), infantry not into a Bayou hex it rolled a 5-6
 * for this turn; 6.5a: artillery up a Steep Slope only from the hex it
 * started in, before it moved (the step then takes all its MP). */
static int
step_of (BsData *data, WbMatch *m, const BsMover *w, const guint8 *roads, int h, int d, int n, gboolean fresh,
         gboolean *by_road)
{
  BsMove *mv = data->move;
  WbOffset to = { n % mv->cols, n / mv->cols };
  int step = step_cost_road (mv, w->k, roads, h, d, n, w->own, by_road);

  /* Excl. 2.1b: an undamaged Pontoon Bridge costs bridge_mp to enter, for
   * every unit (artillery and cavalry cross it; the terrain still keeps
   * them from stopping there: the class's stand). */
  if (mv->bridge[n] && (step < 0 || mv->bridge_q < step))
    {
      step = mv->bridge_q;
      *by_road = FALSE;
    }
  if (step < 0 || !may_enter (mv, w, n))
    return -1;
  if (w->cavalry && !*by_road && _wb_bs_hex_entry_table (data, m, to) != NULL)
    return -1;
  if (w->infantry && barred (m, w->unit, to))
    return -1;
  if (w->artillery && climbs (data, h, d) && (h != w->start || !fresh))
    return -1;
  return step;
}

GArray *
_wb_bs_reach (BsData *data, WbMatch *m, guint u, int left, gboolean march, gboolean may_engage)
{
  BsMove *mv = data->move;
  WbUnitState *s;
  BsMover w = { 0 };
  const guint8 *roads;
  gboolean skirmish, fresh;
  GArray *out;

  g_return_val_if_fail (u < m->units->len && u < data->n_units, NULL);
  mv->last_unit = -1;
  /* Excl. 17.1e, 17.3f, 17.4f: not before it is freed. */
  if (_wb_bs_restricted (data, m, u, FALSE))
    return NULL;
  s = unit_at (m, u);
  if (!on_map (s) || !inside (mv, s->where.hex) || left <= 0 || mv->unit_class[u] < 0 || s->side > 1 ||
      !fighting (data, u))
    return NULL;
  w.k = class_of (data, m, u);
  w.side = s->side;
  w.role = bs_role (data, m, u);
  w.unit = u;
  w.cavalry = data->counter[u].role == BS_ROLE_CAVALRY;
  w.infantry = w.role == BS_ROLE_INFANTRY;
  w.own = stack_quarters (data, m, u);
  w.start = index_of (mv, s->where.hex);
  w.artillery = w.role == BS_ROLE_ARTILLERY;
  /* Exclusive 15.2: in Skirmish Order a unit pays one MP fewer a hex (one
   * at least), never at the March Column rate, and may not Engage. */
  skirmish = (s->flags & BS_UNIT_SKIRMISH) != 0;
  w.may_engage = may_engage && !skirmish;
  roads = march && !skirmish ? w.k->march : w.k->road;
  fresh = s->data[BS_DATA_SPENT] == 0 && !(s->flags & BS_UNIT_MOVED);
  scan (data, m, s->side, (int) u);
  w.d0 = mv->near[w.start];
  w.art_engaged = w.artillery && w.d0 <= mv->art_range;

  search_begin (mv, w.start);
  while (mv->heap_len > 0)
    {
      BsHeapItem item = heap_pop (mv);
      int h = item.hex;
      WbOffset from = { h % mv->cols, h / mv->cols };

      if (item.cost > mv->cost[h])
        continue;
      /* 10.6: entering a hex next to an enemy Engages and ends the move;
       * excl. 2.2a: so does a hex that took all the MP left. */
      if (h != w.start && ((!w.artillery && mv->near[h] == 1) || mv->hex_all[h] || mv->mark_all[h]))
        continue;
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset to = wb_hex_neighbour (mv->layout, from, d);
          int n, step, c;
          gboolean by_road;

          if (!inside (mv, to))
            continue;
          n = index_of (mv, to);
          if ((step = step_of (data, m, &w, roads, h, d, n, fresh, &by_road)) < 0)
            continue;
          if (skirmish)
            step = MAX (step - WB_MOVE_QUARTERS, MIN (step, WB_MOVE_QUARTERS));
          /* Excl. 15.3: moving next to an enemy skirmisher costs 1 MP more. */
          if (mv->skirm_adj[n])
            step += WB_MOVE_QUARTERS;
          c = mv->cost[h] + step;
          if (c > left)
            continue;
          if (mv->hex_all[n] || mv->mark_all[n] || (w.artillery && climbs (data, h, d)))
            c = left;
          if (was_reached (mv, n) && mv->cost[n] <= c)
            continue;
          reach_hex (mv, n, c, h, by_road);
          heap_push (mv, c, n);
        }
    }
  /* 10.3: a unit may always move at least one hex, for all its MP, if the
   * hex is not prohibited (and it does not over-stack: below). */
  if (fresh)
    for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
      {
        WbOffset to = wb_hex_neighbour (mv->layout, s->where.hex, d);
        int n;

        gboolean by_road;

        if (!inside (mv, to))
          continue;
        n = index_of (mv, to);
        if (!was_reached (mv, n) && step_of (data, m, &w, roads, w.start, d, n, fresh, &by_road) >= 0)
          reach_hex (mv, n, left, w.start, by_road);
      }

  mv->last_unit = (int) u;
  out = g_array_new (FALSE, FALSE, sizeof (WbDestination));
  for (int i = 0; i < mv->n_reached; i++)
    {
      int h = mv->reached[i];
      WbDestination dest = { .where = { .kind = WB_WHERE_HEX, .hex = { h % mv->cols, h / mv->cols } },
                             .cost = mv->cost[h] };

      if (h != w.start && may_end (mv, w.k, h, w.role, w.own, skirmish))
        g_array_append_val (out, dest);
    }
  if (out->len == 0)
    {
      g_array_unref (out);
      return NULL;
    }
  return out;
}

GArray *
_wb_bs_reach_path (BsData *data, WbMatch *m, guint u, WbOffset to)
{
  BsMove *mv = data->move;
  GArray *path;
  int h;

  g_return_val_if_fail (u < m->units->len, NULL);
  if (mv->last_unit != (int) u || !inside (mv, to) || !was_reached (mv, index_of (mv, to)))
    return NULL;
  path = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  for (h = index_of (mv, to); h >= 0 && mv->prev[h] >= 0; h = mv->prev[h])
    {
      WbOffset o = { h % mv->cols, h / mv->cols };
      g_array_prepend_val (path, o);
    }
  if (path->len == 0)
    g_clear_pointer (&path, g_array_unref);
  return path;
}

gboolean
_wb_bs_reach_way (BsData *data, WbMatch *m, guint u, WbOffset to, BsPath *path)
{
  BsMove *mv = data->move;
  int n = 0, k;

  g_return_val_if_fail (u < m->units->len && path != NULL, FALSE);
  memset (path, 0, sizeof *path);
  if (mv->last_unit != (int) u || !inside (mv, to) || !was_reached (mv, index_of (mv, to)))
    return FALSE;
  for (int h = index_of (mv, to); h >= 0 && mv->prev[h] >= 0; h = mv->prev[h])
    n++;
  if (n == 0 || n > BS_MAX_PATH)
    return FALSE;
  k = n - 1;
  for (int h = index_of (mv, to); h >= 0 && mv->prev[h] >= 0; h = mv->prev[h], k--)
    {
      path->hex[k] = (WbOffset) { h % mv->cols, h / mv->cols };
      path->cost[k] = (gint16) mv->cost[h];
      if (mv->via_road[h])
        path->road |= 1u << k;
    }
  path->n = (guint8) n;
  return TRUE;
}

gboolean
_wb_bs_cavalry_may_enter (BsData *data, WbMatch *m, guint u, WbOffset to)
{
  BsMove *mv = data->move;
  const WbUnitState *s;
  BsClassMove *k;
  int h, n;

  g_return_val_if_fail (u < m->units->len && u < data->n_units, FALSE);
  s = unit_at (m, u);
  if (!on_map (s) || mv->unit_class[u] < 0 || s->side > 1 || !inside (mv, to) ||
      wb_hex_distance (mv->layout, s->where.hex, to) != 1)
    return FALSE;
  /* Mounted: its own class's costs, whatever it is now. */
  k = &mv->klass[mv->unit_class[u]];
  scan (data, m, s->side, (int) u);
  h = index_of (mv, s->where.hex);
  n = index_of (mv, to);
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (wb_offset_equal (wb_hex_neighbour (mv->layout, s->where.hex, d), to))
      {
        WbOffset from = s->where.hex;

        if (wb_hex_graph_step_cost (k->terrain, from, d) == WB_STEP_PROHIBITED &&
            k->road[(gsize) h * WB_HEX_DIRECTIONS + d] == NO_ROAD)
          return FALSE;
      }
  return mv->near[n] != 0 && !closed (mv, s->side, n, BS_ROLE_CAVALRY) &&
         may_end (mv, k, n, BS_ROLE_CAVALRY, stack_quarters (data, m, u), FALSE);
}

gboolean
_wb_bs_mounted_may_stand (BsData *data, WbMatch *m, guint u)
{
  BsMove *mv = data->move;
  const WbUnitState *s;
  int h;

  g_return_val_if_fail (u < m->units->len && u < data->n_units, FALSE);
  s = unit_at (m, u);
  if (!on_map (s) || mv->unit_class[u] < 0 || s->side > 1)
    return FALSE;
  scan (data, m, s->side, (int) u);
  h = index_of (mv, s->where.hex);
  return !closed (mv, s->side, h, BS_ROLE_CAVALRY) && _wb_bs_hex_entry_table (data, m, s->where.hex) == NULL &&
         may_end (mv, &mv->klass[mv->unit_class[u]], h, BS_ROLE_CAVALRY, stack_quarters (data, m, u), FALSE);
}

/* ---- retreats (12.3) ---------------------------------------------------- */

/* The retreat's priorities as one number, the first the weightiest: hexes
 * next to the units that caused it, hexes next to other enemies, hexes
 * retreated, steps not toward the side's row (each < RETREAT_BASE). */
#define RETREAT_BASE 32
#define RETREAT_COST(cause, other, length, off_course) \
  ((((cause) * RETREAT_BASE + (other)) * RETREAT_BASE + (length)) * RETREAT_BASE + (off_course))

static void
mark_around (BsMove *mv, guint8 *grid, WbOffset hex)
{
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      WbOffset n = wb_hex_neighbour (mv->layout, hex, d);

      if (inside (mv, n))
        grid[index_of (mv, n)] = 1;
    }
}

static gboolean
on_edge (BsMove *mv, int h)
{
  WbOffset o = { h % mv->cols, h / mv->cols };

  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (!inside (mv, wb_hex_neighbour (mv->layout, o, d)))
      return TRUE;
  return FALSE;
}

static void
retreat_path (BsMove *mv, int end, BsRetreat *out)
{
  int n = 0;

  for (int h = end; h >= 0 && mv->prev[h] >= 0; h = mv->prev[h])
    n++;
  out->n = (guint8) MIN (n, BS_MAX_RETREAT);
  for (int h = end, i = n - 1; h >= 0 && mv->prev[h] >= 0; h = mv->prev[h], i--)
    if (i < BS_MAX_RETREAT)
      out->hex[i] = (WbOffset) { h % mv->cols, h / mv->cols };
}

void
_wb_bs_retreat (BsData *data, WbMatch *m, guint u, int hexes, const guint *causers,
                guint n_causers, BsRetreat *out)
{
  BsMove *mv = data->move;
  WbUnitState *s;
  BsClassMove *k;
  int start, role, own, best = -1, edge = -1;
  gboolean dies, bridge_end = FALSE;

  g_return_if_fail (u < m->units->len && u < data->n_units && out != NULL);
  memset (out, 0, sizeof *out);
  s = unit_at (m, u);
  role = bs_role (data, m, u);
  /* 12.3: Artillery and Fragile units that cannot retreat are eliminated. */
  dies = role == BS_ROLE_ARTILLERY || data->counter[u].fragile;
  out->end = dies ? BS_RETREAT_ELIMINATED : BS_RETREAT_BROKEN3;
  mv->last_unit = -1;
  if (!on_map (s) || !inside (mv, s->where.hex) || mv->unit_class[u] < 0 || s->side > 1)
    return;
  if (hexes <= 0)
    {
      out->end = BS_RETREAT_DONE;
      return;
    }
  hexes = MIN (hexes, BS_MAX_RETREAT);
  k = class_of (data, m, u);
  own = stack_quarters (data, m, u);
  start = index_of (mv, s->where.hex);
  scan (data, m, s->side, (int) u);
  memset (mv->adj_cause, 0, mv->n);
  memset (mv->adj_other, 0, mv->n);
  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      const WbUnitState *e = unit_at (m, i);
      gboolean cause = FALSE;

      if (e->side == s->side || !on_map (e) || !fighting (data, i) || !inside (mv, e->where.hex))
        continue;
      for (guint c = 0; c < n_causers && !cause; c++)
        cause = causers[c] == i;
      mark_around (mv, cause ? mv->adj_cause : mv->adj_other, e->where.hex);
    }

  /* Every way back up to BS_MAX_RETREAT hexes, the best first: the terrain
   * MP are ignored, the impassable is not (12.3). */
  search_begin (mv, start);
  while (mv->heap_len > 0)
    {
      BsHeapItem item = heap_pop (mv);
      int h = item.hex;
      WbOffset from = { h % mv->cols, h / mv->cols };
      int length = (item.cost / RETREAT_BASE) % RETREAT_BASE;

      if (item.cost > mv->cost[h] || length >= BS_MAX_RETREAT)
        continue;
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset to = wb_hex_neighbour (mv->layout, from, d);
          int n, c;

          if (!inside (mv, to))
            continue;
          n = index_of (mv, to);
          if (n == start || mv->near[n] == 0 || closed (mv, s->side, n, role) ||
              (wb_hex_graph_step_cost (k->terrain, from, d) == WB_STEP_PROHIBITED &&
               k->road[(gsize) h * WB_HEX_DIRECTIONS + d] == NO_ROAD && !mv->bridge[n]))
            continue;
          /* Excl. 2.10h: cavalry, even dismounted, never into a Bayou hex
           * but over its bridge. */
          if (data->counter[u].role == BS_ROLE_CAVALRY && k->road[(gsize) h * WB_HEX_DIRECTIONS + d] == NO_ROAD &&
              _wb_bs_hex_entry_table (data, m, to) != NULL)
            continue;
          c = item.cost + RETREAT_COST (mv->adj_cause[n], mv->adj_other[n], 1, !mv->forward[s->side][d]);
          if (was_reached (mv, n) && mv->cost[n] <= c)
            continue;
          reach_hex (mv, n, c, h, FALSE);
          heap_push (mv, c, n);
        }
    }
  for (int i = 0; i < mv->n_reached; i++)
    {
      int h = mv->reached[i];
      WbOffset o = { h % mv->cols, h / mv->cols };
      int length = (mv->cost[h] / RETREAT_BASE) % RETREAT_BASE;

      /* Excl. 2.1b: artillery and cavalry may not end a retreat on a
       * Pontoon Bridge, and are eliminated if there is no other option. */
      if (wb_hex_distance (mv->layout, s->where.hex, o) >= hexes && mv->bridge[h] && !k->stand[h])
        bridge_end = TRUE;
      /* The end: the full distance away, not over-stacked (else on, 12.3). */
      if (wb_hex_distance (mv->layout, s->where.hex, o) >= hexes &&
          may_end (mv, k, h, role, own, (s->flags & BS_UNIT_SKIRMISH) != 0))
        {
          if (best < 0 || mv->cost[h] < mv->cost[best] || (mv->cost[h] == mv->cost[best] && h < best))
            best = h;
        }
      else if (length < hexes && on_edge (mv, h) &&
               (edge < 0 || mv->cost[h] < mv->cost[edge] || (mv->cost[h] == mv->cost[edge] && h < edge)))
        edge = h;
    }
  if (best >= 0)
    {
      out->end = BS_RETREAT_DONE;
      retreat_path (mv, best, out);
    }
  else if (edge >= 0 || on_edge (mv, start))
    {
      /* 12.3: off the map, to Broken Box 1 (artillery and Fragile units
       * are eliminated). */
      out->end = dies ? BS_RETREAT_ELIMINATED : BS_RETREAT_OFF_MAP;
      if (edge >= 0)
        retreat_path (mv, edge, out);
    }
  else if (bridge_end)
    out->end = BS_RETREAT_ELIMINATED;
}

/* ---- rebuilding (13.2b) ------------------------------------------------- */

static int
compare_hexes (gconstpointer a, gconstpointer b)
{
  const WbOffset *x = a, *y = b;

  return x->col != y->col ? x->col - y->col : x->row - y->row;
}

/* Whether @hex is within 3 hexes of a unit of @side other than @u that
 * @pick (0 brigade, 1 division, 2 any) accepts. */
static gboolean
near_friend (BsData *data, WbMatch *m, guint u, WbOffset hex, int pick)
{
  const WbUnitState *s = unit_at (m, u);
  int b = data->unit_brigade[u];

  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    {
      const WbUnitState *f = unit_at (m, i);
      int fb = data->unit_brigade[i];

      if (i == u || f->side != s->side || !on_map (f) || !fighting (data, i))
        continue;
      if (pick == 0 && (b < 0 || fb != b))
        continue;
      if (pick == 1 && (b < 0 || fb < 0 || data->division[b] == NULL || data->division[fb] != data->division[b]))
        continue;
      if (wb_hex_distance (data->layout, f->where.hex, hex) <= 3)
        return TRUE;
    }
  return FALSE;
}

GArray *
_wb_bs_rebuild_hexes (BsData *data, WbMatch *m, guint u)
{
  BsMove *mv = data->move;
  const WbUnitState *s;
  BsClassMove *k;
  int role, own;
  gboolean brigade_on_map = FALSE;
  GArray *out = NULL;

  g_return_val_if_fail (u < m->units->len && u < data->n_units, NULL);
  s = unit_at (m, u);
  if (mv->unit_class[u] < 0 || s->side > 1)
    return NULL;
  k = class_of (data, m, u);
  role = bs_role (data, m, u);
  /* Placed on its BW side (13.2b). */
  own = data->counter[u].sp[1] * 2;
  scan (data, m, s->side, (int) u);
  for (guint i = 0; i < m->units->len && i < data->n_units; i++)
    if (i != u && on_map (unit_at (m, i)) && unit_at (m, i)->side == s->side &&
        data->unit_brigade[u] >= 0 && data->unit_brigade[i] == data->unit_brigade[u])
      brigade_on_map = TRUE;
  /* 13.2b: near the brigade if another of its units is on the map; else
   * near the division, and if that is not possible near any friend. */
  for (int pick = brigade_on_map ? 0 : 1; pick <= 2; pick++)
    {
      for (int c = 0; c < mv->cols; c++)
        for (int r = 0; r < mv->rows; r++)
          {
            WbOffset hex = { c, r };
            int h = index_of (mv, hex);

            if (mv->near[h] == 0 || mv->near[h] < mv->rally_distance || closed (mv, s->side, h, role) ||
                !may_end (mv, k, h, role, own, FALSE) || !near_friend (data, m, u, hex, pick))
              continue;
            if (out == NULL)
              out = g_array_new (FALSE, FALSE, sizeof (WbOffset));
            g_array_append_val (out, hex);
          }
      if (out != NULL || pick == 0)
        break;
    }
  if (out != NULL)
    g_array_sort (out, compare_hexes);
  return out;
}
