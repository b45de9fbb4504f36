/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "wb-render-private.h"

/* --- hex maps: the hexes visited, terrain and hexsides looked up once ------ */

static Pattern
pattern_from_string (const char *s)
{
  static const char *names[] = { "none", "trees", "rough", "marsh", "water", "town", "dots" };

  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (names); i++)
    if (strcmp (s, names[i]) == 0)
      return (Pattern) i;

  return PATTERN_NONE;
}

static void
hex_range_from_clip (HexRender *hr,
                     int        margin,
                     int       *c0,
                     int       *c1,
                     int       *r0,
                     int       *r1)
{
  Render *r = hr->r;
  double xs[2] = { r->x0, r->x1 }, ys[2] = { r->y0, r->y1 };
  int cmin = G_MAXINT, cmax = G_MININT, rmin = G_MAXINT, rmax = G_MININT;

  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      {
        WbOffset o = wb_hex_from_point (hr->layout, hr->size, xs[i], ys[j]);

        cmin = MIN (cmin, o.col);
        cmax = MAX (cmax, o.col);
        rmin = MIN (rmin, o.row);
        rmax = MAX (rmax, o.row);
      }

  *c0 = CLAMP (cmin - margin, 0, hr->cols - 1);
  *c1 = CLAMP (cmax + margin, 0, hr->cols - 1);
  *r0 = CLAMP (rmin - margin, 0, hr->rows - 1);
  *r1 = CLAMP (rmax + margin, 0, hr->rows - 1);
}

static guint16
terrain_lookup (HexRender  *hr,
                const char *id,
                guint16    *last)
{
  if (*last != G_MAXUINT16 && hr->terrain[*last].id == id)
    return *last;

  for (guint i = 0; i < hr->n_terrain; i++)
    if (hr->terrain[i].id == id)
      return *last = (guint16) i;

  for (guint i = 0; id != NULL && i < hr->n_terrain; i++)
    if (g_strcmp0 (hr->terrain[i].id, id) == 0)
      return *last = (guint16) i;

  return G_MAXUINT16;
}

static void
hex_prepare (HexRender *hr)
{
  GPtrArray *terrain = wb_game_get_terrain (hr->r->game);
  guint16 last = G_MAXUINT16;

  hr->n_terrain = MIN (terrain->len, G_MAXUINT16 - 1);
  hr->terrain = g_new0 (TerrainStyle, MAX (hr->n_terrain, 1));
  for (guint i = 0; i < hr->n_terrain; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);
      TerrainStyle *ts = &hr->terrain[i];

      ts->id = t->id;
      ts->fill = rgb_parse (t->color, rgb (0.92, 0.90, 0.80));
      ts->pattern = pattern_from_string (t->pattern);
      ts->ink = rgb_luminance (ts->fill) < 0.35 ? rgb_mix (ts->fill, WHITE, 0.35)
                                                : rgb_shade (ts->fill, 0.55);
    }

  hr->tindex = g_new (guint16, (gsize) hr->stride * (hr->r1 - hr->r0 + 1));
  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };

        hr->tindex[hex_index (hr, col, row)] =
          terrain_lookup (hr, wb_hex_map_get_terrain (hr->map, o), &last);
      }
}

static void
add_side_items (HexRender *hr,
                GArray    *items,
                WbOffset   hex,
                int        dir)
{
  GPtrArray *features = wb_hex_map_get_side_features (hr->map, hex, dir);

  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      guint f = _wb_render_find_feature (hr->r, g_ptr_array_index (features, i));
      SideItem item = { hex, dir, f };

      if (item.feature != G_MAXUINT)
        g_array_append_val (items, item);
    }
}

/* Adds to @items the hexside features @o names: every hexside is asked for
 * once, through a hex inside the map: its canonical hex (dir 0..2) or, for
 * the outer edges of border hexes, the border hex itself. */
void
_wb_render_collect_hex_sides (HexRender *hr,
                              GArray    *items,
                              WbOffset   o)
{
  gboolean border = o.col == 0 || o.row == 0 || o.col == hr->cols - 1 || o.row == hr->rows - 1;

  for (int dir = 0; dir < 3; dir++)
    add_side_items (hr, items, o, dir);

  if (border)
    for (int dir = 3; dir < 6; dir++)
      if (!wb_hex_map_contains (hr->map, wb_hex_neighbour (hr->layout, o, dir)))
        add_side_items (hr, items, o, dir);
}

