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

/* An id made from a display name: "New town" gives "new-town"; @fallback
 * when nothing of the name is left (transfer full). */
static inline char *
wb_slug_from_name (const char *name, const char *fallback)
{
  g_autofree char *ascii = g_str_to_ascii (name != NULL ? name : "", NULL);
  GString *base = g_string_new (NULL);

  for (const char *p = ascii; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (base, g_ascii_tolower (*p));
      else if (base->len > 0 && base->str[base->len - 1] != '-')
        g_string_append_c (base, '-');
    }
  while (base->len > 0 && base->str[base->len - 1] == '-')
    g_string_truncate (base, base->len - 1);
  if (base->len == 0)
    g_string_assign (base, fallback);
  return g_string_free (base, FALSE);
}

G_END_DECLS
