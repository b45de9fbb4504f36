/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bench"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gstdio.h>

#include "warbench-core.h"
#include "wb-bench-rng.h"
#include "rules/wb-hex-movement.h"
#include "rules/wb-balance.h"
#include "rules/wb-play.h"
#include "rules/bg/wb-bg-battle.h"
#include "rules/columbia/wb-col-battle.h"
#include "rules/blind-swords/wb-bs-combat.h"

/*
 * wb-bench: the numbers behind bench/README.md. Every measurement runs in
 * its own process (the program re-runs itself) so each peak RSS is that
 * measurement's alone. Maps and games are generated here with a fixed
 * seed, so runs are comparable from machine to machine.
 *
 *   wb-bench                  every measurement
 *   wb-bench png [HEX_SIZE [N]]   N × N map (default 100) to PNG at scale 1
 *   wb-bench frame            1280 × 800 frames of a 200 × 200 map
 *   wb-bench los              line-of-sight checks per second
 *   wb-bench crt              odds-CRT lookups + resolutions per second
 *   wb-bench load             load and save 10,000 units on 40,000 hexes
 */

#define SQRT3 1.73205080756887729353

static int
rng_int (Rng *rng,
         int  n)
{
  return (int) (rng_next (rng) % (guint64) n);
}

static double
rng_double (Rng *rng)
{
  return (rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

static double
peak_rss_mib (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;   /* KiB on Linux */
}

/* --- the generated game ---------------------------------------------------- */

/* Smooth value noise in [0, 1) on a lattice of @cell hexes. */
static double
noise (guint32 seed,
       double  x,
       double  y,
       double  cell)
{
  int x0 = (int) floor (x / cell), y0 = (int) floor (y / cell);
  double fx = x / cell - x0, fy = y / cell - y0;
  double v[2][2];

  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      {
        Rng rng = { ((guint64) seed << 40) ^ ((guint64) (guint32) (x0 + i) << 20) ^ (guint32) (y0 + j) };

        rng_next (&rng);
        v[i][j] = rng_double (&rng);
      }
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);

  return (v[0][0] * (1 - fx) + v[1][0] * fx) * (1 - fy) + (v[0][1] * (1 - fx) + v[1][1] * fx) * fy;
}

static void
add_terrain (WbGame     *game,
             const char *id,
             char        key,
             const char *color,
             const char *pattern,
             gboolean    blocks_los)
{
  WbTerrainType *t = wb_terrain_type_new (id);
  WbMoveCost cost = { g_intern_string ("*"), key == 'c' ? 1 : 3 };

  t->name = g_strdup (id);
  t->key = key;
  t->color = g_strdup (color);
  t->pattern = g_strdup (pattern);
  t->blocks_los = blocks_los;
  g_array_append_val (t->move, cost);
  wb_game_add_terrain (game, t);
}

static void
add_feature (WbGame         *game,
             const char     *id,
             WbFeatureWhere  where,
             const char     *style,
             const char     *color,
             double          width)
{
  WbFeatureType *f = wb_feature_type_new (id, where);

  f->name = g_strdup (id);
  f->style = g_strdup (style);
  f->color = g_strdup (color);
  f->width = width;
  wb_game_add_feature (game, f);
}

/* A road (or trail) wandering across the map from the west edge. */
static void
add_road (WbHexMap   *map,
          Rng        *rng,
          const char *feature)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);
  WbOffset o = { 0, rng_int (rng, rows) };
  /* Mostly eastwards: NE, SE, with now and then N or S. */
  static const int dirs[] = { 1, 2, 1, 2, 1, 2, 0, 3 };
  int dir = 1;

  for (int steps = 0; steps < cols * 3; steps++)
    {
      WbOffset n;

      if (rng_int (rng, 3) == 0)
        dir = dirs[rng_int (rng, G_N_ELEMENTS (dirs))];
      n = wb_hex_neighbour (layout, o, dir);
      if (!wb_hex_map_contains (map, n))
        {
          if (n.col >= cols)
            break;
          dir = dir == 0 ? 3 : dir == 3 ? 0 : dir == 1 ? 2 : 1;
          continue;
        }
      wb_hex_map_add_side_feature (map, o, dir, feature);
      o = n;
    }
}

/* A creek running down the hexsides on the east of a column, stepping a
 * column east or west now and then. */
static void
add_creek (WbGame   *game,
           WbHexMap *map,
           Rng      *rng)
{
  int cols = wb_hex_map_get_cols (map), rows = wb_hex_map_get_rows (map);
  int col = rng_int (rng, cols - 1);
  int row = rng_int (rng, rows / 2);
  int len = rows / 4 + rng_int (rng, rows / 2);

  for (int k = 0; k < len && row < rows; k++, row++)
    {
      WbOffset o = { col, row };

      /* The NE and SE edges of a flat hex meet at its east corner. */
      wb_hex_map_add_side_feature (map, o, 1, "creek");
      wb_hex_map_add_side_feature (map, o, 2, "creek");
      if (wb_hex_map_has_side_feature (map, o, 1, "road") ||
          wb_hex_map_has_side_feature (map, o, 2, "road"))
        wb_hex_map_add_side_feature (map, o, rng_int (rng, 2) + 1, "bridge");
      else if (rng_int (rng, 12) == 0)
        wb_hex_map_add_side_feature (map, o, rng_int (rng, 2) + 1, "ford");
    }
  (void) game;
}

