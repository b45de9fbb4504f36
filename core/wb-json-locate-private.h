/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Finds where the value at @path ("$.units[3].side") starts in the JSON
 * @text. When the path goes further than the text (a missing member), the
 * deepest value found is used. Lines and columns count from 1; columns
 * count characters (UTF-8 aware). Returns FALSE only if @text is not
 * walkable as JSON at all. */
gboolean wb_json_locate (const char *text,
                         gsize       len,
                         const char *path,
                         int        *line,
                         int        *column);

G_END_DECLS