/* Collects the hexside features around the visited hexes. */
static void
hex_collect_sides (HexRender *hr)
{
  hr->sides = g_array_new (FALSE, FALSE, sizeof (SideItem));

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      _wb_render_collect_hex_sides (hr, hr->sides, (WbOffset) { col, row });
}

/* --- overlays ------------------------------------------------------------- */

/* The grid on pixels: each hex's three canonical edges drawn once into a
 * small image and stamped onto every hex, as terrain patterns are. Stroking
 * tens of thousands of hairlines costs cairo about three times as much as
 * stamping them. A hex centre falls anywhere inside a pixel, so the stamp
 * is drawn at GRID_PHASES sub-pixel offsets on each axis (made as they are
 * needed): the lines are placed within 1/16 of a pixel, and they overlap
 * by only a sliver at the corners where stamps meet. */
#define GRID_PHASES 8

typedef struct {
  cairo_pattern_t *stamp[GRID_PHASES][GRID_PHASES];
  cairo_pattern_t *source;   /* the grid's colour */
  double           lw;       /* its line width, in map points */
  double           k;        /* device pixels per map point */
  double           ds;       /* the target's device scale */
  int              x0, y0;   /* the stamp's corner from the hex centre, in pixels */
  int              w, h;
} GridStamps;

static gboolean
grid_stamps_init (HexRender  *hr,
                  GridStamps *gs)
{
  Render *r = hr->r;
  cairo_matrix_t m;
  double dsx = 1, dsy = 1, lw;
  double xmin = G_MAXDOUBLE, xmax = -G_MAXDOUBLE, ymin = G_MAXDOUBLE, ymax = -G_MAXDOUBLE;

  memset (gs, 0, sizeof *gs);
  /* Up to GRID_PHASES² stamps are made: worth it for many hexes, and kept
   * small (at most about 70 KB each). */
  if (!r->raster || hr->hex_px > 48 ||
      (gsize) hr->stride * (hr->r1 - hr->r0 + 1) < 4 * GRID_PHASES * GRID_PHASES)
    return FALSE;
  cairo_get_matrix (r->cr, &m);
  if (m.xy != 0 || m.yx != 0 || m.xx <= 0 || fabs (m.xx - m.yy) > 1e-9 * m.xx)
    return FALSE;
  cairo_surface_get_device_scale (cairo_get_target (r->cr), &dsx, &dsy);
  if (dsx != dsy || dsx <= 0)
    return FALSE;

  gs->ds = dsx;
  gs->k = m.xx * dsx;
  gs->lw = cairo_get_line_width (r->cr);
  lw = gs->lw * gs->k;
  for (int i = 0; i <= 3; i++)
    {
      xmin = MIN (xmin, hr->corner[i][0] * gs->k);
      xmax = MAX (xmax, hr->corner[i][0] * gs->k);
      ymin = MIN (ymin, hr->corner[i][1] * gs->k);
      ymax = MAX (ymax, hr->corner[i][1] * gs->k);
    }
  /* Room for the line, its anti-aliasing, the mitres and the offset. */
  gs->x0 = (int) floor (xmin - lw * 2) - 2;
  gs->y0 = (int) floor (ymin - lw * 2) - 2;
  gs->w = (int) ceil (xmax + lw * 2) + 3 - gs->x0;
  gs->h = (int) ceil (ymax + lw * 2) + 3 - gs->y0;

  return TRUE;
}

static cairo_pattern_t *
grid_stamp (HexRender  *hr,
            GridStamps *gs,
            int         px,
            int         py)
{
  cairo_t *cr = hr->r->cr;
  cairo_surface_t *surface;
  cairo_t *sc;
  cairo_matrix_t identity;

  if (gs->stamp[px][py] != NULL)
    return gs->stamp[px][py];

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gs->w, gs->h);
  sc = cairo_create (surface);
  /* The same colour, width, caps and joins as the vector grid. */
  cairo_set_source (sc, gs->source);
  cairo_set_line_width (sc, gs->lw * gs->k);
  cairo_set_line_cap (sc, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (sc, CAIRO_LINE_JOIN_MITER);
  cairo_set_tolerance (sc, cairo_get_tolerance (cr));
  cairo_translate (sc, -gs->x0 + px / (double) GRID_PHASES, -gs->y0 + py / (double) GRID_PHASES);
  cairo_move_to (sc, hr->corner[0][0] * gs->k, hr->corner[0][1] * gs->k);
  for (int d = 1; d <= 3; d++)
    cairo_line_to (sc, hr->corner[d][0] * gs->k, hr->corner[d][1] * gs->k);
  cairo_stroke (sc);
  cairo_destroy (sc);

  cairo_surface_set_device_scale (surface, gs->ds, gs->ds);
  gs->stamp[px][py] = cairo_pattern_create_for_surface (surface);
  cairo_pattern_set_filter (gs->stamp[px][py], CAIRO_FILTER_NEAREST);
  cairo_matrix_init_identity (&identity);
  cairo_pattern_set_matrix (gs->stamp[px][py], &identity);
  cairo_surface_destroy (surface);

  return gs->stamp[px][py];
}