static WbGame *
make_game (int     cols,
           int     rows,
           double  hex_size,
           int     n_units,
           guint64 seed)
{
  WbGame *game = wb_game_new ();
  WbHexLayout layout = { WB_HEX_FLAT, WB_HEX_ODD };
  WbHexMap *map;
  WbScenario *scenario;
  Rng rng = { seed };
  static const char *side_ids[] = { "union", "confederate" };
  static const char *class_ids[] = { "infantry", "cavalry", "artillery" };

  wb_game_set_id (game, "bench");
  wb_game_set_title (game, "Benchmark");
  wb_game_get_rules (game)->family = g_intern_string ("spi-blue-gray");

  for (int i = 0; i < 2; i++)
    {
      WbSide *side = wb_side_new (side_ids[i]);

      side->name = g_strdup (side_ids[i]);
      side->color = g_strdup (i == 0 ? "#3a5f9f" : "#9a9a9a");
      side->text_color = g_strdup (i == 0 ? "#ffffff" : "#000000");
      wb_game_add_side (game, side);
    }
  for (int i = 0; i < 3; i++)
    {
      WbUnitType *klass = wb_unit_type_new (class_ids[i]);

      klass->name = g_strdup (class_ids[i]);
      klass->symbol = g_strdup (class_ids[i]);
      wb_game_add_unit_class (game, klass);
    }

  add_terrain (game, "clear", 'c', "#efe6c4", "none", FALSE);
  add_terrain (game, "forest", 'f', "#6f9a55", "trees", TRUE);
  add_terrain (game, "rough", 'r', "#c2a274", "rough", FALSE);
  add_terrain (game, "marsh", 'm', "#a9c7a4", "marsh", FALSE);
  add_terrain (game, "water", 'w', "#5d93cf", "water", FALSE);
  add_terrain (game, "town", 't', "#d8cbb6", "town", TRUE);

  add_feature (game, "road", WB_FEATURE_HEXSIDE, "road", "#8b1a1a", 0.1);
  add_feature (game, "trail", WB_FEATURE_HEXSIDE, "trail", "#5a3a1a", 0.06);
  add_feature (game, "pike", WB_FEATURE_HEXSIDE, "pike", "#d9663f", 0.13);
  add_feature (game, "creek", WB_FEATURE_HEXSIDE, "creek", "#2d6fc0", 0.1);
  add_feature (game, "ford", WB_FEATURE_HEXSIDE, "ford", "#2d6fc0", 0.1);
  add_feature (game, "bridge", WB_FEATURE_HEXSIDE, "bridge", "#333333", 0);
  add_feature (game, "town", WB_FEATURE_HEX, "town", "#222222", 0);

  map = wb_hex_map_new ("map", layout, cols, rows, "clear");
  wb_map_set_name (WB_MAP (map), "Generated");
  wb_hex_map_set_hex_size (map, hex_size);
  wb_hex_map_set_numbering (map, 1, 1, cols >= 100 || rows >= 100 ? 3 : 2);

  for (int row = 0; row < rows; row++)
    for (int col = 0; col < cols; col++)
      {
        WbOffset o = { col, row };
        double wood = noise (1, col, row, 6);
        double wet = noise (2, col, row, 9);
        double hill = noise (3, col, row, 11);
        const char *t = "clear";

        if (wet > 0.82)
          t = "water";
        else if (wet > 0.74)
          t = "marsh";
        else if (hill > 0.78)
          t = "rough";
        else if (wood > 0.5)
          t = "forest";
        else if (rng_int (&rng, 150) == 0)
          t = "town";
        wb_hex_map_set_terrain (map, o, t);
        wb_hex_map_set_elevation (map, o, (int) (hill * 5));

        if (g_str_equal (t, "town"))
          {
            g_autofree char *label = g_strdup_printf ("Town %d-%d", col + 1, row + 1);

            wb_hex_map_add_hex_feature (map, o, "town");
            wb_hex_map_set_label (map, o, label);
          }
      }

  for (int i = 0; i < rows / 8; i++)
    add_road (map, &rng, "road");
  for (int i = 0; i < rows / 8; i++)
    add_road (map, &rng, "trail");
  for (int i = 0; i < MAX (rows / 40, 1); i++)
    add_road (map, &rng, "pike");
  for (int i = 0; i < cols / 5; i++)
    add_creek (game, map, &rng);

  wb_game_add_map (game, WB_MAP (map));

  scenario = wb_scenario_new ("setup");
  wb_scenario_set_name (scenario, "Everything on the map");
  wb_scenario_set_map (scenario, "map");
  wb_scenario_set_turn_count (scenario, 20);

  for (int i = 0; i < n_units; i++)
    {
      char id[32], hex[32];
      WbUnit *unit;
      WbSetup *line;
      WbStrength strength = { WB_STRENGTH_SINGLE, 1, 0, { 0 } };
      WbOffset o = { rng_int (&rng, cols), rng_int (&rng, rows) };

      g_snprintf (id, sizeof id, "u%05d", i);
      unit = wb_unit_new (id);
      wb_unit_set_name (unit, id);
      wb_unit_set_designation (unit, id);
      wb_unit_set_side (unit, side_ids[i % 2]);
      wb_unit_set_class_id (unit, class_ids[i % 3]);
      wb_unit_set_size (unit, "X");
      strength.halves[0] = (gint16) (2 * (1 + rng_int (&rng, 12)));
      wb_unit_set_strength (unit, &strength);
      wb_game_add_unit (game, unit);

      wb_hex_map_format_hex (map, o, hex, sizeof hex);
      line = wb_setup_new (id);
      wb_place_array_add (line->at, WB_PLACE_HEX, hex);
      g_ptr_array_add (wb_scenario_get_setup (scenario), line);
    }
  wb_game_add_scenario (game, scenario);

  return game;
}

/* --- measurements ---------------------------------------------------------- */

/* User and system time of the whole process, all threads. */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static int
bench_png (double hex_size,
           int    size)
{
  g_autoptr(WbGame) game = make_game (size, size, hex_size, 0, 1);
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "wb-bench-map.png", NULL);
  g_autoptr(GError) error = NULL;
  WbRenderOptions options;
  GStatBuf st;
  double t0, t1, c0, c1, w, h;

  wb_render_options_init (&options);
  c0 = cpu_seconds ();
  t0 = now ();
  if (!wb_render_map_to_file (game, map, path, WB_EXPORT_PNG, &options, &error))
    g_error ("%s", error->message);
  t1 = now ();
  c1 = cpu_seconds ();

  wb_map_get_extent (map, &w, &h);
  g_stat (path, &st);
  printf ("png: %dx%d hexes, hex size %.0f pt, image %.0fx%.0f px, %.1f MiB file: "
          "%.3f s (CPU %.3f s, all threads), peak RSS %.1f MiB\n",
          size, size, hex_size, ceil (w + 24), ceil (h + 24), st.st_size / 1048576.0, t1 - t0, c1 - c0,
          peak_rss_mib ());
  g_unlink (path);
  return 0;
}

static double
frames (WbGame          *game,
        WbMap           *map,
        cairo_surface_t *surface,
        double           scale,
        WbLayers         layers,
        int              n)
{
  WbRenderOptions options;
  double w, h, vw, vh, t0;
  int sw = cairo_image_surface_get_width (surface);
  int sh = cairo_image_surface_get_height (surface);
  Rng rng = { 42 };

  wb_map_get_extent (map, &w, &h);
  vw = sw / scale;
  vh = sh / scale;
  wb_render_options_init (&options);
  options.layers = layers;
  options.scale = scale;
  options.scenario = g_ptr_array_index (wb_game_get_scenarios (game), 0);

  t0 = now ();
  for (int i = 0; i < n; i++)
    {
      cairo_t *cr = cairo_create (surface);
      /* Pan to a different place each frame. */
      double x = MAX (w - vw, 0) * rng_double (&rng), y = MAX (h - vh, 0) * rng_double (&rng);

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_scale (cr, scale, scale);
      cairo_translate (cr, -x, -y);
      options.clip_x = x;
      options.clip_y = y;
      options.clip_width = vw;
      options.clip_height = vh;
      wb_render_map (game, map, cr, &options);
      cairo_destroy (cr);
    }
  cairo_surface_flush (surface);

  return (now () - t0) / n * 1000;
}

