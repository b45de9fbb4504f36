/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

/* Pixels and golden images for the render tests (render-common.c). */

typedef struct {
  int r, g, b;
} Pixel;

Pixel  get_pixel    (cairo_surface_t *surface, int x, int y);
/* Pixels darker than mid-grey in [x0, x1) × [y0, y1). */
int    count_dark   (cairo_surface_t *surface, int x0, int y0, int x1, int y1);
char  *golden_path  (const char *name);
/* Compares @actual with tests/golden/@name within anti-aliasing tolerance
 * (WB_UPDATE_GOLDEN=1 rewrites it); takes @actual. */
void   check_golden (cairo_surface_t *actual, const char *name);
