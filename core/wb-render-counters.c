/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-render"

#include "config.h"

#include "wb-render-private.h"

/* --- unit counters ------------------------------------------------------- */

/* The NATO symbol box and its contents, centred on (cx, cy). */
static void
draw_nato_symbol (cairo_t    *cr,
                  const char *symbol,
                  double      cx,
                  double      cy,
                  double      w,
                  double      h,
                  double      line,
                  Rgb         ink)
{
  double x = cx - w / 2, y = cy - h / 2;

  set_rgb (cr, ink);
  cairo_set_line_width (cr, line);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);

  if (g_strcmp0 (symbol, "leader") == 0)
    {
      _wb_render_star_path (cr, cx, cy, h * 0.6);
      cairo_fill (cr);
      return;
    }

  cairo_rectangle (cr, x, y, w, h);

  if (g_strcmp0 (symbol, "infantry") == 0)
    {
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + w, y + h);
      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x, y + h);
    }
  else if (g_strcmp0 (symbol, "cavalry") == 0)
    {
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
    }
  else if (g_strcmp0 (symbol, "artillery") == 0)
    {
      cairo_stroke (cr);
      cairo_arc (cr, cx, cy, h * 0.2, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    }
  else if (g_strcmp0 (symbol, "hq") == 0)
    {
      /* The headquarters staff. */
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x, y + h * 1.6);
    }
  else if (g_strcmp0 (symbol, "garrison") == 0)
    {
      cairo_move_to (cr, x, y + h * 0.72);
      cairo_line_to (cr, x + w, y + h * 0.72);
    }
  else if (g_strcmp0 (symbol, "pioneer") == 0)
    {
      /* The engineers' bridge. */
      cairo_move_to (cr, cx - w * 0.25, cy + h * 0.2);
      cairo_line_to (cr, cx - w * 0.25, cy - h * 0.2);
      cairo_line_to (cr, cx + w * 0.25, cy - h * 0.2);
      cairo_line_to (cr, cx + w * 0.25, cy + h * 0.2);
      cairo_move_to (cr, cx, cy - h * 0.2);
      cairo_line_to (cr, cx, cy + h * 0.2);
    }
  else if (g_strcmp0 (symbol, "supply") == 0 || g_strcmp0 (symbol, "train") == 0)
    {
      cairo_move_to (cr, x, y + h * 0.7);
      cairo_line_to (cr, x + w, y + h * 0.7);
    }

  cairo_stroke (cr);
}

/* A square counter of side @c centred on (cx, cy). */
void
_wb_render_draw_counter (Render     *r,
                         WbUnit     *unit,
                         double      cx,
                         double      cy,
                         double      c,
                         gboolean    text)
{
  cairo_t *cr = r->cr;
  WbSide *side = wb_game_find_side (r->game, wb_unit_get_side (unit));
  WbUnitType *klass = wb_game_find_unit_class (r->game, wb_unit_get_class_id (unit));
  Rgb bg = rgb_parse (side != NULL ? side->color : NULL, rgb (0.8, 0.8, 0.8));
  Rgb fg = rgb_parse (side != NULL ? side->text_color : NULL,
                      rgb_luminance (bg) < 0.5 ? WHITE : INK);
  double x = cx - c / 2, y = cy - c / 2;
  g_autofree char *strength = NULL;
  const char *size;

  /* Shadow, body, edge. */
  cairo_rectangle (cr, x + c * 0.06, y + c * 0.06, c, c);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_fill (cr);
  cairo_rectangle (cr, x, y, c, c);
  set_rgb (cr, bg);
  cairo_fill_preserve (cr);
  set_rgb (cr, rgb_shade (bg, 0.45));
  cairo_set_line_width (cr, MAX (c * 0.025, r->px * 0.5));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_stroke (cr);

  if (!text)
    {
      draw_nato_symbol (cr, klass != NULL ? klass->symbol : NULL,
                        cx, cy, c * 0.5, c * 0.32, MAX (c * 0.05, r->px * 0.5), fg);
      return;
    }

  draw_nato_symbol (cr, klass != NULL ? klass->symbol : NULL,
                    cx, y + c * 0.48, c * 0.48, c * 0.28, c * 0.035, fg);

  size = wb_unit_get_size (unit);
  if (size != NULL && *size != '\0')
    _wb_render_draw_text (r, FONT_COUNTER_BOLD, c * 0.11, size, cx, y + c * 0.335, 0.5, 1.0,
                          fg, NULL);

  _wb_render_draw_text (r, FONT_COUNTER, c * 0.15, wb_unit_get_designation (unit),
                        cx, y + c * 0.03, 0.5, 0.0, fg, NULL);

  strength = wb_strength_to_string (wb_unit_get_strength (unit));
  _wb_render_draw_text (r, FONT_COUNTER_BOLD, c * 0.26, strength, cx, y + c * 0.99, 0.5, 1.0,
                        fg, NULL);
}

/* --- where the units start ------------------------------------------------ */

static gboolean
scenario_is_for_map (WbScenario *scenario,
                     WbMap      *map)
{
  const char *map_id = wb_scenario_get_map (scenario);

  return map_id == NULL || g_strcmp0 (map_id, wb_map_get_id (map)) == 0;
}

/* The set-up lines (WbSetup) of the scenario being drawn, or NULL when
 * there is none or it is played on another map. */
GPtrArray *
_wb_render_setup_for_map (Render *r,
                          WbMap  *map)
{
  WbScenario *scenario = r->options->scenario;

  if (scenario == NULL || !scenario_is_for_map (scenario, map))
    return NULL;

  return wb_scenario_get_setup (scenario);
}

/* Where @line puts its unit, or NULL when it names no place or only
 * applies under an option that is not chosen. */
WbPlace *
_wb_render_setup_place (WbSetup *line)
{
  if (line->at == NULL || line->at->len == 0 ||
      !wb_scenario_applies (line->option, line->unless, NULL))
    return NULL;

  return &g_array_index (line->at, WbPlace, 0);
}