static int
bench_frame (void)
{
  g_autoptr(WbGame) game = make_game (200, 200, 30, 10000, 2);
  WbMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1280, 800);
  static const struct {
    const char *name;
    double      scale;
    int         n;
  } zooms[] = {
    { "zoomed in (scale 2, ~14x9 hexes)", 2.0, 200 },
    { "scale 1 (~28x15 hexes, numbers on)", 1.0, 100 },
    { "zoomed out (scale 0.25, ~114x62 hexes)", 0.25, 30 },
    { "whole map (scale 0.076, 200x200 hexes)", 800.0 / (30 * SQRT3 * 200.5), 20 },
  };

  /* Warm up fonts and caches. */
  frames (game, map, surface, 1.0, WB_LAYER_ALL, 3);

  for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
    {
      double all = frames (game, map, surface, zooms[i].scale, WB_LAYER_ALL, zooms[i].n);
      double stat = frames (game, map, surface, zooms[i].scale, WB_LAYER_STATIC, zooms[i].n);

      printf ("frame: 200x200 map, 10000 units, 1280x800, %s: %.2f ms all layers, "
              "%.2f ms static layers (%d frames)\n",
              zooms[i].name, all, stat, zooms[i].n);
    }
  printf ("frame: peak RSS %.1f MiB\n", peak_rss_mib ());
  cairo_surface_destroy (surface);
  return 0;
}

static int
bench_los (void)
{
  const int cols = 200, rows = 200, n_pairs = 1 << 20, rounds = 4;
  g_autoptr(WbGame) game = make_game (cols, rows, 30, 0, 3);
  WbHexMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  WbHexLayout layout = wb_hex_map_get_layout (map);
  g_autofree guint8 *blocks = g_new0 (guint8, cols * rows);
  g_autofree WbOffset *pairs = g_new (WbOffset, 2 * n_pairs);
  Rng rng = { 7 };
  WbLosStep steps[32];
  guint64 clear = 0, total = 0;
  double t0, secs;

  /* What blocks: the terrain's flag, looked up once per hex. */
  for (int row = 0; row < rows; row++)
    for (int col = 0; col < cols; col++)
      {
        WbOffset o = { col, row };
        WbTerrainType *t = wb_game_find_terrain (game, wb_hex_map_get_terrain (map, o));

        blocks[row * cols + col] = t != NULL && t->blocks_los;
      }

  for (int i = 0; i < n_pairs; i++)
    {
      WbOffset a = { rng_int (&rng, cols), rng_int (&rng, rows) }, b;

      do
        {
          b.col = a.col + rng_int (&rng, 25) - 12;
          b.row = a.row + rng_int (&rng, 25) - 12;
        }
      while (b.col < 0 || b.row < 0 || b.col >= cols || b.row >= rows ||
             wb_hex_distance (layout, a, b) > 12);
      pairs[2 * i] = a;
      pairs[2 * i + 1] = b;
    }

  t0 = now ();
  for (int round = 0; round < rounds; round++)
    for (int i = 0; i < n_pairs; i++)
      {
        gsize n = wb_hex_line (layout, pairs[2 * i], pairs[2 * i + 1], steps, G_N_ELEMENTS (steps));
        gboolean blocked = FALSE;

        /* The end hexes never block; on a hexside tie both must (SPI 8.32). */
        for (gsize k = 1; k + 1 < n && !blocked; k++)
          {
            WbOffset h = steps[k].hex, alt = steps[k].alt;

            blocked = blocks[h.row * cols + h.col] &&
                      (!steps[k].tie || blocks[alt.row * cols + alt.col]);
          }
        clear += !blocked;
        total++;
      }
  secs = now () - t0;

  printf ("los: %" G_GUINT64_FORMAT " checks (distance <= 12, wb_hex_line + terrain test) in "
          "%.3f s: %.2f M checks/s (%.0f%% clear)\n",
          total, secs, total / secs / 1e6, 100.0 * clear / total);
  return 0;
}

static int
bench_gen (const char *path)
{
  g_autoptr(WbGame) game = make_game (200, 200, 30, 10000, 4);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  if (!wb_game_save (game, file, NULL, &error))
    g_error ("%s", error->message);
  return 0;
}

static int
bench_load (const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autofree char *out_path = g_strconcat (path, ".saved", NULL);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  gsize len = 0;
  double t0, t_load, t_save;
  double rss_before;

  if (!g_file_get_contents (path, &data, &len, &error))
    g_error ("%s", error->message);
  rss_before = peak_rss_mib ();

  t0 = now ();
  game = wb_game_load_from_data (data, len, path, &error);
  t_load = now () - t0;
  if (game == NULL)
    g_error ("%s", error->message);

  t0 = now ();
  if (!wb_game_save (game, out, NULL, &error))
    g_error ("%s", error->message);
  t_save = now () - t0;

  printf ("load: %.1f MiB file, %u units, %dx%d hexes: load %.0f ms, save %.0f ms, "
          "peak RSS %.1f MiB (%.1f MiB before loading, the file text included)\n",
          len / 1048576.0, wb_game_get_units (game)->len,
          wb_hex_map_get_cols (g_ptr_array_index (wb_game_get_maps (game), 0)),
          wb_hex_map_get_rows (g_ptr_array_index (wb_game_get_maps (game), 0)),
          t_load * 1000, t_save * 1000, peak_rss_mib (), rss_before);
  g_unlink (out_path);
  return 0;
}