static void
draw_grid_stamps (HexRender  *hr,
                  GridStamps *gs)
{
  cairo_t *cr = hr->r->cr;
  cairo_matrix_t ctm;

  gs->source = cairo_pattern_reference (cairo_get_source (cr));
  cairo_get_matrix (cr, &ctm);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };
        cairo_pattern_t *stamp;
        cairo_matrix_t m;
        double cx, cy, qx, qy, x, y;
        int px, py;

        hex_centre (hr, o, &cx, &cy);
        cairo_matrix_transform_point (&ctm, &cx, &cy);
        /* The centre in real pixels, to the nearest 1/GRID_PHASES. */
        qx = round (cx * gs->ds * GRID_PHASES);
        qy = round (cy * gs->ds * GRID_PHASES);
        x = floor (qx / GRID_PHASES);
        y = floor (qy / GRID_PHASES);
        px = (int) (qx - x * GRID_PHASES);
        py = (int) (qy - y * GRID_PHASES);
        stamp = grid_stamp (hr, gs, px, py);

        x = (x + gs->x0) / gs->ds;
        y = (y + gs->y0) / gs->ds;
        cairo_matrix_init_translate (&m, -x, -y);
        cairo_pattern_set_matrix (stamp, &m);
        cairo_set_source (cr, stamp);
        cairo_rectangle (cr, x, y, gs->w / gs->ds, gs->h / gs->ds);
        cairo_fill (cr);
      }
  cairo_restore (cr);
  cairo_set_source (cr, gs->source);
  g_clear_pointer (&gs->source, cairo_pattern_destroy);

  for (int i = 0; i < GRID_PHASES; i++)
    for (int j = 0; j < GRID_PHASES; j++)
      g_clear_pointer (&gs->stamp[i][j], cairo_pattern_destroy);
}

static void
draw_grid (HexRender *hr)
{
  cairo_t *cr = hr->r->cr;
  GridStamps gs;
  gboolean stamps;
  double alpha;

  if (hr->hex_px < LOD_GRID)
    return;

  alpha = 0.75 * CLAMP ((hr->hex_px - LOD_GRID) / (LOD_GRID_FULL - LOD_GRID), 0.2, 1.0);
  cairo_set_source_rgba (cr, 0.12, 0.12, 0.12, alpha);
  cairo_set_line_width (cr, MAX (hr->size * 0.02, hr->r->px * 0.6));
  /* Butt caps and mitres: far cheaper to stroke than round ones, and the
   * same at this width. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);

  stamps = grid_stamps_init (hr, &gs);
  if (stamps)
    draw_grid_stamps (hr, &gs);

  for (int row = hr->r0; row <= hr->r1; row++)
    {
      for (int col = hr->c0; col <= hr->c1; col++)
        {
          WbOffset o = { col, row };
          gboolean border = col == 0 || row == 0 || col == hr->cols - 1 || row == hr->rows - 1;
          double cx, cy;

          if (stamps && !border)
            continue;

          hex_centre (hr, o, &cx, &cy);
          /* Each edge once: the canonical three (stamped on pixels), plus
           * the outer edges of border hexes. Running them as one polyline
           * per hex keeps the joins clean. */
          if (stamps)
            cairo_move_to (cr, cx + hr->corner[3][0], cy + hr->corner[3][1]);
          else
            {
              cairo_move_to (cr, cx + hr->corner[0][0], cy + hr->corner[0][1]);
              for (int d = 0; d < 3; d++)
                cairo_line_to (cr, cx + hr->corner[d + 1][0], cy + hr->corner[d + 1][1]);
            }
          for (int d = 3; d < 6; d++)
            {
              double ex = cx + hr->corner[(d + 1) % 6][0], ey = cy + hr->corner[(d + 1) % 6][1];

              if (!wb_hex_map_contains (hr->map, wb_hex_neighbour (hr->layout, o, d)))
                cairo_line_to (cr, ex, ey);
              else
                cairo_move_to (cr, ex, ey);
            }
        }

      /* A few rows at a time keeps the path, and the memory cairo needs
       * to stroke it, small. */
      if ((row - hr->r0) % 8 == 7 || row == hr->r1)
        cairo_stroke (cr);
    }
}

