/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui-play-view"

#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "rules/wb-family.h"
#include "rules/wb-play.h"
#include "wb-map-view.h"
#include "wb-window.h"

#include "gui-common.h"

/* The map canvas in play: the units drawn where a match has them (its own
 * units layer, re-rendered alone after an action, from the view's own copy
 * of the state) and the move highlights drawn over the map. The Wilderness
 * is shown at 100% (a hex 25 map points across its corners: 25 widget
 * pixels here, Xvfb's scale factor being 1). */

/* The Confederate side's counter colour in the Wilderness game. No terrain
 * or feature of the map has it (clear is #efe6c4, forest #6f9a55…). */
#define CONFEDERATE "#a3a39b"

static double
hex_size (WbMapView *view)
{
  return wb_hex_map_get_hex_size (WB_HEX_MAP (wb_map_view_get_map (view)));
}

/* The widget pixel at the centre of @hex ("0810"), plus (@dx, @dy) map
 * points. */
static void
hex_pixel (WbMapView  *view,
           const char *hex,
           double      dx,
           double      dy,
           int        *px,
           int        *py)
{
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbOffset o;
  double mx, my, wx, wy;

  ck_assert (wb_hex_map_parse_hex (map, hex, &o));
  wb_hex_center (wb_hex_map_get_layout (map), hex_size (view), o, &mx, &my);
  wb_map_view_map_to_widget (view, mx + dx, my + dy, &wx, &wy);
  *px = (int) floor (wx);
  *py = (int) floor (wy);
}

typedef struct {
  int     width, height;
  guchar *data;   /* B, G, R, A (cairo's ARGB32 on little-endian) */
} Pixels;

static Pixels *
grab (WbMapView *view)
{
  g_autoptr(GdkTexture) texture = NULL;
  Pixels *p = g_new0 (Pixels, 1);

  wait_until_settled (view);
  texture = render_widget (GTK_WIDGET (view));
  p->width = gdk_texture_get_width (texture);
  p->height = gdk_texture_get_height (texture);
  p->data = g_malloc ((gsize) p->width * p->height * 4);
  gdk_texture_download (texture, p->data, (gsize) p->width * 4);
  return p;
}

static void
pixels_free (Pixels *p)
{
  g_free (p->data);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Pixels, pixels_free)

static const guchar *
pixel (const Pixels *p,
       int           x,
       int           y)
{
  ck_assert (x >= 0 && y >= 0 && x < p->width && y < p->height);
  return p->data + ((gsize) y * p->width + x) * 4;
}

/* Pixels of the Confederate colour (within 2 a channel) in the square of
 * half-side @r pixels around @hex's centre. */
static guint
confederate_near (const Pixels *p,
                  WbMapView    *view,
                  const char   *hex,
                  int           r)
{
  double cr, cg, cb;
  guint count = 0;
  int x0, y0;

  ck_assert (wb_color_parse (CONFEDERATE, &cr, &cg, &cb));
  hex_pixel (view, hex, 0, 0, &x0, &y0);
  for (int y = y0 - r; y <= y0 + r; y++)
    for (int x = x0 - r; x <= x0 + r; x++)
      {
        const guchar *px = pixel (p, x, y);

        if (ABS (px[2] - (int) round (cr * 255)) <= 2 &&
            ABS (px[1] - (int) round (cg * 255)) <= 2 &&
            ABS (px[0] - (int) round (cb * 255)) <= 2)
          count++;
      }
  return count;
}

static JsonObject *
parse_action (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  ck_assert_msg (json_parser_load_from_data (parser, text, -1, &error), "%s", text);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static void
act (WbPlay     *play,
     const char *text)
{
  g_autoptr(JsonObject) action = parse_action (text);
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_play_act (play, action, &error), "%s: %s", text,
                 error != NULL ? error->message : "");
}

/* The Wilderness window at 100%, centred between Stafford's set-up hex
 * (0414) and Spottswood (0810), a new match of the historical scenario. */
