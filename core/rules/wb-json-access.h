/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Reading actions and rules parameters, which come from files (untrusted):
 * a member of another JSON type than asked for, or missing, gives
 * @fallback — never a critical warning. Integers accept whole doubles;
 * doubles accept integers. */
const char  *wb_json_string       (JsonObject *o, const char *member, const char *fallback);
gint64       wb_json_int          (JsonObject *o, const char *member, gint64 fallback);
double       wb_json_double       (JsonObject *o, const char *member, double fallback);
gboolean     wb_json_bool         (JsonObject *o, const char *member, gboolean fallback);
/* The element @i of @a as a string (NULL when it is not one) or an integer. */
const char  *wb_json_array_string (JsonArray *a, guint i);
gint64       wb_json_array_int    (JsonArray *a, guint i, gint64 fallback);

G_END_DECLS
