/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-movement"
#include "config.h"

#include <math.h>
#include <string.h>

#include "rules/wb-hex-movement.h"

typedef struct {
  int cost;
  int hex;
} WbHeapItem;

struct _WbHexGraph
{
  int          cols, rows;
  WbHexLayout  layout;
  guint16     *step;        /* [hex * 6 + dir]: quarter MP, or WB_STEP_PROHIBITED */
  guint16     *zoc_step;    /* the same into an enemy zone of control, or NULL (= step) */
  guint8      *zoc_side;    /* [hex * 6 + dir]: non-zero when ZOC crosses */
  /* [hex * 6 + dir]: the neighbour's index, -1 off the map. Searches and
   * zones of control ask for neighbours millions of times a game (the
   * balance lab): an offset → axial → offset conversion each time was a
   * tenth of an automatic game. */
  int         *next;
  /* The search's scratch: a hex is reached in this search when its stamp
   * equals the current generation. */
  guint32     *stamp;
  guint32      generation;
  int         *cost;
  int         *prev;
  int         *reached;     /* the hexes the last search reached, in the order reached */
  guint        n_reached;
  WbHeapItem  *heap;        /* by cost */
  int          heap_len;
};

static int
to_quarters (double mp)
{
  return (int) lround (mp * WB_MOVE_QUARTERS);
}

/* A profile's own cost for a terrain or feature id, if it has one. */
static gboolean
profile_cost (const WbMoveProfile *p, const char *id, double *cost)
{
  double *c = p->costs != NULL ? g_hash_table_lookup (p->costs, id) : NULL;

  if (c == NULL)
    return FALSE;
  *cost = *c;
  return TRUE;
}

/* A feature's cost for the class, or -1 when it has none. */
static double
feature_cost (const WbMoveProfile *p, WbFeatureType *f)
{
  gboolean found = FALSE;
  double c;

  if (profile_cost (p, f->id, &c))
    return c;
  c = f->move != NULL ? wb_move_costs_lookup (f->move, p->unit_class, &found) : -1;
  return found ? c : -1;
}

/* What entering @hex costs by its terrain and hex features, or -1. */
static int
hex_cost (WbGame *game, WbHexMap *map, WbOffset hex, const WbMoveProfile *p)
{
  WbTerrainType *t = wb_game_find_terrain (game, wb_hex_map_get_terrain (map, hex));
  GPtrArray *features = wb_hex_map_get_hex_features (map, hex);
  gboolean found = FALSE;
  double c = -1;
  double add = 0;

  if (t != NULL && profile_cost (p, t->id, &c))
    found = TRUE;
  else if (t != NULL && t->move != NULL)
    c = wb_move_costs_lookup (t->move, p->unit_class, &found);
  if (!found || c < 0)
    c = -1;
  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (game, g_ptr_array_index (features, i));
      double fc = f != NULL ? feature_cost (p, f) : -1;

      if (f == NULL)
        continue;
      if (f->move_mode == WB_MOVE_SET && fc >= 0)
        c = fc;
      else if (f->move_mode == WB_MOVE_ADD && fc > 0)
        add += fc;
      else if (f->move_mode == WB_MOVE_PROHIBIT)
        return -1;
    }
  return c < 0 ? -1 : to_quarters (c + add);
}

static gboolean
negated (WbGame *game, GPtrArray *features, const char *id)
{
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (game, g_ptr_array_index (features, i));
      if (f != NULL && f->negates != NULL)
        for (guint k = 0; k < f->negates->len; k++)
          if (g_strcmp0 (g_ptr_array_index (f->negates, k), id) == 0)
            return TRUE;
    }
  return FALSE;
}

static gboolean
hex_blocks_zoc (WbGame *game, WbHexMap *map, WbOffset hex)
{
  GPtrArray *features = wb_hex_map_get_hex_features (map, hex);

  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (game, g_ptr_array_index (features, i));
      if (f != NULL && f->blocks_zoc)
        return TRUE;
    }
  return FALSE;
}

static gboolean
in_list (const char * const *list, const char *id)
{
  return list != NULL && id != NULL && g_strv_contains (list, id);
}

/* Whether a hexside of @hex carries one of @ids. */
static gboolean
hex_has_side_feature (WbHexMap *map, WbHexLayout layout, WbOffset hex, const char * const *ids)
{
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      GPtrArray *f = wb_hex_map_get_side_features (map, hex, d);
      for (guint k = 0; f != NULL && k < f->len; k++)
        if (in_list (ids, g_ptr_array_index (f, k)))
          return TRUE;
    }
  return FALSE;
}