/* The Wilderness CRT (battle-of-the-wilderness.warbench), built in code. */
static WbTable *
make_crt (void)
{
  static const char *labels[] = { "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1" };
  static const int lo[] = { 1, 1, 1, 1, 1, 2, 3, 4, 5, 6 }, hi[] = { 5, 4, 3, 2, 1, 1, 1, 1, 1, 1 };
  static const char *rows[6][10] = {
    { "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "De", "De", "De", "De" },
    { "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De", "De" },
    { "Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De" },
    { "Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr" },
    { "Ae", "Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Ex", "Ex", "Dr" },
    { "Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Ex", "Ex", "Ex", "Ex" },
  };
  WbTable *crt = wb_table_new ("crt", WB_TABLE_ODDS);

  for (int c = 0; c < 10; c++)
    wb_table_add_column (crt, labels[c], lo[c], hi[c]);
  for (int r = 0; r < 6; r++)
    {
      GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
      char label[4];

      for (int c = 0; c < 10; c++)
        g_ptr_array_add (cells, g_strdup (rows[r][c]));
      g_snprintf (label, sizeof label, "%d", r + 1);
      wb_table_add_row (crt, label, r + 1, r + 1, cells);
    }
  return crt;
}

/* Odds lookup (clamped at the ends) plus resolution of random attacks:
 * attack 1-60, defence 1-20, a d6 roll, from a fixed seed. */
static int
bench_crt (void)
{
  const int n = 1 << 20, rounds = 16;
  g_autoptr(WbTable) crt = make_crt ();
  g_autofree int *input = g_new (int, 3 * n);
  Rng rng = { 11 };
  guint64 hits = 0, clamped = 0;
  double t0, secs;

  for (int i = 0; i < n; i++)
    {
      input[3 * i] = 1 + rng_int (&rng, 60);
      input[3 * i + 1] = 1 + rng_int (&rng, 20);
      input[3 * i + 2] = 1 + rng_int (&rng, 6);
    }

  t0 = now ();
  for (int round = 0; round < rounds; round++)
    for (int i = 0; i < n; i++)
      {
        WbColumnClamp clamp;
        int col = wb_table_odds_column (crt, input[3 * i], input[3 * i + 1], FALSE, &clamp);
        const char *cell = wb_table_resolve (crt, (guint) col, input[3 * i + 2]);

        hits += cell[0] == 'D';
        clamped += clamp != WB_COLUMN_EXACT;
      }
  secs = now () - t0;

  printf ("crt: %d odds lookups + resolutions in %.3f s: %.1f M/s "
          "(%.1f %% defender results, %.1f %% clamped)\n",
          n * rounds, secs, n * rounds / secs / 1e6,
          100.0 * hits / ((double) n * rounds), 100.0 * clamped / ((double) n * rounds));
  return 0;
}

/* Legal destinations: the reachable hexes of one unit with 6 MP on the
 * generated 200 x 200 map (forest, rough, marsh, water, roads, trails,
 * creeks with fords and bridges), 400 enemy units' zones of control
 * stopping moves, from random start hexes. The graph is compiled once. */
static int
bench_moves (void)
{
  const int cols = 200, rows = 200, n = 1 << 16, n_enemies = 400;
  g_autoptr(WbGame) game = make_game (cols, rows, 30, 0, 4);
  WbHexMap *map = g_ptr_array_index (wb_game_get_maps (game), 0);
  g_autofree guint8 *zoc = g_new0 (guint8, cols * rows);
  g_autofree guint8 *occupied = g_new0 (guint8, cols * rows);
  g_autofree WbOffset *starts = g_new (WbOffset, n);
  Rng rng = { 5 };
  WbHexGraph *graph;
  guint64 reached = 0;
  double t0, compile, secs;

  t0 = now ();
  graph = wb_hex_graph_new (game, map, "infantry");
  compile = now () - t0;
  for (int i = 0; i < n_enemies; i++)
    {
      WbOffset e = { rng_int (&rng, cols), rng_int (&rng, rows) };
      occupied[e.row * cols + e.col] = 1;
      wb_hex_graph_add_zoc (graph, e, zoc);
    }
  for (int i = 0; i < n; i++)
    {
      starts[i].col = rng_int (&rng, cols);
      starts[i].row = rng_int (&rng, rows);
    }
  t0 = now ();
  for (int i = 0; i < n; i++)
    reached += wb_hex_graph_reach (graph, starts[i], 6 * WB_MOVE_QUARTERS, occupied, zoc,
                                   WB_REACH_ZOC_STOPS);
  secs = now () - t0;
  printf ("moves: 200x200 map, graph compiled in %.1f ms; %d searches (6 MP, %d enemies' ZOC): "
          "%.4f ms each, %.1f hexes reached on average\n",
          compile * 1e3, n, n_enemies, secs * 1e3 / n, (double) reached / n);
  wb_hex_graph_free (graph);
  return 0;
}

static WbGame *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (SOURCE_DATADIR, "games", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  if (game == NULL)
    fprintf (stderr, "wb-bench: %s\n", error->message);
  return game;
}

static WbGame *
load_wilderness (void)
{
  return load_bundled ("battle-of-the-wilderness.warbench");
}

/* Plays @scenario of @game to the end with the automatic player on both
 * sides; the number of actions in @n. */
static WbPlay *auto_game_of (WbGame *game, const char *scenario, guint64 seed, int extra_rolls, int *n);

static WbPlay *
auto_game (WbGame *game, guint64 seed, int extra_rolls, int *n)
{
  return auto_game_of (game, "historical", seed, extra_rolls, n);
}

/* Plays the Wilderness to the end with the automatic player on both sides
 * (warbench-cli play --auto), @extra_rolls engine "roll" actions before
 * each of its actions; the number of actions in @n. */
static WbPlay *
auto_game_of (WbGame *game, const char *scenario, guint64 seed, int extra_rolls, int *n)
{
  g_autoptr(GError) error = NULL;
  WbPlay *play = wb_play_new (game, NULL, scenario, NULL, seed, &error);
  g_autoptr(JsonObject) roll = json_object_new ();
  WbRng policy;

  json_object_set_string_member (roll, "type", "roll");
  json_object_set_string_member (roll, "dice", "2d6");
  wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
  *n = 0;
  for (;;)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      if (a == NULL)
        break;
      for (int i = 0; i < extra_rolls; i++, (*n)++)
        wb_play_act (play, roll, NULL);
      if (!wb_play_act (play, a, &error))
        {
          fprintf (stderr, "wb-bench: the automatic player was refused: %s\n", error->message);
          break;
        }
      (*n)++;
    }
  return play;
}

/* (h) on the Wilderness: the legal destinations of every Confederate unit
 * at the set-up (the SPI family's rules: profiles, zones of control,
 * stacking); (k) one combat: an attack resolved on a copy of the state. */
static int
bench_wilderness_rules (void)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(GPtrArray) events = g_ptr_array_new ();
  const WbRulesFamily *family = wb_rules_family_find ("spi-blue-gray");
  gpointer data;
  WbMatch *m;
  guint64 reached = 0;
  int searches = 0, n = 20000;
  double t0, secs;

  if (game == NULL)
    return 1;
  play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  m = wb_play_get_state (play);
  t0 = now ();
  for (int round = 0; round < 50; round++)
    for (guint i = 0; i < m->units->len; i++)
      {
        WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
        g_autoptr(GArray) dest = NULL;

        if (u->side != m->active || u->where.kind != WB_WHERE_HEX)
          continue;
        dest = wb_play_destinations (play, u->id);
        reached += dest != NULL ? dest->len : 0;
        searches++;
      }
  secs = now () - t0;
  printf ("moves: Wilderness, the SPI family's legal destinations of a unit: %.4f ms each (%d queries, "
          "%.1f hexes on average)\n", secs * 1e3 / searches, searches, (double) reached / searches);

  /* One combat: 13 against 4 at 3-1 (7.0's example), resolved on a copy. */
  {
    const char *setup[] = {
      "{\"type\": \"override_move\", \"unit\": \"1-2-V\", \"to\": {\"hex\": \"1622\"}}",
      "{\"type\": \"override_move\", \"unit\": \"gordon\", \"to\": {\"hex\": \"1621\"}}",
      "{\"type\": \"override_move\", \"unit\": \"csa-0218\", \"to\": {\"hex\": \"1722\"}}",
      "{\"type\": \"end_step\"}",
    };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *attack;
    WbRuleContext ctx = { NULL, events, family->checks, family->n_checks, FALSE, NULL, NULL };
    int done = 0;

    for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
      {
        json_parser_load_from_data (parser, setup[i], -1, NULL);
        if (!wb_play_act (play, json_node_get_object (json_parser_get_root (parser)), &error))
          {
            fprintf (stderr, "wb-bench: %s\n", error->message);
            return 1;
          }
      }
    data = family->prepare (game, wb_play_get_state (play), &error);
    json_parser_load_from_data (parser, "{\"type\": \"attack\", \"attackers\": [\"gordon\", \"csa-0218\"], "
                                "\"defenders\": [\"1622\"]}", -1, NULL);
    attack = json_node_get_object (json_parser_get_root (parser));
    t0 = now ();
    for (int i = 0; i < n; i++)
      {
        WbMatch *copy = wb_match_copy (wb_play_get_state (play));

        g_autoptr(GError) refusal = NULL;

        ctx.match = copy;
        done += family->apply (data, copy, attack, &ctx, &refusal) == WB_APPLY_DONE;
        if (refusal != NULL && i == 0)
          fprintf (stderr, "wb-bench: the attack was refused: %s\n", refusal->message);
        for (guint k = 0; k < events->len; k++)
          {
            g_free (((WbLogEvent *) g_ptr_array_index (events, k))->text);
            g_free (g_ptr_array_index (events, k));
          }
        g_ptr_array_set_size (events, 0);
        wb_match_free (copy);
      }
    secs = now () - t0;
    printf ("combat: one SPI attack (13 to 4, 3-1) checked, resolved and its result applied: %.4f ms each "
            "(%d of %d resolved)\n", secs * 1e3 / n, done, n);
    family->release (data);
  }
  return 0;
}