static WbWindow *
open_play (WbPlay **play)
{
  WbWindow *window = open_test_game ();
  WbMapView *view = wb_window_get_map_view (window);
  WbGame *game = wb_window_get_game (window);
  g_autoptr(GError) error = NULL;
  int x0, y0, x1, y1;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  wb_map_view_set_map (view, game, wb_map_view_get_map (view),
                       wb_game_find_scenario (game, "historical"));
  wb_map_view_set_zoom (view, 1.0);
  {
    WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
    WbOffset a, b;
    double ax, ay, bx, by;

    ck_assert (wb_hex_map_parse_hex (map, "0414", &a));
    ck_assert (wb_hex_map_parse_hex (map, "0810", &b));
    wb_hex_center (wb_hex_map_get_layout (map), hex_size (view), a, &ax, &ay);
    wb_hex_center (wb_hex_map_get_layout (map), hex_size (view), b, &bx, &by);
    wb_map_view_set_center (view, (ax + bx) / 2, (ay + by) / 2);
  }
  wait_until_settled (view);
  /* Both hexes and a hex around them well inside the view. */
  hex_pixel (view, "0414", 0, 0, &x0, &y0);
  hex_pixel (view, "0810", 0, 0, &x1, &y1);
  ck_assert_int_ge (MIN (x0, x1), 60);
  ck_assert_int_ge (MIN (y0, y1), 60);
  ck_assert_int_le (MAX (x0, x1), gtk_widget_get_width (GTK_WIDGET (view)) - 60);
  ck_assert_int_le (MAX (y0, y1), gtk_widget_get_height (GTK_WIDGET (view)) - 60);

  *play = wb_play_new (game, NULL, "historical", NULL, 1, &error);
  ck_assert_msg (*play != NULL, "%s", error != NULL ? error->message : "");
  return window;
}