/* WB_ENTER_ADJACENT: a neighbour of @hex is of an @adjacent terrain or
 * has one of its features on a hexside. */
static gboolean
next_to (WbHexMap *map, WbHexLayout layout, WbOffset hex, const char * const *adjacent)
{
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      WbOffset n = wb_hex_neighbour (layout, hex, d);
      if (!wb_hex_map_contains (map, n))
        continue;
      if (in_list (adjacent, wb_hex_map_get_terrain (map, n)) ||
          hex_has_side_feature (map, layout, n, adjacent))
        return TRUE;
    }
  return FALSE;
}

WbHexGraph *
wb_hex_graph_new (WbGame *game, WbHexMap *map, const char *klass)
{
  WbMoveProfile p = { .unit_class = klass };
  return wb_hex_graph_new_for (game, map, &p);
}

WbHexGraph *
wb_hex_graph_new_for (WbGame *game, WbHexMap *map, const WbMoveProfile *p)
{
  WbHexGraph *g;
  gsize n;
  int *entry;
  guint8 *allowed;   /* the enter rules: 0 no, 1 yes, 2 only along a road or trail */
  guint8 *channel;   /* a hex units may not stand in but cross by a road or trail only (a ferry) */

  g_return_val_if_fail (WB_IS_GAME (game) && WB_IS_HEX_MAP (map) && p != NULL, NULL);
  g = g_new0 (WbHexGraph, 1);
  g->cols = wb_hex_map_get_cols (map);
  g->rows = wb_hex_map_get_rows (map);
  g->layout = wb_hex_map_get_layout (map);
  n = (gsize) g->cols * (gsize) g->rows;
  g->step = g_new (guint16, n * WB_HEX_DIRECTIONS);
  if (p->zoc_exempt)
    g->zoc_step = g_new (guint16, n * WB_HEX_DIRECTIONS);
  g->zoc_side = g_new0 (guint8, n * WB_HEX_DIRECTIONS);
  g->stamp = g_new0 (guint32, n);
  g->cost = g_new (int, n);
  g->prev = g_new (int, n);
  g->reached = g_new (int, n);
  g->next = g_new (int, n * WB_HEX_DIRECTIONS);
  /* Each hex is pushed at most once per cheaper way found: 6 per hex. */
  g->heap = g_new (WbHeapItem, n * WB_HEX_DIRECTIONS + 1);
  entry = g_new (int, n);
  allowed = g_new (guint8, n);
  channel = g_new0 (guint8, n);

  for (int r = 0; r < g->rows; r++)
    for (int c = 0; c < g->cols; c++)
      {
        WbOffset h = { c, r };
        gsize i = (gsize) r * g->cols + c;

        entry[i] = hex_cost (game, map, h, p);
        allowed[i] = 1;
        /* SPI 5.24: a river ferry is entered and left only through the
         * hexsides its road or trail crosses: terrain no unit may enter,
         * made passable by a hex feature. */
        {
          WbTerrainType *t = wb_game_find_terrain (game, wb_hex_map_get_terrain (map, h));
          gboolean found = FALSE;
          double tc = t != NULL && t->move != NULL ? wb_move_costs_lookup (t->move, p->unit_class, &found) : -1;
          channel[i] = entry[i] >= 0 && (!found || tc < 0);
        }
        if (p->hexes_with != NULL && !hex_has_side_feature (map, g->layout, h, p->hexes_with))
          allowed[i] = 0;
        else if (in_list (p->restricted, wb_hex_map_get_terrain (map, h)))
          {
            if (p->enter == WB_ENTER_ROAD_ONLY)
              allowed[i] = 2;
            else if (p->enter == WB_ENTER_ADJACENT && !next_to (map, g->layout, h, p->adjacent))
              allowed[i] = 0;
          }
      }

  for (int r = 0; r < g->rows; r++)
    for (int c = 0; c < g->cols; c++)
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          WbOffset from = { c, r };
          WbOffset to = wb_hex_neighbour (g->layout, from, d);
          gsize i = ((gsize) r * g->cols + c) * WB_HEX_DIRECTIONS + d;
          gsize ti;
          GPtrArray *sides;
          int cost, set = -1, add = 0;
          gboolean prohibited = FALSE, blocks_zoc = FALSE;

          g->step[i] = WB_STEP_PROHIBITED;
          if (g->zoc_step)
            g->zoc_step[i] = WB_STEP_PROHIBITED;
          g->next[i] = -1;
          if (!wb_hex_map_contains (map, to))
            continue;
          ti = (gsize) to.row * g->cols + to.col;
          g->next[i] = (int) ti;
          cost = entry[ti];
          sides = wb_hex_map_get_side_features (map, from, d);
          for (guint k = 0; sides != NULL && k < sides->len; k++)
            {
              const char *id = g_ptr_array_index (sides, k);
              WbFeatureType *f = wb_game_find_feature (game, id);
              double fc = f != NULL ? feature_cost (p, f) : -1;

              if (f == NULL)
                continue;
              if (f->move_mode == WB_MOVE_PROHIBIT && !negated (game, sides, id))
                prohibited = TRUE;
              else if (f->move_mode == WB_MOVE_SET && fc >= 0)
                set = set < 0 ? to_quarters (fc) : MIN (set, to_quarters (fc));
              else if (f->move_mode == WB_MOVE_ADD && fc > 0 && !negated (game, sides, id))
                /* A bridge over a river that costs to cross: the bridge's way. */
                add += to_quarters (fc);
              if (f->blocks_zoc && !negated (game, sides, id))
                blocks_zoc = TRUE;
            }
          if (!blocks_zoc && !hex_blocks_zoc (game, map, to))
            g->zoc_side[i] = 1;
          if (prohibited)
            continue;
          /* Along a road or trail: the lower of the terrain's cost and its. */
          if (set >= 0)
            cost = cost >= 0 ? MIN (cost, set) : set;
          if (cost < 0)
            continue;
          if ((channel[ti] || channel[(gsize) r * g->cols + c]) && set < 0)
            continue;
          if (allowed[ti] == 1 || (allowed[ti] == 2 && set >= 0))
            g->step[i] = (guint16) MIN (cost + add, WB_STEP_PROHIBITED - 1);
          if (g->zoc_step != NULL && allowed[ti] != 0)
            g->zoc_step[i] = (guint16) MIN (cost + add, WB_STEP_PROHIBITED - 1);
        }
  g_free (entry);
  g_free (allowed);
  g_free (channel);
  return g;
}