/* (i) whole automatic games of the Wilderness: every action checked by the
 * rules, journalled and logged; (j) replaying a 10,000-action journal. */
static int
bench_game (void)
{
  g_autoptr(WbGame) game = load_wilderness ();
  const int games = 20;
  double t0, secs;
  int total = 0;

  if (game == NULL)
    return 1;
  t0 = now ();
  for (int i = 0; i < games; i++)
    {
      int n;
      g_autoptr(WbPlay) play = auto_game (game, 1000 + i, 0, &n);
      total += n;
    }
  secs = now () - t0;
  printf ("game: %d automatic 16-turn Wilderness games in %.3f s: %.1f ms a game (%.0f actions a game)\n",
          games, secs, secs * 1e3 / games, (double) total / games);
  return 0;
}

/* (s) the balance lab: N automatic Wilderness games (wb_balance_run) on 1
 * and on 2 worker threads: games a second per core and the scaling. */
static int
bench_balance (guint games)
{
  g_autoptr(WbGame) game = load_wilderness ();
  double secs[2], cpu0;

  if (game == NULL)
    return 1;
  for (guint j = 1; j <= 2; j++)
    {
      g_autoptr(WbBalance) b = NULL;
      WbBalanceOptions o;
      double t0;

      wb_balance_options_init (&o);
      o.games = games;
      o.first_seed = 1000;
      o.jobs = j;
      cpu0 = cpu_seconds ();
      t0 = now ();
      b = wb_balance_run (game, &o, NULL, NULL, NULL, NULL);
      secs[j - 1] = now () - t0;
      if (b == NULL || !wb_balance_is_complete (b))
        return 1;
      printf ("balance: %u Wilderness games on %u job%s in %.2f s wall (%.1f ms a game, %.1f games/s; %.2f s CPU, "
              "%.1f games/s per core busy)\n",
              games, j, j > 1 ? "s" : "", secs[j - 1], secs[j - 1] * 1e3 / games, games / secs[j - 1],
              cpu_seconds () - cpu0, games / (cpu_seconds () - cpu0));
    }
  printf ("balance: 1 → 2 jobs: %.2f× as fast; 10,000 games on 2 jobs would take %.0f s\n", secs[0] / secs[1],
          secs[1] / games * 10000);
  return 0;
}

/* (m) whole automatic games of the Blue & Gray scenarios. */
static int
bench_bg_game (void)
{
  const struct { const char *file, *scenario; } games[] = {
    { "jackson-sheridan.warbench", "1862" },
    { "jackson-sheridan.warbench", "1864" },
    { "grants-gamble.warbench", "campaign" },
  };
  const int runs = 20;

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(WbGame) game = load_bundled (games[g].file);
      int total = 0, turns = 0, decided = 0;
      double t0, secs;

      if (game == NULL)
        return 1;
      t0 = now ();
      for (int i = 0; i < runs; i++)
        {
          int n;
          g_autoptr(WbPlay) play = auto_game_of (game, games[g].scenario, 1000 + i, 0, &n);
          WbMatch *m = wb_play_get_state (play);

          total += n;
          turns += m->turn;
          decided += m->decided;
        }
      secs = now () - t0;
      printf ("bg-game: %d automatic games of %s %s in %.3f s: %.1f ms a game (%.0f actions, %.1f turns a game; "
              "%d ended by an automatic victory)\n",
              runs, games[g].file, games[g].scenario, secs, secs * 1e3 / runs, (double) total / runs,
              (double) turns / runs, decided);
    }
  return 0;
}

/* (o) whole automatic games of Shenandoah: movement, battles, supply. */
static int
bench_col_game (void)
{
  g_autoptr(WbGame) game = load_bundled ("shenandoah.warbench");
  const int runs = 20;
  int total = 0, turns = 0, battles = 0;
  double t0, c0, secs, cpu;

  if (game == NULL)
    return 1;
  t0 = now ();
  c0 = cpu_seconds ();
  for (int i = 0; i < runs; i++)
    {
      int n;
      g_autoptr(WbPlay) play = auto_game_of (game, "campaign", 1000 + i, 0, &n);
      WbMatch *m = wb_play_get_state (play);
      GPtrArray *log = wb_play_get_log (play);

      total += n;
      turns += m->turn;
      for (guint k = 0; k < log->len; k++)
        battles += strstr (((WbLogEvent *) g_ptr_array_index (log, k))->text, "wins the battle of") != NULL;
    }
  secs = now () - t0;
  cpu = cpu_seconds () - c0;
  printf ("col-game: %d automatic games of shenandoah.warbench campaign in %.3f s (CPU %.3f s): %.1f ms a game "
          "(%.0f actions, %.1f turns, %.1f battles a game)\n",
          runs, secs, cpu, secs * 1e3 / runs, (double) total / runs, (double) turns / runs,
          (double) battles / runs);
  return 0;
}

static int
bench_replay (void)
{
  g_autoptr(WbGame) game = load_wilderness ();
  g_autoptr(WbPlay) play = NULL;
  g_autoptr(WbMatch) end = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GError) error = NULL;
  double t0, secs;
  guint32 cursor;
  int n;

  if (game == NULL)
    return 1;
  /* About 10,000 actions: a whole game with 7 rolls before each move. */
  play = auto_game (game, 7, 7, &n);
  cursor = wb_journal_get_cursor (wb_play_get_journal (play));
  t0 = now ();
  for (int i = 0; i < 5; i++)
    {
      g_clear_pointer (&end, wb_match_free);
      g_clear_pointer (&log, g_ptr_array_unref);
      end = wb_play_replay (play, cursor, &log, &error);
      if (end == NULL)
        {
          fprintf (stderr, "wb-bench: %s\n", error->message);
          return 1;
        }
    }
  secs = (now () - t0) / 5;
  printf ("replay: a %u-action journal (a whole Wilderness game) replayed from the seed in %.1f ms "
          "(%u log lines)\n", wb_journal_get_entry (wb_play_get_journal (play), cursor)->depth, secs * 1e3,
          log->len);
  return 0;
}

/* (l) Blue & Gray battles on the battle board (core/rules/bg/wb-bg-battle.c):
 * three units a side and one reinforcement candidate each (below); random
 * dice (PCG32); hits on the biggest line unit, a side retreats when its
 * line has under half the enemy line's SP, every candidate tries.
 * Played to the end without log lines, the way the automatic player does. */