START_TEST (test_play_view_match_units)
{
  WbPlay *play = NULL;
  WbWindow *window = open_play (&play);
  WbMapView *view = wb_window_get_map_view (window);
  /* A counter is a little smaller than a hex's inner circle: a square of
   * half-side 0.8 × 25 = 20 pixels holds all of it and nothing of the
   * neighbours' counters (the next centre is 37 pixels away or more). */
  int r = (int) (hex_size (view) * 0.8);
  g_autoptr(Pixels) setup = NULL, moved = NULL, again = NULL, back = NULL;
  guint at_setup, cache_builds, units_builds;

  /* The set-up: Stafford at 0414, nobody at 0810. */
  setup = grab (view);
  at_setup = confederate_near (setup, view, "0414", r);
  /* The counter's face (25 × 0.8 pixels a side less symbol and text) is
   * at least a hundred pixels of the side's colour. */
  ck_assert_uint_ge (at_setup, 100);
  ck_assert_uint_eq (confederate_near (setup, view, "0810", r), 0);

  act (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0810\"}}");
  wb_map_view_set_match (view, wb_play_get_state (play));
  ck_assert_ptr_nonnull (wb_map_view_get_match (view));
  ck_assert_ptr_ne (wb_map_view_get_match (view), wb_play_get_state (play));
  moved = grab (view);
  /* The same counter, at another sub-pixel offset: its edges may blend
   * differently, so its count is the set-up's within 10%. */
  ck_assert_uint_eq (confederate_near (moved, view, "0414", r), 0);
  ck_assert_uint_ge (confederate_near (moved, view, "0810", r) * 10, at_setup * 9);
  ck_assert_uint_le (confederate_near (moved, view, "0810", r) * 10, at_setup * 11);

  /* A new state re-renders the units layer alone. */
  cache_builds = wb_map_view_get_cache_builds (view);
  units_builds = wb_map_view_get_units_builds (view);
  act (play, "{\"type\": \"override_move\", \"unit\": \"stafford\", \"to\": {\"hex\": \"0414\"}}");
  wb_map_view_set_match (view, wb_play_get_state (play));
  /* The caller's state goes away at once (here with the whole play) while
   * the units rebuild may still be running. */
  g_clear_object (&play);
  again = grab (view);
  ck_assert_uint_eq (wb_map_view_get_cache_builds (view), cache_builds);
  ck_assert_uint_gt (wb_map_view_get_units_builds (view), units_builds);
  ck_assert_uint_eq (confederate_near (again, view, "0810", r), 0);
  ck_assert_uint_ge (confederate_near (again, view, "0414", r) * 10, at_setup * 9);
  ck_assert_uint_le (confederate_near (again, view, "0414", r) * 10, at_setup * 11);

  /* Zooming redraws the units from the view's copy, the play being gone. */
  wb_map_view_set_zoom (view, 1.5);
  wait_until_settled (view);
  wb_map_view_set_zoom (view, 1.0);

  /* NULL: back to the set-up, cached with the map again. */
  wb_map_view_set_match (view, NULL);
  ck_assert_ptr_null (wb_map_view_get_match (view));
  back = grab (view);
  ck_assert_uint_eq (confederate_near (back, view, "0414", r), at_setup);
  ck_assert_uint_eq (confederate_near (back, view, "0810", r), 0);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_play_view_highlights)
{
  WbPlay *play = NULL;
  WbWindow *window = open_play (&play);
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  g_autoptr(GArray) destinations = NULL;
  g_autoptr(Pixels) plain = NULL, tinted = NULL, cleared = NULL;
  WbMatch *state;
  const WbDestination *target = NULL;
  char name[16];
  double size = hex_size (view);
  int x, y, nx, ny;

  state = wb_play_get_state (play);
  wb_map_view_set_match (view, state);
  destinations = wb_play_destinations (play, "stonewall");
  ck_assert_ptr_nonnull (destinations);
  ck_assert_uint_gt (destinations->len, 0);

  /* An empty destination hex inside the view: its left part shows only the
   * terrain (and the tint), away from the cost label low in the hex. */
  for (guint i = 0; i < destinations->len && target == NULL; i++)
    {
      const WbDestination *d = &g_array_index (destinations, WbDestination, i);
      g_autoptr(GPtrArray) there = NULL;

      if (d->where.kind != WB_WHERE_HEX)
        continue;
      there = wb_match_units_at (state, &d->where);
      wb_hex_map_format_hex (map, d->where.hex, name, sizeof name);
      hex_pixel (view, name, -0.4 * size, 0, &x, &y);
      if (there->len == 0 && x > 30 && y > 30 &&
          x < gtk_widget_get_width (GTK_WIDGET (view)) - 30 &&
          y < gtk_widget_get_height (GTK_WIDGET (view)) - 30)
        target = d;
    }
  ck_assert_msg (target != NULL, "no empty destination of Stonewall's in view");
  wb_hex_map_format_hex (map, target->where.hex, name, sizeof name);
  hex_pixel (view, name, -0.4 * size, 0, &x, &y);
  /* A hex Stonewall cannot reach: the one at the far corner of the map
   * from it is not in view, so take Stonewall's own neighbour that is not a
   * destination, if any; else only the tinted hex is checked. */
  nx = ny = -1;
  for (int d = 0; d < WB_HEX_DIRECTIONS && nx < 0; d++)
    {
      WbOffset n = wb_hex_neighbour (wb_hex_map_get_layout (map), target->where.hex, d);
      gboolean listed = FALSE;
      char nname[16];

      for (guint i = 0; i < destinations->len; i++)
        if (wb_offset_equal (g_array_index (destinations, WbDestination, i).where.hex, n))
          listed = TRUE;
      if (listed || !wb_hex_map_contains (map, n))
        continue;
      wb_hex_map_format_hex (map, n, nname, sizeof nname);
      hex_pixel (view, nname, -0.4 * size, 0, &nx, &ny);
    }

  plain = grab (view);
  wb_map_view_set_highlights (view, destinations);
  ck_assert_uint_eq (wb_map_view_get_n_highlights (view), destinations->len);
  tinted = grab (view);

  /* The tint is GNOME blue 3 (#3584e4) at 35% over the terrain:
   * out = terrain × 0.65 + blue × 0.35, to within rounding (2). */
  {
    static const int blue[3] = { 0x35, 0x84, 0xe4 };   /* R, G, B */
    const guchar *before = pixel (plain, x, y);
    const guchar *after = pixel (tinted, x, y);

    for (int c = 0; c < 3; c++)
      {
        int want = (int) round (before[2 - c] * 0.65 + blue[c] * 0.35);

        ck_assert_msg (ABS (after[2 - c] - want) <= 2,
                       "channel %d at %s: %d, want %d (from %d)", c, name,
                       after[2 - c], want, before[2 - c]);
      }
    /* And it is a change: the terrain is not that blue already. */
    ck_assert (memcmp (before, after, 3) != 0);
  }
  if (nx >= 0)
    ck_assert_int_eq (memcmp (pixel (plain, nx, ny), pixel (tinted, nx, ny), 4), 0);

  /* The cost is written in the hex: the same highlights with the target's
   * cost ½ MP (2 quarters) higher differ there at 100%, where a hex is 50
   * pixels across, and nowhere else; at 50% (25 pixels, under the 28
   * that a label needs) no cost is written and the two are identical. */
  {
    g_autoptr(GArray) more = g_array_copy (destinations);
    int tx, ty;

    for (guint i = 0; i < more->len; i++)
      {
        WbDestination *d = &g_array_index (more, WbDestination, i);

        if (d->where.kind == WB_WHERE_HEX && wb_offset_equal (d->where.hex, target->where.hex))
          d->cost += 2;
      }
    hex_pixel (view, name, 0, 0.62 * size, &tx, &ty);
    for (int half = 0; half < 2; half++)
      {
        g_autoptr(Pixels) a = NULL, b = NULL;
        guint differ = 0, differ_away = 0;

        wb_map_view_set_zoom (view, half ? 0.5 : 1.0);
        wb_map_view_set_highlights (view, destinations);
        a = grab (view);
        wb_map_view_set_highlights (view, more);
        b = grab (view);
        for (int py = 0; py < a->height; py++)
          for (int px = 0; px < a->width; px++)
            if (memcmp (pixel (a, px, py), pixel (b, px, py), 4) != 0)
              {
                if (ABS (px - tx) <= 12 && ABS (py - ty) <= 8)
                  differ++;
                else
                  differ_away++;
              }
        if (half)
          ck_assert_uint_eq (differ, 0);
        else
          ck_assert_uint_gt (differ, 0);
        ck_assert_uint_eq (differ_away, 0);
      }
    wb_map_view_set_zoom (view, 1.0);
    wb_map_view_set_highlights (view, destinations);
  }

  /* Cleared by NULL. */
  wb_map_view_set_highlights (view, NULL);
  ck_assert_uint_eq (wb_map_view_get_n_highlights (view), 0);
  cleared = grab (view);
  ck_assert_int_eq (memcmp (pixel (plain, x, y), pixel (cleared, x, y), 4), 0);

  /* The play goes away; the view keeps drawing its copy. */
  g_clear_object (&play);
  wait_for_draw (view);

  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

START_TEST (test_play_view_path_and_selection)
{
  WbPlay *play = NULL;
  WbWindow *window = open_play (&play);
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  g_autoptr(Pixels) plain = NULL, drawn = NULL, cleared = NULL;
  const char *steps[] = { "0414", "0513", "0613" };
  WbOffset hex;
  int x, y, sx, sy;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      ck_assert (wb_hex_map_parse_hex (map, steps[i], &hex));
      g_array_append_val (path, hex);
    }
  wb_map_view_set_match (view, wb_play_get_state (play));
  plain = grab (view);

  wb_map_view_set_path (view, path);
  ck_assert (wb_hex_map_parse_hex (map, "0810", &hex));
  wb_map_view_set_selected_hex (view, &hex);
  ck_assert (wb_map_view_get_selected_hex (view, &hex));
  drawn = grab (view);

  /* The path's line and a step's dot cover the middle hex's centre: GNOME
   * orange 3 (#e66100) there, opaque. */
  hex_pixel (view, "0513", 0, 0, &x, &y);
  {
    const guchar *p = pixel (drawn, x, y);

    ck_assert_msg (ABS (p[2] - 0xe6) <= 2 && ABS (p[1] - 0x61) <= 2 && p[0] <= 2,
                   "path centre %02x%02x%02x", p[2], p[1], p[0]);
  }
  /* The selected hex's outline, yellow 3 (#f6d32d) 3.5 pixels wide, runs
   * along the hex's edges 2 map points inside its corners: the pixel at
   * the middle of that inset edge is within 1 of the line's middle, so
   * wholly covered. */
  {
    WbHexLayout layout = wb_hex_map_get_layout (map);
    double ax, ay, bx, by;

    wb_hex_corner_offset (layout, hex_size (view) - 2, 0, &ax, &ay);
    wb_hex_corner_offset (layout, hex_size (view) - 2, 1, &bx, &by);
    hex_pixel (view, "0810", (ax + bx) / 2, (ay + by) / 2, &sx, &sy);
    {
      const guchar *p = pixel (drawn, sx, sy);

      ck_assert_msg (ABS (p[2] - 0xf6) <= 2 && ABS (p[1] - 0xd3) <= 2 && ABS (p[0] - 0x2d) <= 2,
                     "selection outline %02x%02x%02x", p[2], p[1], p[0]);
    }
  }

  wb_map_view_set_path (view, NULL);
  wb_map_view_set_selected_hex (view, NULL);
  ck_assert (!wb_map_view_get_selected_hex (view, NULL));
  cleared = grab (view);
  ck_assert_int_eq (memcmp (pixel (plain, x, y), pixel (cleared, x, y), 4), 0);
  ck_assert_int_eq (memcmp (pixel (plain, sx, sy), pixel (cleared, sx, sy), 4), 0);

  /* With WARBENCH_TEST_SHOTS=DIR, pictures of everything together for
   * people to look at: a move of Stonewall's highlighted, a path and the
   * selected hex, at three zooms, in the light and the dark theme. */
  if (g_getenv ("WARBENCH_TEST_SHOTS") != NULL)
    {
      static const double zooms[] = { 0.5, 1.0, 2.5 };
      g_autoptr(GArray) destinations = wb_play_destinations (play, "stonewall");
      WbUnitState *stonewall = wb_match_find_unit (wb_play_get_state (play), "stonewall");
      AdwStyleManager *style = adw_style_manager_get_default ();

      ck_assert_ptr_nonnull (destinations);
      g_array_set_size (path, 0);
      g_array_append_val (path, stonewall->where.hex);
      /* Away from Stonewall, each step to the neighbour that costs least
       * more than the last: a plausible path drawn from the costs. */
      {
        WbHexLayout layout = wb_hex_map_get_layout (map);
        WbOffset at = stonewall->where.hex;
        int last = 0;

        for (int step = 0; step < 4; step++)
          {
            const WbDestination *next = NULL;

            for (guint i = 0; i < destinations->len; i++)
              {
                const WbDestination *d = &g_array_index (destinations, WbDestination, i);

                for (int dir = 0; dir < WB_HEX_DIRECTIONS; dir++)
                  if (d->where.kind == WB_WHERE_HEX &&
                      wb_offset_equal (wb_hex_neighbour (layout, at, dir), d->where.hex) &&
                      d->cost > last &&
                      (next == NULL || d->cost < next->cost))
                    next = d;
              }
            if (next == NULL)
              break;
            at = next->where.hex;
            last = next->cost;
            g_array_append_val (path, at);
          }
      }
      wb_map_view_set_highlights (view, destinations);
      wb_map_view_set_path (view, path);
      wb_map_view_set_selected_hex (view, &stonewall->where.hex);
      {
        double cx, cy;

        wb_hex_center (wb_hex_map_get_layout (map), hex_size (view), stonewall->where.hex,
                       &cx, &cy);
        wb_map_view_set_center (view, cx, cy);
      }
      for (int dark = 0; dark < 2; dark++)
        {
          adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                          : ADW_COLOR_SCHEME_FORCE_LIGHT);
          for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
            {
              g_autoptr(GdkTexture) texture = NULL;
              g_autofree char *file = g_strdup_printf ("play-view-%s-%g.png",
                                                       dark ? "dark" : "light", zooms[i]);
              g_autofree char *out = g_build_filename (g_getenv ("WARBENCH_TEST_SHOTS"),
                                                       file, NULL);

              wb_map_view_set_zoom (view, zooms[i]);
              wait_until_settled (view);
              texture = render_widget (GTK_WIDGET (window));
              ck_assert (gdk_texture_save_to_png (texture, out));
            }
        }
    }

  g_clear_object (&play);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