static void
draw_numbers (HexRender *hr)
{
  double s = hr->size;
  double top = hr->layout.orientation == WB_HEX_POINTY ? s * 0.62 : s * SQRT3 / 2 - s * 0.05;
  Rgb ink = rgb (0.25, 0.24, 0.22);
  /* Never below six device pixels: a number too small to read is noise. */
  double size = MAX (s * 0.19, 6.0 * hr->r->px);

  if (hr->hex_px < LOD_NUMBERS)
    return;

  for (int row = hr->r0; row <= hr->r1; row++)
    for (int col = hr->c0; col <= hr->c1; col++)
      {
        WbOffset o = { col, row };
        char buf[32];
        double cx, cy;

        hex_centre (hr, o, &cx, &cy);
        wb_hex_map_format_hex (hr->map, o, buf, sizeof buf);
        _wb_render_draw_text (hr->r, FONT_NUMBER, size, buf, cx, cy - top, 0.5, 0.0, ink, NULL);
      }
}

/* A counter's side, in hex sizes (centre to corner), and where a hex's
 * name starts below its centre: just under the counter. */
#define HEX_COUNTER   0.95
#define HEX_LABEL_TOP 0.48

static gpointer
hex_key (WbOffset o)
{
  return GINT_TO_POINTER ((o.row << 10 | o.col) + 1);
}

/* Whether a name written under @o may run under a counter: one in the
 * hex or in a hex beside it (a long name spans its neighbours). */
static gboolean
label_near_units (HexRender  *hr,
                  GHashTable *occupied,
                  WbOffset    o)
{
  if (g_hash_table_contains (occupied, hex_key (o)))
    return TRUE;
  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    {
      WbOffset n = wb_hex_neighbour (hr->layout, o, d);

      if (g_hash_table_contains (occupied, hex_key (n)))
        return TRUE;
    }
  return FALSE;
}

static void
draw_labels (HexRender  *hr,
             GHashTable *occupied)
{
  double s = hr->size;
  double size;

  if (hr->hex_px < LOD_DETAILS)
    return;

  /* At least MIN_LABEL_PX on the device, however far out. */
  size = MAX (s * 0.32, MIN_LABEL_PX * hr->r->px);

  for (int row = hr->wr0; row <= hr->wr1; row++)
    for (int col = hr->wc0; col <= hr->wc1; col++)
      {
        WbOffset o = { col, row };
        const char *label = wb_hex_map_get_label (hr->map, o);
        double cx, cy;

        if (label == NULL || *label == '\0')
          continue;
        if (occupied != NULL && !label_near_units (hr, occupied, o))
          continue;

        hex_centre (hr, o, &cx, &cy);
        /* Under the hex's counter (HEX_COUNTER of the hex across, centred),
         * so a unit there leaves its name readable; names of edge hexes
         * stay on the map. */
        _wb_render_draw_text_within (hr->r, FONT_LABEL, size, label, cx, cy + s * HEX_LABEL_TOP, 0.5, 0.0,
                                     INK, &WHITE, s * 0.1, hr->width - s * 0.1);
      }
}

static gboolean
hex_in_wide_range (HexRender *hr,
                   WbOffset   o)
{
  return o.col >= hr->wc0 && o.col <= hr->wc1 && o.row >= hr->wr0 && o.row <= hr->wr1;
}

