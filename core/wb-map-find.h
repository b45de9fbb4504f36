/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-map.h"

G_BEGIN_DECLS

/* The place @text names on @map, as a designer types it to go there: a
 * hex by its number ("0516"), a location by its id or its name, a hex by
 * its label ("Saunders Field") — names without regard to case or the
 * spaces around them. Its map point (a hex's centre, a location's point)
 * in @x, @y; FALSE when @map has no such place. */
gboolean wb_map_find_place (WbMap      *map,
                            const char *text,
                            double     *x,
                            double     *y);

G_END_DECLS