void
wb_hex_graph_free (WbHexGraph *g)
{
  if (g == NULL)
    return;
  g_free (g->step);
  g_free (g->zoc_step);
  g_free (g->zoc_side);
  g_free (g->stamp);
  g_free (g->cost);
  g_free (g->prev);
  g_free (g->reached);
  g_free (g->next);
  g_free (g->heap);
  g_free (g);
}

int
wb_hex_graph_cols (const WbHexGraph *g)
{
  return g->cols;
}

int
wb_hex_graph_rows (const WbHexGraph *g)
{
  return g->rows;
}

WbHexLayout
wb_hex_graph_layout (const WbHexGraph *g)
{
  return g->layout;
}

static inline gboolean
inside (const WbHexGraph *g, WbOffset h)
{
  return h.col >= 0 && h.row >= 0 && h.col < g->cols && h.row < g->rows;
}

guint16
wb_hex_graph_step_cost (const WbHexGraph *g, WbOffset hex, int dir)
{
  if (!inside (g, hex) || dir < 0 || dir >= WB_HEX_DIRECTIONS)
    return WB_STEP_PROHIBITED;
  return g->step[((gsize) hex.row * g->cols + hex.col) * WB_HEX_DIRECTIONS + dir];
}

gboolean
wb_hex_graph_zoc_reaches (const WbHexGraph *g, WbOffset hex, int dir)
{
  if (!inside (g, hex) || dir < 0 || dir >= WB_HEX_DIRECTIONS)
    return FALSE;
  return g->zoc_side[((gsize) hex.row * g->cols + hex.col) * WB_HEX_DIRECTIONS + dir] != 0;
}

void
wb_hex_graph_add_zoc (const WbHexGraph *g, WbOffset hex, guint8 *zoc)
{
  gsize i;

  if (!inside (g, hex))
    return;
  i = ((gsize) hex.row * g->cols + hex.col) * WB_HEX_DIRECTIONS;
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (g->zoc_side[i + d] && g->next[i + d] >= 0)
      zoc[g->next[i + d]] = 1;
}

/* --- the search ------------------------------------------------------------ */