static void
draw_marks (HexRender *hr)
{
  Render *r = hr->r;
  cairo_t *cr = r->cr;
  GPtrArray *marks = wb_hex_map_get_marks (hr->map);
  double s = hr->size;

  if (marks == NULL || hr->hex_px < LOD_GRID)
    return;

  for (guint m = 0; m < marks->len; m++)
    {
      WbMapMark *mark = g_ptr_array_index (marks, m);
      WbSide *side = mark->side != NULL ? wb_game_find_side (r->game, mark->side) : NULL;
      Rgb side_color = rgb_parse (side != NULL ? side->color : NULL, INK);

      for (guint h = 0; mark->hexes != NULL && h < mark->hexes->len; h++)
        {
          WbOffset o = g_array_index (mark->hexes, WbOffset, h);
          double cx, cy;

          if (!hex_in_wide_range (hr, o))
            continue;

          hex_centre (hr, o, &cx, &cy);

          if (g_strcmp0 (mark->kind, "objective") == 0)
            {
              double sx = cx - s * 0.45, sy = cy - s * 0.4;

              _wb_render_star_path (cr, sx, sy, s * 0.2);
              set_rgb (cr, side != NULL ? side_color : rgb (0.80, 0.15, 0.12));
              cairo_fill_preserve (cr);
              set_rgb (cr, WHITE);
              cairo_set_line_width (cr, MAX (s * 0.025, r->px * 0.5));
              cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
              cairo_stroke (cr);
              if (mark->vp != 0 && hr->hex_px >= LOD_DETAILS)
                {
                  char vp[16];

                  g_snprintf (vp, sizeof vp, "%d", mark->vp);
                  _wb_render_draw_text (r, FONT_MARK, s * 0.2, vp, sx + s * 0.2, sy + s * 0.02,
                                        0.0, 0.5, rgb (0.70, 0.10, 0.08), &WHITE);
                }
            }
          else if (g_strcmp0 (mark->kind, "entry") == 0)
            {
              /* Point into the map from the nearest map edge. */
              double dx = 0, dy = 1;

              if (o.col == 0)
                dx = 1, dy = 0;
              else if (o.col == hr->cols - 1)
                dx = -1, dy = 0;
              else if (o.row == 0)
                dx = 0, dy = 1;
              else if (o.row == hr->rows - 1)
                dx = 0, dy = -1;

              _wb_render_arrow_path (cr, cx + dx * s * 0.05, cy + dy * s * 0.05, dx, dy,
                                     s * 0.62, s * 0.22);
              set_rgb (cr, side_color);
              cairo_fill_preserve (cr);
              set_rgb (cr, WHITE);
              cairo_set_line_width (cr, MAX (s * 0.025, r->px * 0.5));
              cairo_stroke (cr);
            }
          else if (g_strcmp0 (mark->kind, "supply") == 0)
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, cx, cy, s * 0.62, 0, 2 * G_PI);
              set_rgba (cr, side_color, 0.85);
              cairo_set_line_width (cr, s * 0.07);
              cairo_stroke (cr);
              _wb_render_draw_text (r, FONT_MARK, s * 0.2, "S", cx + s * 0.55, cy - s * 0.45,
                                    0.5, 0.5, side_color, &WHITE);
            }
          else if (g_strcmp0 (mark->kind, "setup") == 0)
            {
              double dash[2] = { s * 0.1, s * 0.07 };

              hex_polygon (hr, cx, cy, 0.84);
              cairo_set_dash (cr, dash, 2, 0);
              set_rgba (cr, side_color, 0.9);
              cairo_set_line_width (cr, s * 0.055);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
          else if (g_strcmp0 (mark->kind, "trench") == 0)
            {
              /* A trench hex feature on the same hex already draws the works. */
              if (wb_hex_map_has_hex_feature (hr->map, o, "trench"))
                continue;
              cairo_move_to (cr, cx - s * 0.5, cy + s * 0.5);
              for (int k = 0; k < 8; k++)
                cairo_line_to (cr, cx - s * 0.5 + (k + 1) * s / 8,
                               cy + s * (k % 2 == 0 ? 0.4 : 0.5));
              set_rgb (cr, rgb (0.35, 0.25, 0.15));
              cairo_set_line_width (cr, s * 0.05);
              cairo_stroke (cr);
            }
          else
            {
              cairo_move_to (cr, cx, cy - s * 0.18);
              cairo_line_to (cr, cx + s * 0.12, cy);
              cairo_line_to (cr, cx, cy + s * 0.18);
              cairo_line_to (cr, cx - s * 0.12, cy);
              cairo_close_path (cr);
              set_rgb (cr, side_color);
              cairo_fill (cr);
            }
        }
    }
}