static long bench_dice;

static gboolean
bench_die (gpointer data, int sides, int *face, GError **error)
{
  (void) error;
  bench_dice++;
  *face = wb_rng_die (data, sides);
  return TRUE;
}

/* The policy: retreat when the own line has under half the enemy's SP. */
static gboolean
wants_retreat (const WbBgBattle *b, WbBgSide side)
{
  int sp[2] = { 0, 0 };

  for (int i = 0; i < b->n_units; i++)
    {
      const WbBgBattleUnit *u = &b->units[i];

      if (!(u->flags & WB_BG_UNIT_ELIMINATED) && u->box <= WB_BG_BOX_FORTIFIED)
        sp[u->side] += u->sp;
    }
  return 2 * sp[side] < sp[!side];
}

static int
bench_battle (void)
{
  const int battles = 1 << 20;
  WbRng rng;
  WbBgBattleIo io = { bench_die, NULL, NULL, NULL, NULL };
  WbBgBattle setup;
  double t0, secs;
  long rounds = 0, actions = 0, attacker_held = 0;

  wb_rng_seed (&rng, 1864, WB_RNG_MATCH_STREAM);
  io.data = &rng;
  wb_bg_battle_init (&setup);
  setup.rating[WB_BG_ATTACKER] = 8;
  setup.rating[WB_BG_DEFENDER] = 7;
  /* The Movement & Battle Example's shape: two corps (one across a river)
   * and Sheridan against two divisions (one entrenched) and cavalry; one
   * corps and one division in adjacent locations may reinforce. */
  wb_bg_battle_add (&setup, 0, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 12, 4, 0, WB_BG_UNIT_RIVER, FALSE);
  wb_bg_battle_add (&setup, 1, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 10, 3, 0, 0, FALSE);
  wb_bg_battle_add (&setup, 2, WB_BG_ATTACKER, WB_BG_CLASS_LEADER, 0, 0, 0, 0, FALSE);
  wb_bg_battle_add (&setup, 3, WB_BG_ATTACKER, WB_BG_CLASS_INFANTRY, 10, 3, 0, 0, TRUE);
  wb_bg_battle_add (&setup, 4, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 0, WB_BG_UNIT_TRENCH, FALSE);
  wb_bg_battle_add (&setup, 5, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 8, 4, 0, 0, FALSE);
  wb_bg_battle_add (&setup, 6, WB_BG_DEFENDER, WB_BG_CLASS_CAVALRY, 3, 4, 0, 0, FALSE);
  wb_bg_battle_add (&setup, 7, WB_BG_DEFENDER, WB_BG_CLASS_INFANTRY, 4, 4, 0, 0, TRUE);
  t0 = now ();
  for (int k = 0; k < battles; k++)
    {
      WbBgBattle b;
      WbBgSide side;
      WbBgStage stage;
      WbBgBattleResult r;
      int slots[64];

      memcpy (&b, &setup, sizeof b);
      if (!wb_bg_battle_start (&b, 0, &io, NULL))
        return 1;
      while ((stage = wb_bg_battle_stage (&b, &side)) != WB_BG_STAGE_OVER)
        {
          gboolean ok = TRUE;
          guint32 mask = 0;

          actions++;
          switch (stage)
            {
            case WB_BG_STAGE_FIRE:
            case WB_BG_STAGE_MORALE:
            case WB_BG_STAGE_RETREAT_FIRE:
              ok = wb_bg_battle_roll (&b, &io, NULL);
              break;
            case WB_BG_STAGE_ALLOCATE:
              ok = wb_bg_battle_allocate (&b, slots, wb_bg_battle_suggest_allocation (&b, slots, 64), &io, NULL);
              break;
            case WB_BG_STAGE_REROLL:
              ok = wb_bg_battle_reroll (&b, -1, &io, NULL);
              break;
            case WB_BG_STAGE_RETREAT:
              ok = wb_bg_battle_decide (&b, wants_retreat (&b, side), &io, NULL);
              rounds += side == WB_BG_ATTACKER;
              break;
            case WB_BG_STAGE_REINFORCE:
              for (int i = 0; i < b.n_units; i++)
                if (b.units[i].side == side && b.units[i].box == WB_BG_BOX_OFF)
                  mask |= 1u << i;
              ok = wb_bg_battle_reinforce (&b, mask, &io, NULL);
              break;
            case WB_BG_STAGE_DEPLOY:
              ok = wb_bg_battle_fortify (&b, 0, &io, NULL);
              break;
            case WB_BG_STAGE_SETUP:
            case WB_BG_STAGE_OVER:
            default:
              ok = FALSE;
              break;
            }
          if (!ok)
            {
              fprintf (stderr, "wb-bench: the battle refused an action at %s\n", wb_bg_battle_stage_name (stage));
              return 1;
            }
        }
      wb_bg_battle_result (&b, &r);
      attacker_held += r.holder == WB_BG_ATTACKER;
    }
  secs = now () - t0;
  printf ("battle: %d Blue & Gray battles in %.3f s: %.0f battles/s (%.1f rounds, %.1f actions, %.1f dice a battle; "
          "the attacker held %.0f %%)\n", battles, secs, battles / secs, (double) rounds / battles,
          (double) actions / battles, (double) bench_dice / battles, 100.0 * attacker_held / battles);
  return 0;
}

/* (n) Columbia block battles (core/rules/columbia/wb-col-battle.c): the
 * Battle Turn sidebar's Winchester (five CSA blocks attacking along the
 * pike, one over a ford, against four USA blocks) with two CSA blocks
 * reinforcing by a road in round 2 and one USA block by the declared road;
 * random dice (PCG32); every choice the engine's automatic one
 * (wb_col_battle_play_auto: hits on the weakest of tied blocks, retreat when
 * forced, to save an HQ at 0 or when outnumbered two to one); no records. */
static gboolean
col_die (gpointer data, int *face, GError **error)
{
  (void) error;
  bench_dice++;
  *face = wb_rng_die (data, 6);
  return TRUE;
}