static void
heap_push (WbHexGraph *g, int cost, int hex)
{
  int i = g->heap_len++;

  while (i > 0)
    {
      int parent = (i - 1) / 2;
      if (g->heap[parent].cost <= cost)
        break;
      g->heap[i] = g->heap[parent];
      i = parent;
    }
  g->heap[i] = (WbHeapItem) { cost, hex };
}

static WbHeapItem
heap_pop (WbHexGraph *g)
{
  WbHeapItem top = g->heap[0];
  WbHeapItem last = g->heap[--g->heap_len];
  int i = 0;

  for (;;)
    {
      int child = 2 * i + 1;
      if (child >= g->heap_len)
        break;
      if (child + 1 < g->heap_len && g->heap[child + 1].cost < g->heap[child].cost)
        child++;
      if (last.cost <= g->heap[child].cost)
        break;
      g->heap[i] = g->heap[child];
      i = child;
    }
  if (g->heap_len > 0)
    g->heap[i] = last;
  return top;
}

guint
wb_hex_graph_reach (WbHexGraph   *g,
                    WbOffset      start,
                    int           allowance,
                    const guint8 *occupied,
                    const guint8 *zoc,
                    WbReachFlags  flags)
{
  guint reached = 0;
  int s;

  g_return_val_if_fail (g != NULL, 0);
  if (++g->generation == 0)
    {
      memset (g->stamp, 0, sizeof (guint32) * (gsize) g->cols * g->rows);
      g->generation = 1;
    }
  g->n_reached = 0;
  if (!inside (g, start))
    return 0;
  s = start.row * g->cols + start.col;
  g->stamp[s] = g->generation;
  g->cost[s] = 0;
  g->prev[s] = -1;
  if (zoc != NULL && (flags & WB_REACH_ZOC_LOCKS) && zoc[s])
    return 0;
  g->heap_len = 0;
  heap_push (g, 0, s);
  /* A hex may sit in the heap twice (a cheaper way found later); the
   * stale copy is skipped by its cost. */
  while (g->heap_len > 0)
    {
      WbHeapItem item = heap_pop (g);
      int h = item.hex;

      if (item.cost > g->cost[h])
        continue;
      const guint16 *steps = &g->step[(gsize) h * WB_HEX_DIRECTIONS];
      const int *next = &g->next[(gsize) h * WB_HEX_DIRECTIONS];

      if (h != s && zoc != NULL && (flags & WB_REACH_ZOC_STOPS) && zoc[h])
        continue;   /* the move ends here */
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        {
          int n = next[d], c;
          int step = steps[d];

          /* Off the map: prohibited both ways. */
          if (n < 0)
            continue;
          /* A hex the profile keeps units out of, unless it is in an enemy
           * zone of control and the profile lets them in there. */
          if (step == WB_STEP_PROHIBITED && g->zoc_step != NULL && zoc != NULL && zoc[n])
            step = g->zoc_step[(gsize) h * WB_HEX_DIRECTIONS + d];
          if (step == WB_STEP_PROHIBITED)
            continue;
          c = g->cost[h] + step;
          if (c > allowance)
            continue;
          if ((occupied != NULL && occupied[n]) ||
              (zoc != NULL && (flags & WB_REACH_NO_ENTER_ZOC) && zoc[n]))
            continue;
          if (g->stamp[n] == g->generation && g->cost[n] <= c)
            continue;
          if (g->stamp[n] != g->generation)
            {
              reached++;
              g->reached[g->n_reached++] = n;
            }
          g->stamp[n] = g->generation;
          g->cost[n] = c;
          g->prev[n] = h;
          heap_push (g, c, n);
        }
    }
  return reached;
}

int
wb_hex_graph_reached_cost (const WbHexGraph *g, WbOffset hex)
{
  int i;

  if (!inside (g, hex))
    return -1;
  i = hex.row * g->cols + hex.col;
  return g->stamp[i] == g->generation ? g->cost[i] : -1;
}

const int *
wb_hex_graph_reached_hexes (const WbHexGraph *g, guint *n)
{
  g_return_val_if_fail (g != NULL && n != NULL, NULL);
  *n = g->n_reached;
  return g->reached;
}

GArray *
wb_hex_graph_path (const WbHexGraph *g, WbOffset hex)
{
  GArray *path = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  if (wb_hex_graph_reached_cost (g, hex) < 0)
    return path;
  for (int i = hex.row * g->cols + hex.col; i >= 0; i = g->prev[i])
    {
      WbOffset o = { i % g->cols, i / g->cols };
      g_array_prepend_val (path, o);
    }
  return path;
}