static void
draw_hex_units (HexRender *hr,
                gboolean   labels)
{
  Render *r = hr->r;
  g_autoptr(GArray) placed = _wb_render_placed_units (r, WB_MAP (hr->map));
  g_autoptr(GHashTable) stacks = NULL;
  double s = hr->size;
  double c = s * HEX_COUNTER;
  gboolean text = hr->hex_px >= LOD_COUNTER_TEXT;

  if (placed->len == 0)
    return;

  stacks = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < placed->len; i++)
    {
      WbRenderPlaced *p = &g_array_index (placed, WbRenderPlaced, i);
      WbUnit *unit;
      WbOffset o;
      gpointer key;
      guint depth;
      double cx, cy, off;

      if (p->kind != WB_PLACE_HEX || !wb_hex_map_parse_hex (hr->map, p->ref, &o) ||
          !wb_hex_map_contains (hr->map, o))
        continue;
      if (!hex_in_wide_range (hr, o))
        continue;
      unit = wb_game_find_unit (r->game, p->unit);
      if (unit == NULL)
        continue;

      key = hex_key (o);
      depth = GPOINTER_TO_UINT (g_hash_table_lookup (stacks, key));
      g_hash_table_insert (stacks, key, GUINT_TO_POINTER (depth + 1));

      hex_centre (hr, o, &cx, &cy);
      off = MIN (depth, 4) * s * 0.1;
      _wb_render_draw_counter (r, unit, cx + off, cy - off, c, text);
    }
  /* The names the counters drawn may cover, again over them (at the same
   * place, so where nothing covers them they do not change). */
  if (labels)
    draw_labels (hr, stacks);
}

void
_wb_render_hex_map (Render   *r,
                    WbHexMap *map)
{
  const WbRenderOptions *o = r->options;
  HexRender hr = { 0, };
  WbLayers layers = o->layers;

  hr.r = r;
  hr.map = map;
  hr.layout = wb_hex_map_get_layout (map);
  hr.size = wb_hex_map_get_hex_size (map);
  hr.cols = wb_hex_map_get_cols (map);
  hr.rows = wb_hex_map_get_rows (map);
  if (!(hr.size > 0) || hr.cols <= 0 || hr.rows <= 0)
    return;
  hr.hex_px = hr.size * r->scale;
  wb_map_get_extent (WB_MAP (map), &hr.width, &hr.height);
  for (int i = 0; i < 6; i++)
    wb_hex_corner_offset (hr.layout, hr.size, i, &hr.corner[i][0], &hr.corner[i][1]);

  hex_range_from_clip (&hr, 2, &hr.c0, &hr.c1, &hr.r0, &hr.r1);
  hex_range_from_clip (&hr, 4, &hr.wc0, &hr.wc1, &hr.wr0, &hr.wr1);
  hr.stride = hr.c1 - hr.c0 + 1;

  hex_prepare (&hr);
  if (layers & (WB_LAYER_HEXSIDES | WB_LAYER_ROADS))
    hex_collect_sides (&hr);
  else
    hr.sides = g_array_new (FALSE, FALSE, sizeof (SideItem));

  if (layers & WB_LAYER_TERRAIN)
    {
      _wb_render_draw_terrain (&hr, (layers & WB_LAYER_ELEVATION) != 0);
      _wb_render_draw_patterns (&hr);
    }
  if (layers & WB_LAYER_ELEVATION)
    _wb_render_draw_elevation (&hr, (layers & WB_LAYER_TERRAIN) != 0);
  if (layers & WB_LAYER_TERRAIN)
    _wb_render_draw_map_lines (r, WB_MAP (map), hr.size);
  if (layers & WB_LAYER_HEXSIDES)
    _wb_render_draw_hexsides (&hr);
  if (layers & WB_LAYER_ROADS)
    _wb_render_draw_roads (&hr);
  if (layers & WB_LAYER_GRID)
    draw_grid (&hr);
  if (layers & WB_LAYER_NUMBERS)
    draw_numbers (&hr);
  /* Hex features (towns, ferries) are part of the terrain artwork. */
  if (layers & WB_LAYER_TERRAIN)
    _wb_render_draw_hex_features (&hr);
  if (layers & WB_LAYER_LABELS)
    {
      _wb_render_draw_map_line_names (r, WB_MAP (map), hr.size);
      draw_labels (&hr, NULL);
    }
  if (layers & WB_LAYER_MARKS)
    draw_marks (&hr);
  if (layers & WB_LAYER_UNITS)
    {
      _wb_render_draw_scenario_markers (&hr);
      /* The names again over the counters: when labels are drawn, or for
       * a units layer of its own (the canvas's, over the labels shown). */
      draw_hex_units (&hr, (layers & WB_LAYER_LABELS) || !(layers & WB_LAYER_STATIC));
    }

  g_free (hr.terrain);
  g_free (hr.tindex);
  g_array_unref (hr.sides);
}