static int
bench_col_battle (void)
{
  const int battles = 1 << 20;
  WbRng rng;
  WbColBattleIo io = { col_die, NULL, NULL };
  WbColBattle setup;
  double t0, c0, secs, cpu;
  long rounds = 0, attacker_held = 0, flipped = 0;
  static const struct {
    int side, kind, strength, max;
    const char *fp;
    int arrival, road, crossed;
  } blocks[] = {
    { 1, WB_COL_HQ, 3, 3, "B3", 1, 0, 0 },         /* Jackson */
    { 1, WB_COL_ARTILLERY, 3, 3, "A2", 1, 0, 0 },
    { 1, WB_COL_CAVALRY, 2, 3, "B1", 1, 0, 0 },
    { 1, WB_COL_INFANTRY, 4, 4, "C3", 1, 0, 0 },
    { 1, WB_COL_INFANTRY, 3, 4, "C2", 1, 0, 1 },
    { 1, WB_COL_INFANTRY, 3, 4, "C2", 2, 1, 0 },
    { 1, WB_COL_INFANTRY, 2, 4, "C1", 2, 1, 0 },
    { 0, WB_COL_ARTILLERY, 3, 3, "A2", 1, WB_COL_NO_ROAD, 0 },
    { 0, WB_COL_HQ, 2, 3, "B1", 1, WB_COL_NO_ROAD, 0 },  /* Banks */
    { 0, WB_COL_INFANTRY, 3, 4, "C1", 1, WB_COL_NO_ROAD, 0 },
    { 0, WB_COL_INFANTRY, 4, 4, "C2", 1, WB_COL_NO_ROAD, 0 },
    { 0, WB_COL_INFANTRY, 3, 4, "C2", 2, 2, 1 },
  };

  wb_rng_seed (&rng, 1862, WB_RNG_MATCH_STREAM);
  io.data = &rng;
  wb_col_battle_init (&setup, 1);
  wb_col_battle_add_road (&setup, 6, TRUE, TRUE);    /* the Valley Pike from Newtown */
  wb_col_battle_add_road (&setup, 4, TRUE, TRUE);    /* a road from Front Royal */
  wb_col_battle_add_road (&setup, 4, TRUE, TRUE);    /* the road to Martinsburg */
  wb_col_battle_add_road (&setup, 2, TRUE, FALSE);   /* a trail to a CSA town */
  for (guint i = 0; i < G_N_ELEMENTS (blocks); i++)
    {
      WbColBlockSpec spec = {
        .index = (int) i, .side = blocks[i].side, .kind = (WbColKind) blocks[i].kind,
        .strength = blocks[i].strength, .max_strength = blocks[i].max, .letter = blocks[i].fp[0],
        .fire = blocks[i].fp[1] - '0', .arrival = blocks[i].arrival, .road = blocks[i].road,
        .crossed = blocks[i].crossed != 0,
      };

      if (wb_col_battle_add (&setup, &spec, NULL) < 0)
        return 1;
    }
  t0 = now ();
  c0 = cpu_seconds ();
  for (int k = 0; k < battles; k++)
    {
      WbColBattle b;

      memcpy (&b, &setup, sizeof b);
      if (!wb_col_battle_play_auto (&b, &io, NULL))
        {
          fprintf (stderr, "wb-bench: the Columbia battle refused an action\n");
          return 1;
        }
      rounds += b.round;
      attacker_held += b.victor == 1;
      flipped += b.flipped;
    }
  secs = now () - t0;
  cpu = cpu_seconds () - c0;
  printf ("col-battle: %d Columbia block battles in %.3f s (CPU %.3f s): %.0f battles/s, %.0f per CPU second "
          "(%.2f rounds, %.1f dice a battle; the CSA attacker held %.0f %%, flipped %.1f %%)\n", battles, secs, cpu,
          battles / secs, battles / cpu, (double) rounds / battles, (double) bench_dice / battles,
          100.0 * attacker_held / battles, 100.0 * flipped / battles);
  return 0;
}

/* (p) Blind Swords fire and cohesion resolutions
 * (core/rules/blind-swords/wb-bs-combat.c) on Chickasaw Bayou's
 * reconstructed tables, compiled once: random inputs and dice (PCG32)
 * each time — one to four firers (½ to 6 SP, a Morale Hit marker one time
 * in four, any range, Opportunity or Supporting Defensive Fire one time in
 * eight), a net shift of −4 … +3, Defensive Fire one time in eight, a
 * quarter of them Close Combats; the firing strength (2.8), the column
 * (9.3), the d66 cell against a Lead Unit of CR 0–6, and when it calls for
 * a test the Cohesion Test Table's two dice applied to a stack of one to
 * three defenders (and two attackers in Close Combat) with its Break Tests. */
static gboolean
bs_die (gpointer data, int *face, GError **error)
{
  (void) error;
  bench_dice++;
  *face = wb_rng_die (data, 6);
  return TRUE;
}

static int
bench_bs_fire (void)
{
  const int n = 1 << 23;
  g_autoptr(WbGame) game = load_bundled ("chickasaw-bayou.warbench");
  g_autoptr(WbBsTables) t = NULL;
  g_autoptr(GError) error = NULL;
  WbRng rng;
  WbBsCohesion stack = { 0 };
  double t0, c0, secs, cpu, compile;
  long fired = 0, tests = 0, broken = 0;

  if (game == NULL)
    return 1;
  t0 = now ();
  t = wb_bs_tables_compile (game, "17.6", NULL, &error);
  compile = now () - t0;
  if (t == NULL)
    {
      fprintf (stderr, "wb-bench: %s\n", error->message);
      return 1;
    }
  for (int i = 0; i < 3; i++)
    {
      WbBsUnit d = { .index = (gint16) i, .sp = { (guint8) (8 - 2 * i), (guint8) (4 - i) }, .cr = { 3, 2 } };
      WbBsUnit a = { .index = (gint16) (10 + i), .sp = { (guint8) (6 + 2 * i), 4 }, .cr = { 3, 2 } };

      stack.defenders[i] = d;
      if (i < 2)
        stack.attackers[i] = a;
    }
  stack.n_attackers = 2;
  stack.attacker_lead = 1;
  wb_rng_seed (&rng, 1862, WB_RNG_MATCH_STREAM);
  t0 = now ();
  c0 = cpu_seconds ();
  for (int k = 0; k < n; k++)
    {
      WbBsFirer firers[4];
      guint n_firers = (guint) wb_rng_die (&rng, 4);
      guint32 bits = wb_rng_next (&rng);
      WbBsCombatKind kind = (bits & 3) == 0 ? WB_BS_CLOSE : WB_BS_FIRE;
      gboolean defensive = kind == WB_BS_FIRE && ((bits >> 2) & 7) == 0;
      int shift = (int) ((bits >> 5) & 7) - 4;
      int strength, column, coloured, white, cr;
      WbBsTest test;
      WbBsDepletion dep;
      WbBsSkedaddle sked;
      WbBsCohesion c;

      for (guint f = 0; f < n_firers; f++)
        {
          guint32 r = wb_rng_next (&rng);

          firers[f].sp = (guint8) (1 + r % 12);
          firers[f].morale = (guint8) (((r >> 4) & 3) == 0 ? 1 + ((r >> 6) & 1) : 0);
          firers[f].range = (guint8) ((r >> 7) & 3);
          firers[f].flags = (guint8) (((r >> 9) & 7) == 0 ? WB_BS_FIRER_OPPORTUNITY
                                      : ((r >> 9) & 7) == 1 ? WB_BS_FIRER_SUPPORTING : 0);
        }
      strength = wb_bs_fire_strength (t, firers, n_firers);
      column = wb_bs_column (t, strength, shift, defensive, NULL);
      if (column < 0)
        continue;
      fired++;
      coloured = wb_rng_die (&rng, 6);
      white = wb_rng_die (&rng, 6);
      cr = (int) ((bits >> 8) % 7);
      test = wb_bs_crt_read (t, column, coloured, white, cr, kind);
      if (test == WB_BS_TEST_NONE)
        continue;
      if (!wb_bs_cohesion_lookup (t, kind, test, wb_rng_die (&rng, 6), wb_rng_die (&rng, 6), &dep, &sked,
                                  NULL, NULL))
        {
          fprintf (stderr, "wb-bench: an unknown cell in the reconstructed tables\n");
          return 1;
        }
      tests++;
      c = stack;
      c.n_defenders = (guint8) (1 + (bits >> 12) % 3);
      c.defenders[0].cr[0] = (guint8) cr;
      if (!wb_bs_cohesion_apply (t, &c, kind, dep, &sked, bs_die, &rng, NULL))
        return 1;
      broken += c.defenders[0].broken != 0;
    }
  secs = now () - t0;
  cpu = cpu_seconds () - c0;
  printf ("bs-fire: tables compiled in %.3f ms; %d fire and close combat resolutions in %.3f s (CPU %.3f s): "
          "%.2f million/s, %.2f million per CPU second (%.0f %% fired, %.0f %% took a Cohesion Test, "
          "%.1f %% broke the Lead Unit)\n", compile * 1e3, n, secs, cpu, n / secs / 1e6, n / cpu / 1e6,
          100.0 * fired / n, 100.0 * tests / n, 100.0 * broken / n);
  return 0;
}