/* On a map of locations the path runs through the locations' points: the
 * orange line covers the middle location's point, and goes when cleared. */
START_TEST (test_play_view_route_on_locations)
{
  g_autofree char *path = g_build_filename (g_getenv ("WARBENCH_SOURCE_DIR"), "data", "games",
                                            "jackson-sheridan.warbench", NULL);
  WbWindow *window = open_window (path);
  WbMapView *view = wb_window_get_map_view (window);
  WbPointMap *map = WB_POINT_MAP (wb_map_view_get_map (view));
  g_autoptr(GArray) route = g_array_new (FALSE, TRUE, sizeof (WbWhere));
  g_autoptr(Pixels) plain = NULL, drawn = NULL, cleared = NULL;
  const char *steps[] = { "front-royal", "salem", "snickersville" };
  WbLocation *mid;
  double wx, wy;
  int x, y;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      WbWhere w = { WB_WHERE_LOCATION, { 0, 0 }, g_intern_string (steps[i]) };
      ck_assert_ptr_nonnull (wb_point_map_find_location (map, steps[i]));
      g_array_append_val (route, w);
    }
  wb_map_view_set_zoom (view, 1.0);
  mid = wb_point_map_find_location (map, "salem");
  wb_map_view_set_center (view, mid->x, mid->y);
  plain = grab (view);
  wb_map_view_set_route (view, route);
  ck_assert_uint_eq (wb_map_view_get_path_length (view), 3);
  drawn = grab (view);
  wb_map_view_map_to_widget (view, mid->x, mid->y, &wx, &wy);
  x = (int) wx, y = (int) wy;
  {
    const guchar *p = pixel (drawn, x, y);

    ck_assert_msg (ABS (p[2] - 0xe6) <= 2 && ABS (p[1] - 0x61) <= 2 && p[0] <= 2,
                   "path at Salem %02x%02x%02x", p[2], p[1], p[0]);
  }
  /* A place the map does not have: no path at all. */
  {
    WbWhere nowhere = { WB_WHERE_LOCATION, { 0, 0 }, g_intern_string ("atlantis") };
    g_array_append_val (route, nowhere);
    wb_map_view_set_route (view, route);
    ck_assert_uint_eq (wb_map_view_get_path_length (view), 0);
  }
  wb_map_view_set_route (view, NULL);
  cleared = grab (view);
  ck_assert_int_eq (memcmp (pixel (plain, x, y), pixel (cleared, x, y), 4), 0);
  gtk_window_destroy (GTK_WINDOW (window));
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("play-view");
  TCase *tc = tcase_create ("view");

  tcase_set_timeout (tc, 120);
  tcase_add_checked_fixture (tc, setup_gtk, NULL);
  tcase_add_test (tc, test_play_view_match_units);
  tcase_add_test (tc, test_play_view_highlights);
  tcase_add_test (tc, test_play_view_path_and_selection);
  tcase_add_test (tc, test_play_view_route_on_locations);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return gui_main (make_suite);
}
