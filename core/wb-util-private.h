/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <string.h>
#include <glib.h>

G_BEGIN_DECLS

/* g_set_str() arrived in GLib 2.76; we target 2.74. */
static inline gboolean
wb_set_str (char **str_pointer, const char *new_str)
{
  char *copy;

  if (*str_pointer == new_str || g_strcmp0 (*str_pointer, new_str) == 0)
    return FALSE;
  copy = g_strdup (new_str);
  g_free (*str_pointer);
  *str_pointer = copy;
  return TRUE;
}

static inline const char *
wb_intern0 (const char *s)
{
  return s ? g_intern_string (s) : NULL;
}

G_END_DECLS