/* (q) whole automatic games of Chickasaw Bayou's largest scenario (17.6,
 * the most units), both sides played by the family's automatic player
 * (wb_play_suggest) as in (i): the chit draw, orders, fire, movement with
 * Opportunity Fire, Close Combat, advances and rallies, each action
 * checked, applied to a copy of the state, journalled and logged. */
static int
bench_bs_game (int runs)
{
  g_autoptr(WbGame) game = load_bundled ("chickasaw-bayou.warbench");
  long total = 0, fires = 0, moves = 0, closes = 0;
  double t0, c0, secs, cpu, worst = 0;

  if (game == NULL)
    return 1;
  t0 = now ();
  c0 = cpu_seconds ();
  for (int i = 0; i < runs; i++)
    {
      double g0 = now ();
      g_autoptr(GError) error = NULL;
      g_autoptr(WbPlay) play = wb_play_new (game, NULL, "17.6", NULL, 1000 + (guint64) i, &error);
      WbRng policy;

      if (play == NULL)
        {
          fprintf (stderr, "wb-bench: %s\n", error->message);
          return 1;
        }
      wb_rng_seed (&policy, 1000 + (guint64) i, WB_RNG_MATCH_STREAM + 1);
      for (;;)
        {
          g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);
          const char *type;

          if (a == NULL)
            break;
          type = json_object_get_string_member (a, "type");
          fires += strcmp (type, "fire") == 0;
          moves += strcmp (type, "move") == 0;
          closes += strcmp (type, "close_combat") == 0;
          if (!wb_play_act (play, a, &error))
            {
              fprintf (stderr, "wb-bench: the automatic player was refused: %s\n", error->message);
              return 1;
            }
          total++;
        }
      worst = MAX (worst, now () - g0);
    }
  secs = now () - t0;
  cpu = cpu_seconds () - c0;
  printf ("bs-game: %d automatic games of chickasaw-bayou.warbench 17.6 in %.3f s (CPU %.3f s): %.1f ms a game "
          "(slowest %.1f ms; %.0f actions, %.0f fires, %.0f moves, %.1f close combats a game)\n",
          runs, secs, cpu, secs * 1e3 / runs, worst * 1e3, (double) total / runs, (double) fires / runs,
          (double) moves / runs, (double) closes / runs);
  return 0;
}

static int
run_self (const char *self,
          const char *arg1,
          const char *arg2)
{
  const char *argv[] = { self, arg1, arg2, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  fflush (stdout);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                     NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      fprintf (stderr, "wb-bench %s: %s\n", arg1, error->message);
      return 1;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  const char *cmd = argc > 1 ? argv[1] : "all";

  if (g_str_equal (cmd, "png"))
    return bench_png (argc > 2 ? g_ascii_strtod (argv[2], NULL) : 16,
                      argc > 3 ? CLAMP (atoi (argv[3]), 1, 1000) : 100);
  if (g_str_equal (cmd, "frame"))
    return bench_frame ();
  if (g_str_equal (cmd, "los"))
    return bench_los ();
  if (g_str_equal (cmd, "crt"))
    return bench_crt ();
  if (g_str_equal (cmd, "moves"))
    return bench_moves ();
  if (g_str_equal (cmd, "game"))
    return bench_game ();
  if (g_str_equal (cmd, "rules"))
    return bench_wilderness_rules ();
  if (g_str_equal (cmd, "replay"))
    return bench_replay ();
  if (g_str_equal (cmd, "battle"))
    return bench_battle ();
  if (g_str_equal (cmd, "bg-game"))
    return bench_bg_game ();
  if (g_str_equal (cmd, "col-battle"))
    return bench_col_battle ();
  if (g_str_equal (cmd, "col-game"))
    return bench_col_game ();
  if (g_str_equal (cmd, "bs-fire"))
    return bench_bs_fire ();
  if (g_str_equal (cmd, "bs-game"))
    return bench_bs_game (argc > 2 ? CLAMP (atoi (argv[2]), 1, 1000) : 20);
  if (g_str_equal (cmd, "balance"))
    return bench_balance (argc > 2 ? (guint) CLAMP (atoi (argv[2]), 2, 1000000) : 200);
  if (g_str_equal (cmd, "gen") && argc > 2)
    return bench_gen (argv[2]);
  if (g_str_equal (cmd, "load") && argc > 2)
    return bench_load (argv[2]);

  if (g_str_equal (cmd, "load") || g_str_equal (cmd, "all"))
    {
      g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
      g_autofree char *big = g_build_filename (g_get_tmp_dir (), "wb-bench-10k.warbench", NULL);
      int failed = 0;

      if (self == NULL)
        self = g_strdup (argv[0]);
      if (g_str_equal (cmd, "all"))
        {
          failed |= run_self (self, "png", "16");
          failed |= run_self (self, "png", "30");
          failed |= run_self (self, "frame", NULL);
          failed |= run_self (self, "los", NULL);
          failed |= run_self (self, "crt", NULL);
          failed |= run_self (self, "moves", NULL);
          failed |= run_self (self, "rules", NULL);
          failed |= run_self (self, "game", NULL);
          failed |= run_self (self, "replay", NULL);
          failed |= run_self (self, "battle", NULL);
          failed |= run_self (self, "bg-game", NULL);
          failed |= run_self (self, "col-battle", NULL);
          failed |= run_self (self, "col-game", NULL);
          failed |= run_self (self, "bs-fire", NULL);
          failed |= run_self (self, "bs-game", NULL);
          failed |= run_self (self, "balance", NULL);
        }
      failed |= run_self (self, "gen", big);
      failed |= run_self (self, "load", big);
      g_unlink (big);
      return failed;
    }

  fprintf (stderr, "usage: wb-bench [png [HEX_SIZE] | frame | los | crt | moves | rules | game | replay | battle | bg-game | col-battle | col-game | bs-fire | bs-game [N] | balance [N] | load [FILE] | gen FILE]\n");
  return 2;
}
